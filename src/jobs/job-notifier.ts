// Announces a finished job once, with the action that matters: open its pull request.
import * as vscode from 'vscode';
import { webLink } from './pr-link';
import { titleOf, type TrackedJob } from './tracked-job';

export async function announceFinishedJob(job: TrackedJob): Promise<void> {
  const title = `“${titleOf(job)}”`;
  const link = webLink(job.job.prLink);
  switch (job.job.status) {
    case 'completed': {
      if (!link) {
        await vscode.window.showInformationMessage(
          job.job.prLink
            ? `Agent job ${title} completed, but its pull request link is not a web address, so it is not offered.`
            : `Agent job ${title} completed: no files changed, so there is no pull request.`,
        );
        return;
      }
      const open = 'Open Pull Request';
      if ((await vscode.window.showInformationMessage(`Agent job ${title} completed with a pull request.`, open)) === open) {
        await vscode.env.openExternal(vscode.Uri.parse(link, true));
      }
      return;
    }
    case 'failed': {
      const followUp = 'Send Follow-up';
      const picked = await vscode.window.showWarningMessage(`Agent job ${title} failed.`, followUp);
      if (picked === followUp) await vscode.commands.executeCommand('docsAgent.sendFollowUp', job);
      return;
    }
    default:
      await vscode.window.showInformationMessage(`Agent job ${title} is now ${job.job.rawStatus}.`);
  }
}
