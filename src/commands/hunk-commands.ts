// Apply This Change and Unapply This Change: one hunk of the agent's change, the one at the
// cursor (the key, the editor's menu, the diff's title menu) or at a line number (its menu), into
// or out of the working file. Where the writer changed the hunk's lines, nothing is forced: a
// sentence says so and opens both versions side by side.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { commandIds } from '../platform/manifest-ids';
import type { HunkAt } from '../review/change-hunks';
import { loadGitApi } from '../review/git-api';
import { appliedSummary } from '../review/change-counts-text';
import type { HunkMarks } from '../review/hunk-marks';
import type { ShownChange } from '../review/shown-changes';
import { withTaken } from '../jobs/job-history';
import { jobKeyOf } from '../jobs/tracked-job';
import { ChangedSinceRead, writeHunk } from '../review/hunk-write';
import { withoutIcons } from '../platform/inert-text';
import type { CommandDeps } from './deps';
import type { HunkCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { reportReviewFailure } from './review-failures';
import { showInfo, showWarning } from '../editor/say';

/** `toggle`: whichever the hunk at the cursor needs (the one key does both). */
type Want = 'apply' | 'unapply' | 'toggle';

/** The agent's version of the file beside the writer's, for a hunk that cannot be applied as it is. */
async function openBothVersions(marks: HunkMarks, uri: vscode.Uri, at: HunkAt): Promise<void> {
  const shown = marks.changeOf(uri);
  if (!shown) return;
  const agents = (await loadGitApi()).toGitUri(at.uri, shown.change.head);
  await vscode.commands.executeCommand('vscode.diff', agents, at.uri, l10n.t('{0}: the agent’s version ↔ yours', at.path));
}

async function refuse(marks: HunkMarks, uri: vscode.Uri, at: HunkAt, want: Exclude<Want, 'toggle'>): Promise<void> {
  if (at.reading.state === 'changedByYou') {
    const open = l10n.t('Open Both Versions');
    const said = at.reading.muchChanged
      ? l10n.t(
          'You changed this part of {0} a lot, so this change was not matched line by line and nothing was written. Compare both versions and copy what you want.',
          at.path,
        )
      : want === 'apply'
        ? l10n.t(
            'You changed the lines of {0} that this change replaces, so it was not applied. Compare both versions and copy what you want.',
            at.path,
          )
        : l10n.t(
            'You changed the lines this change wrote in {0}, so it was not unapplied. Compare both versions and copy what you want.',
            at.path,
          );
    if ((await showWarning(said, open)) === open) await openBothVersions(marks, uri, at);
    return;
  }
  void showInfo(
    at.reading.state === 'applied' ? l10n.t('This change is already in {0}.', at.path) : l10n.t('This change is not in {0}.', at.path),
  );
}

/** Told of each hunk applied: applying a change marks it reviewed too. */
export type OnApplied = (shown: ShownChange, at: HunkAt) => Promise<void>;

async function toggleHunk(
  deps: CommandDeps,
  marks: HunkMarks,
  want: Want,
  arg: unknown,
  onApplied: OnApplied,
  tries = 2,
): Promise<HunkAt | undefined> {
  const target = await marks.targetOf(arg);
  if (!target?.at) {
    void showInfo(l10n.t('Put the cursor in one of the agent’s changes in its diff (Review Job’s Changes), then try again.'));
    return undefined;
  }
  const { uri, at } = target;
  const does = want === 'toggle' ? (at.reading.state === 'applied' ? 'unapply' : 'apply') : want;
  if (at.reading.state !== (does === 'apply' ? 'notApplied' : 'applied') || !at.write) {
    await refuse(marks, uri, at, does);
    return undefined;
  }
  const shown = marks.changeOf(uri);
  if (!shown) return undefined;
  try {
    await writeHunk(at.write, shown.change.repository.rootUri.fsPath, at.path);
    if (does === 'apply') await onApplied(shown, at);
    await marks.refresh();
    const done = does === 'apply' ? l10n.t('Applied this change to {0}.', at.path) : l10n.t('Unapplied this change from {0}.', at.path);
    const counts = await marks.countsOf(shown);
    // The path is the agent's: shown as written, never as an icon.
    vscode.window.setStatusBarMessage(withoutIcons(`${done} ${appliedSummary(counts)}.`), 8000);
    // The job's record says it too.
    await deps.tracker.noteInHistory(jobKeyOf(shown.job), (history) =>
      withTaken(history, { kind: 'taken', at: new Date().toISOString(), ...counts }),
    );
    return at;
  } catch (error) {
    // The writer typed between the reading and the write: read the file again, once.
    if (error instanceof ChangedSinceRead && tries > 1) return toggleHunk(deps, marks, want, arg, onApplied, tries - 1);
    reportReviewFailure(deps, error, shown.job, does === 'apply' ? 'applyHunk' : 'unapplyHunk', () =>
      toggleHunk(deps, marks, want, arg, onApplied),
    );
    return undefined;
  }
}

export function hunkCommands(deps: CommandDeps, marks: HunkMarks, onApplied: OnApplied): CommandHandlers<HunkCommandId> {
  return {
    [commandIds.applyHunk]: (arg: unknown) => toggleHunk(deps, marks, 'apply', arg, onApplied),
    [commandIds.unapplyHunk]: (arg: unknown) => toggleHunk(deps, marks, 'unapply', arg, onApplied),
    [commandIds.toggleHunk]: (arg: unknown) => toggleHunk(deps, marks, 'toggle', arg, onApplied),
  };
}
