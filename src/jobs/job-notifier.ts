// Announces a finished job once, with the action that matters: open its pull request.
import * as vscode from 'vscode';
import { pullRequestHosts } from '../editor/config';
import { pullRequestLink } from './pr-link';
import { titleOf, type TrackedJob } from './tracked-job';
import { commandIds } from '../platform/manifest-ids';

export async function announceFinishedJob(job: TrackedJob): Promise<void> {
  const title = `“${titleOf(job)}”`;
  const verdict = pullRequestLink(job.job, pullRequestHosts());
  switch (job.job.status) {
    case 'completed': {
      if (!verdict || 'refused' in verdict) {
        await vscode.window.showInformationMessage(
          verdict
            ? `Agent job ${title} completed, but its pull request link is refused: ${verdict.refused}. It is not opened.`
            : `Agent job ${title} completed: no files changed, so there is no pull request.`,
        );
        return;
      }
      const link = verdict.url;
      const open = 'Open Pull Request';
      if ((await vscode.window.showInformationMessage(`Agent job ${title} completed with a pull request.`, open)) === open) {
        await vscode.env.openExternal(vscode.Uri.parse(link, true));
      }
      return;
    }
    case 'failed': {
      const followUp = 'Send Follow-up';
      const picked = await vscode.window.showWarningMessage(`Agent job ${title} failed.`, followUp);
      if (picked === followUp) await vscode.commands.executeCommand(commandIds.sendFollowUp, job);
      return;
    }
    default:
      await vscode.window.showInformationMessage(`Agent job ${title} is now ${job.job.rawStatus}.`);
  }
}
