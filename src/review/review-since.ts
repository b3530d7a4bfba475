// What the agent did after the writer's last review: its newest version against the one the review
// was about (only the new work), and each sent comment checked against the agent's work since.
// No vscode import (types only): unit tests run it on real repositories.
import * as l10n from '@vscode/l10n';
import { count } from '../platform/words';
import { docsPagesFirst, type JobChange } from './change-fetch';
import { fileHunks, type HunkReader } from './file-hunks';
import type { Hunk } from './hunks';
import type { ReviewThread, ThreadCheck } from './review-record';
import { ReviewError } from './review-errors';
import { threadStatus } from './review-status';

/** `change` (the job's change as fetched now) narrowed to what changed since the agent's commit `reviewed`. */
export async function changeSince(change: JobChange, reviewed: string): Promise<JobChange> {
  try {
    await change.repository.getCommit(reviewed);
  } catch {
    // The branch was rewritten and this clone never kept the old version.
    throw new ReviewError(l10n.t('The version you reviewed is no longer in this clone, so what changed since cannot be shown.'), [
      'showGitOutput',
    ]);
  }
  const changes = reviewed === change.head ? [] : docsPagesFirst(await change.repository.diffBetween(reviewed, change.head));
  return { ...change, base: reviewed, changes };
}

/**
 * Each sent thread not yet checked against `head`, with whether the agent's work after the
 * version the thread was sent on (its `head`) changed the thread's place.
 */
export async function checkSentThreads(
  repository: HunkReader,
  head: string,
  threads: readonly ReviewThread[],
): Promise<Map<string, ThreadCheck>> {
  const checks = new Map<string, ThreadCheck>();
  const read = new Map<string, Promise<Hunk[]>>();
  const hunks = (from: string, to: string, path: string): Promise<Hunk[]> => {
    if (from === to) return Promise.resolve([]);
    const key = JSON.stringify([from, to, path]);
    let found = read.get(key);
    if (!found) read.set(key, (found = fileHunks(repository, from, to, path)));
    return found;
  };
  for (const thread of threads) {
    if (!thread.sentAt || thread.checked?.commit === head) continue;
    try {
      // On the agent's side the thread's lines are those of its `head`; the old side's are of the commit compared against.
      const since = await hunks(thread.head, head, thread.path);
      const reviewed = thread.side === 'before' && since.length ? await hunks(thread.commit, thread.head, thread.path) : [];
      checks.set(thread.id, { commit: head, status: threadStatus(thread, { reviewed, since }) });
    } catch {
      // git could not compare this file's versions: the thread stays "sent", and the new work is still shown.
    }
  }
  return checks;
}

/**
 * Where a thread is, as a writer reads it: "docs/guides/webhooks.mdx, line 5 of the old version".
 * Line numbers are places, written as the editor writes them (no digit grouping).
 */
function placeOf(thread: ReviewThread): string {
  const [path, from, to] = [thread.path, String(thread.from), String(thread.to)];
  if (thread.side === 'before') {
    return from === to
      ? l10n.t('{0}, line {1} of the old version', path, from)
      : l10n.t('{0}, lines {1}–{2} of the old version', path, from, to);
  }
  return from === to ? l10n.t('{0}, line {1}', path, from) : l10n.t('{0}, lines {1}–{2}', path, from, to);
}

/** Shown by place in the summary; the rest are counted. */
const placesShown = 3;

/** The open threads' places: "a; b; c and 2 more" (a place holds a comma, so places are parted by semicolons). */
function wherePlaces(open: readonly ReviewThread[]): string {
  const places = open.slice(0, placesShown).map(placeOf).join('; ');
  const more = open.length - placesShown;
  return more > 0 ? l10n.t('{0} and {1} more', places, count(more)) : places;
}

/** How the review fared against `head`: how many sent comments the agent addressed, and where the open ones are. */
export function sinceSummary(threads: readonly ReviewThread[], head: string): string | undefined {
  const checked = threads.filter((t) => t.sentAt && !t.resolved && t.checked?.commit === head);
  if (!checked.length) return undefined;
  const open = checked.filter((t) => t.checked?.status === 'open');
  const where = wherePlaces(open);
  if (checked.length === 1)
    return open.length ? l10n.t('Your comment is still open: {0}.', where) : l10n.t('The agent addressed your comment.');
  if (!open.length) return l10n.t('The agent addressed all {0} of your comments.', count(checked.length));
  return l10n.t(
    'The agent addressed {0} of your {1} comments. Still open: {2}.',
    count(checked.length - open.length),
    count(checked.length),
    where,
  );
}
