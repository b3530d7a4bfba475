// What the agent did after the writer's last review: its newest version against the one the review
// was about (only the new work), and each sent comment checked against that newest version.
// No vscode import (types only): unit tests run it on real repositories.
import { join } from 'node:path';
import { docsPagesFirst, type JobChange } from './change-fetch';
import type { GitRepository } from './git-api';
import type { ReviewThread, ThreadCheck } from './review-record';
import { ReviewError } from './review-errors';
import { threadStatus } from './review-status';

/** `change` (the job's change as fetched now) narrowed to what changed since the agent's commit `reviewed`. */
export async function changeSince(change: JobChange, reviewed: string): Promise<JobChange> {
  try {
    await change.repository.getCommit(reviewed);
  } catch {
    // The branch was rewritten and this clone never kept the old version.
    throw new ReviewError('The version you reviewed is no longer in this clone, so what changed since cannot be shown.', ['showGitOutput']);
  }
  const changes = reviewed === change.head ? [] : docsPagesFirst(await change.repository.diffBetween(reviewed, change.head));
  return { ...change, base: reviewed, changes };
}

async function fileAt(repository: GitRepository, commit: string, path: string): Promise<string | undefined> {
  try {
    return await repository.show(commit, join(repository.rootUri.fsPath, path));
  } catch {
    return undefined;
  }
}

/** Each sent thread not yet checked against `head`, with whether its lines changed there. */
export async function checkSentThreads(
  repository: GitRepository,
  head: string,
  threads: readonly ReviewThread[],
): Promise<Map<string, ThreadCheck>> {
  const checks = new Map<string, ThreadCheck>();
  const files = new Map<string, Promise<string | undefined>>();
  for (const thread of threads) {
    if (!thread.sentAt || thread.checked?.commit === head) continue;
    let file = files.get(thread.path);
    if (!file) files.set(thread.path, (file = fileAt(repository, head, thread.path)));
    checks.set(thread.id, { commit: head, status: threadStatus(thread, await file) });
  }
  return checks;
}

/** Where a thread is, as a writer reads it: "docs/guides/webhooks.mdx, line 5 of the old version". */
function placeOf(thread: ReviewThread): string {
  const lines = thread.from === thread.to ? `line ${thread.from}` : `lines ${thread.from}–${thread.to}`;
  return `${thread.path}, ${lines}${thread.side === 'before' ? ' of the old version' : ''}`;
}

/** How the review fared against `head`: how many sent comments the agent addressed, and where the open ones are. */
export function sinceSummary(threads: readonly ReviewThread[], head: string): string | undefined {
  const checked = threads.filter((t) => t.sentAt && !t.resolved && t.checked?.commit === head);
  if (!checked.length) return undefined;
  const open = checked.filter((t) => t.checked?.status === 'open');
  const places = open.slice(0, 3).map(placeOf);
  const where = `${places.join('; ')}${open.length > places.length ? ` and ${open.length - places.length} more` : ''}`;
  if (checked.length === 1) return open.length ? `Your comment is still open: ${where}.` : 'The agent addressed your comment.';
  if (!open.length) return `The agent addressed all ${checked.length} of your comments.`;
  return `The agent addressed ${checked.length - open.length} of your ${checked.length} comments. Still open: ${where}.`;
}
