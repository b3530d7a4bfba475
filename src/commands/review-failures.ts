// How a review command that failed tells the writer: one sentence, with the actions that fit
// (retry, open a folder, copy the fetch command, the Git output, the Source Control view, Git's settings).
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { messageOf } from '../platform/checks';
import { fetchCommand } from '../review/fetch-command';
import { type ReviewAction, ReviewError } from '../review/review-errors';
import type { CommandDeps } from './deps';
import { showErrorText, showWarning } from '../editor/say';

const actionLabels: Record<ReviewAction, string> = {
  retry: 'Retry',
  openFolder: 'Open Folder…',
  copyFetchCommand: 'Copy Fetch Command',
  showGitOutput: 'Show Git Output',
  openSourceControl: 'Open Source Control',
  gitSettings: 'Open Git Settings',
};

async function offerFix(error: ReviewError, job: TrackedJob, retry: () => Promise<unknown>): Promise<void> {
  const picked = await showErrorText(error.message, ...error.actions.map((a) => actionLabels[a]));
  const action = error.actions.find((a) => actionLabels[a] === picked);
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
export function reportReviewFailure(
  deps: CommandDeps,
  error: unknown,
  job: TrackedJob,
  doing: string,
  retry: () => Promise<unknown>,
): void {
  if (error instanceof ReviewError) void offerFix(error, job, retry);
  else {
    deps.log.error(`${doing} failed: ${messageOf(error)}`);
    void showErrorText(`Could not ${doing.toLowerCase()}: ${messageOf(error)}`, 'Show Log').then((picked) => {
      if (picked) deps.log.show();
    });
  }
}
