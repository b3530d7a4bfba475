// Review Changes: the agent's change of a finished job, fetched into the clone of its
// repository and shown in the multi-file diff editor, from the tree, the finish notification
// or the palette.
import * as vscode from 'vscode';
import { titleOf, type TrackedJob } from '../jobs/tracked-job';
import { messageOf } from '../platform/checks';
import { commandIds } from '../platform/manifest-ids';
import { changeSourceOf } from '../review/change-ref';
import { showChanges } from '../review/changes-view';
import { GitUnavailableError, loadGitApi } from '../review/git-api';
import { fetchCommand, fetchJobChange, type JobChange } from '../review/job-change';
import { type ReviewAction, ReviewError } from '../review/review-errors';
import type { CommandDeps } from './deps';
import { resolveJobs } from './job-picker';

const actionLabels: Record<ReviewAction, string> = {
  retry: 'Retry',
  openFolder: 'Open Folder…',
  copyFetchCommand: 'Copy Fetch Command',
  showGitOutput: 'Show Git Output',
};

export function canReview(job: TrackedJob): boolean {
  return job.job.status === 'completed' && changeSourceOf(job.job) !== undefined;
}

async function offerFix(error: ReviewError, job: TrackedJob, retry: () => Promise<unknown>): Promise<void> {
  const picked = await vscode.window.showErrorMessage(error.message, ...error.actions.map((a) => actionLabels[a]));
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
      if (command) await vscode.env.clipboard.writeText(command);
      return;
    }
    case 'showGitOutput':
      await vscode.commands.executeCommand('git.showOutput');
      return;
    case undefined:
      return;
  }
}

/** Fetches and shows the job's change; every failure is one message with the action that helps. */
export async function reviewJob(deps: CommandDeps, job: TrackedJob): Promise<JobChange | undefined> {
  try {
    const api = await loadGitApi();
    const source = changeSourceOf(job.job);
    const change = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Fetching the ${source?.label ?? 'change'}…` },
      () => fetchJobChange(api, job),
    );
    if (!change.changes.length) {
      void vscode.window.showInformationMessage(`The ${change.source.label} changes no file compared with this clone.`);
      return change;
    }
    await showChanges(api, change, `Agent’s change: ${titleOf(job)} (${change.source.label})`);
    return change;
  } catch (error) {
    if (error instanceof ReviewError) void offerFix(error, job, () => reviewJob(deps, job));
    else if (error instanceof GitUnavailableError) void vscode.window.showErrorMessage(error.message);
    else {
      deps.log.error(`Review Changes failed: ${messageOf(error)}`);
      void vscode.window.showErrorMessage(`Could not show the change: ${messageOf(error)}`, 'Show Log').then((picked) => {
        if (picked) deps.log.show();
      });
    }
    return undefined;
  }
}

export function registerReviewCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(commandIds.reviewChanges, async (arg: unknown, selection: unknown) => {
      const [job] = await resolveJobs(deps, arg, selection, canReview);
      return job ? reviewJob(deps, job) : undefined;
    }),
  ];
}
