// Review Changes: the agent's change of a finished job, fetched into the clone of its
// repository and shown in the multi-file diff editor, from the tree, the finish notification
// or the palette; and what a writer does next from there (Check Out, Apply File).
import * as vscode from 'vscode';
import { titleOf, type TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { showChanges } from '../review/changes-view';
import type { JobChange } from '../review/job-change';
import { ShownChanges } from '../review/shown-changes';
import { applyFileCommand, checkOutCommand } from './change-commands';
import type { CommandDeps } from './deps';
import { canReview, fetchWithProgress } from './fetch-change';
import { resolveJobs } from './job-picker';
import { reportReviewFailure } from './review-failures';

/** Fetches and shows the job's change; every failure is one message with the action that helps. */
export async function reviewJob(deps: CommandDeps, shown: ShownChanges, job: TrackedJob): Promise<JobChange | undefined> {
  try {
    const { api, change } = await fetchWithProgress(job);
    if (!change.changes.length) {
      void vscode.window.showInformationMessage(`The ${change.source.label} changes no file compared with this clone.`);
      return change;
    }
    const title = `Agent’s change: ${titleOf(job)} (${change.source.label})`;
    shown.add({ job, change, title });
    await showChanges(api, change, title);
    return change;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'Show the change', () => reviewJob(deps, shown, job));
    return undefined;
  }
}

export function registerReviewCommands(deps: CommandDeps): vscode.Disposable[] {
  const shown = new ShownChanges();
  return [
    shown,
    vscode.commands.registerCommand(commandIds.reviewChanges, async (arg: unknown, selection: unknown) => {
      const [job] = await resolveJobs(deps, arg, selection, canReview);
      return job ? reviewJob(deps, shown, job) : undefined;
    }),
    vscode.commands.registerCommand(commandIds.checkOutChange, checkOutCommand(deps, shown)),
    vscode.commands.registerCommand(commandIds.applyChangeFile, applyFileCommand(deps, shown)),
  ];
}
