// Reviewed, change by change: the writer marks one of the agent's changes Reviewed (its key, the
// same menus as Apply; applying marks it too) and moves to the next or previous change not
// reviewed, across every file of the job's change, wrapping, opening the file's diff where it is.
// Kept per job in the review store, so every window and reload sees it; a change is known by its
// file and text (review/change-keys.ts), so one the agent's next version leaves alone stays
// reviewed and one it rewrote is new again.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showInfo } from '../editor/say';
import { reviewedLabel } from '../jobs/job-record-entries';
import { jobKeyOf } from '../jobs/tracked-job';
import { withoutIcons } from '../platform/inert-text';
import { commandIds } from '../platform/manifest-ids';
import { count } from '../platform/words';
import type { HunkAt } from '../review/change-hunks';
import { withReviewed } from '../review/change-keys';
import { changedFileOf } from '../review/changed-file';
import { fileDiffTitle, showFileDiff } from '../review/changes-list';
import { loadGitApi } from '../review/git-api';
import type { HunkMarks } from '../review/hunk-marks';
import type { ReviewStore } from '../review/review-store';
import type { ShownChange } from '../review/shown-changes';
import type { ReviewedCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';

/** Marks the hunks reviewed (or not) for every window. */
export async function markReviewed(reviews: ReviewStore, shown: ShownChange, hunks: readonly HunkAt[], reviewed: boolean): Promise<void> {
  const keys = hunks.map((h) => h.key);
  await reviews.change(jobKeyOf(shown.job), (review) => withReviewed(review, keys, reviewed, new Date().toISOString()));
}

const putCursorIn = (): string =>
  l10n.t('Put the cursor in one of the agent’s changes in its diff (Review Job’s Changes), then try again.');

async function mark(
  reviews: ReviewStore,
  marks: HunkMarks,
  want: 'reviewed' | 'notReviewed' | 'toggle',
  arg: unknown,
): Promise<HunkAt | undefined> {
  const target = await marks.targetOf(arg);
  const shown = target && marks.changeOf(target.uri);
  if (!target?.at || !shown) {
    void showInfo(putCursorIn());
    return undefined;
  }
  const reviewed = want === 'toggle' ? !marks.isReviewed(shown, target.at) : want === 'reviewed';
  await markReviewed(reviews, shown, [target.at], reviewed);
  await marks.refresh();
  const counts = await marks.countsOf(shown);
  const done = reviewed
    ? l10n.t('Marked this change to {0} as reviewed.', target.at.path)
    : l10n.t('Marked this change to {0} as not reviewed.', target.at.path);
  // The path is the agent's: shown as written, never as an icon.
  vscode.window.setStatusBarMessage(withoutIcons(`${done} ${reviewedLabel(counts)}.`), 8000);
  return target.at;
}

/** The line of the agent's side (0-based) a hunk starts at: its first line, or the one before a removal (git numbers both so). */
const agentLineOf = (at: HunkAt): number => Math.max(at.hunk.newStart - 1, 0);

/** The index in `all` to search from, moving `step`: the hunk under the cursor, or the place between two. */
async function startOf(marks: HunkMarks, shown: ShownChange, all: readonly HunkAt[], step: 1 | -1): Promise<number> {
  const editor = vscode.window.activeTextEditor;
  const place = editor && marks.placeOf(editor.document.uri);
  if (!editor || place?.shown !== shown) return step === 1 ? -1 : all.length;
  const at = await marks.atCursor();
  const here = at ? all.findIndex((h) => h.path === at.path && h.index === at.index) : -1;
  if (here >= 0) return here;
  // Between hunks: those of earlier files, then this file's above the cursor, come before.
  const line = editor.selection.active.line;
  const before = all.filter((h) => h.path < place.path || (h.path === place.path && agentLineOf(h) < line)).length;
  return step === 1 ? before - 1 : before;
}

/**
 * Shows the hunk: in the editor already showing its file's agent side, else in its file's diff;
 * a page the agent added or deleted, which has no diff to show, as its one version.
 */
async function reveal(shown: ShownChange, at: HunkAt): Promise<void> {
  const line = agentLineOf(at);
  const range = new vscode.Range(line, 0, line, 0);
  const editor = vscode.window.activeTextEditor;
  const api = await loadGitApi();
  const file = shown.change.changes.find((c) => changedFileOf(c).toString() === at.uri.toString());
  if (editor && editor.document.uri.toString() === api.toGitUri(at.uri, shown.change.head).toString()) {
    editor.selection = new vscode.Selection(range.start, range.start);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return;
  }
  if (!file) return;
  if (at.whole === 'added' || at.whole === 'deleted') {
    const side = at.whole === 'added' ? api.toGitUri(at.uri, shown.change.head) : api.toGitUri(file.originalUri, shown.change.base);
    await vscode.window.showTextDocument(side, { selection: range, preview: true });
    return;
  }
  await showFileDiff(api, shown.change, file, fileDiffTitle(at.path, shown.title), range);
}

async function goToUnreviewed(marks: HunkMarks, step: 1 | -1): Promise<HunkAt | undefined> {
  const editor = vscode.window.activeTextEditor;
  const shown = (editor && marks.changeOf(editor.document.uri)) ?? marks.activeChange();
  if (!shown) {
    void showInfo(l10n.t('Open a job’s change with Review Job’s Changes first.'));
    return undefined;
  }
  const all = (await marks.hunksOf(shown).readAll()).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.index - b.index));
  const keys = marks.reviewedKeys(shown);
  const left = all.filter((h) => !keys.has(h.key));
  if (!left.length) {
    void showInfo(l10n.t('You have reviewed every change of this job ({0}).', reviewedLabel({ reviewed: all.length, total: all.length })));
    return undefined;
  }
  const start = await startOf(marks, shown, all, step);
  const order = Array.from({ length: all.length }, (_, k) => (((start + step * (k + 1)) % all.length) + all.length) % all.length);
  const target = order.map((i) => all[i]).find((h): h is HunkAt => h !== undefined && !keys.has(h.key));
  if (!target) return undefined;
  await reveal(shown, target);
  const position = left.indexOf(target) + 1;
  vscode.window.setStatusBarMessage(
    withoutIcons(l10n.t('Change not reviewed {0} of {1}, in {2}.', count(position), count(left.length), target.path)),
    8000,
  );
  return target;
}

export function reviewedCommands(reviews: ReviewStore, marks: HunkMarks): CommandHandlers<ReviewedCommandId> {
  return {
    [commandIds.markHunkReviewed]: (arg: unknown) => mark(reviews, marks, 'reviewed', arg),
    [commandIds.markHunkNotReviewed]: (arg: unknown) => mark(reviews, marks, 'notReviewed', arg),
    [commandIds.toggleHunkReviewed]: (arg: unknown) => mark(reviews, marks, 'toggle', arg),
    [commandIds.nextUnreviewedHunk]: () => goToUnreviewed(marks, 1),
    [commandIds.previousUnreviewedHunk]: () => goToUnreviewed(marks, -1),
  };
}
