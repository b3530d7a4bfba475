// How a review command that failed tells the writer: one sentence, with the actions that fit
// (retry, open a folder, copy the fetch command, the Git output, the Source Control view, Git's settings).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { messageOf } from '../platform/checks';
import { fetchCommand } from '../review/fetch-command';
import { type ReviewAction, ReviewError } from '../review/review-errors';
import type { CommandDeps } from './deps';
import { showErrorText, showWarning } from '../editor/say';

/** What a review command was doing when it failed. */
export type Doing =
  | 'switchBranches'
  | 'checkOut'
  | 'undoApply'
  | 'applyFile'
  | 'applyHunk'
  | 'unapplyHunk'
  | 'findPreviewBranch'
  | 'showChange'
  | 'showReadersAroundMerge'
  | 'showWhatChanged';

// For the log, which stays English.
const logged: Record<Doing, string> = {
  switchBranches: 'Switch branches',
  checkOut: 'Check out the change',
  undoApply: 'Undo the applied file',
  applyFile: 'Apply the file',
  applyHunk: 'Apply one change',
  unapplyHunk: 'Unapply one change',
  findPreviewBranch: 'Find the branch to preview',
  showChange: 'Show the change',
  showReadersAroundMerge: 'Show readers around the merge',
  showWhatChanged: 'Show what changed',
};

/** The sentence the writer reads: what could not be done, and why. */
function couldNot(doing: Doing, why: string): string {
  switch (doing) {
    case 'switchBranches':
      return l10n.t('Could not switch branches: {0}', why);
    case 'checkOut':
      return l10n.t('Could not check out the change: {0}', why);
    case 'undoApply':
      return l10n.t('Could not undo the applied file: {0}', why);
    case 'applyFile':
      return l10n.t('Could not apply the file: {0}', why);
    case 'applyHunk':
      return l10n.t('Could not apply this change: {0}', why);
    case 'unapplyHunk':
      return l10n.t('Could not unapply this change: {0}', why);
    case 'findPreviewBranch':
      return l10n.t('Could not find the branch to preview: {0}', why);
    case 'showChange':
      return l10n.t('Could not show the change: {0}', why);
    case 'showReadersAroundMerge':
      return l10n.t('Could not show readers around the merge: {0}', why);
    case 'showWhatChanged':
      return l10n.t('Could not show what changed: {0}', why);
  }
}

function actionLabels(): Record<ReviewAction, string> {
  return {
    retry: l10n.t('Retry'),
    openFolder: l10n.t('Open Folder…'),
    copyFetchCommand: l10n.t('Copy Fetch Command'),
    showGitOutput: l10n.t('Show Git Output'),
    openSourceControl: l10n.t('Open Source Control'),
    gitSettings: l10n.t('Open Git Settings'),
  };
}

async function offerFix(error: ReviewError, job: TrackedJob, retry: () => Promise<unknown>): Promise<void> {
  const labels = actionLabels();
  const picked = await showErrorText(error.message, ...error.actions.map((a) => labels[a]));
  const action = error.actions.find((a) => labels[a] === picked);
  switch (action) {
    case 'retry':
      await retry();
      return;
    case 'openFolder':
      await vscode.commands.executeCommand('workbench.action.files.openFolder');
      return;
    case 'copyFetchCommand': {
      const command = fetchCommand(job);
      if (command && 'text' in command) await vscode.env.clipboard.writeText(command.text);
      else if (command) void showWarning(command.refusal);
      return;
    }
    case 'showGitOutput':
      await vscode.commands.executeCommand('git.showOutput');
      return;
    case 'openSourceControl':
      await vscode.commands.executeCommand('workbench.view.scm');
      return;
    case 'gitSettings':
      await vscode.commands.executeCommand('workbench.action.openSettings', 'git.enabled');
      return;
    case undefined:
      return;
  }
}

/** Tells the writer why `doing` failed; expected failures without a stack, others logged. */
export function reportReviewFailure(deps: CommandDeps, error: unknown, job: TrackedJob, doing: Doing, retry: () => Promise<unknown>): void {
  if (error instanceof ReviewError) void offerFix(error, job, retry);
  else {
    deps.log.error(`${logged[doing]} failed: ${messageOf(error)}`);
    void showErrorText(couldNot(doing, messageOf(error)), l10n.t('Show Log')).then((picked) => {
      if (picked) deps.log.show();
    });
  }
}
