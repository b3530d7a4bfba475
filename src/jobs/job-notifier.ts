// Announces a finished job once, with the actions that matter: review its change in the
// editor, open its pull request, or (pushed straight to a branch) see what arrived.
import * as vscode from 'vscode';
import { pullRequestHosts } from '../editor/config';
import { pullRequestLink } from './pr-link';
import { titleOf, type TrackedJob } from './tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { showErrorText, showInfo } from '../editor/say';

export async function announceFinishedJob(job: TrackedJob): Promise<void> {
  const title = `“${titleOf(job)}”`;
  const verdict = pullRequestLink(job.job, pullRequestHosts());
  switch (job.job.status) {
    case 'completed': {
      if (!verdict || 'refused' in verdict) {
        // With the platform's push-to-branch setting the agent commits straight to the branch:
        // no pull request does not mean no change.
        const incoming = 'Show Incoming Changes';
        const picked = await showInfo(
          verdict
            ? `Agent job ${title} completed, but its pull request link is refused: ${verdict.refused}. It is not opened.`
            : `Agent job ${title} completed, no pull request.`,
          ...(job.job.ref ? [incoming] : []),
        );
        if (picked === incoming) await vscode.commands.executeCommand(commandIds.reviewChanges, job);
        return;
      }
      const link = verdict.url;
      const [review, preview, open] = ['Review Changes', 'Preview', 'Open Pull Request'];
      const picked = await showInfo(`Agent job ${title} completed with a pull request.`, review, preview, open);
      if (picked === review) await vscode.commands.executeCommand(commandIds.reviewChanges, job);
      if (picked === preview) await vscode.commands.executeCommand(commandIds.previewChange, job);
      if (picked === open) await vscode.env.openExternal(vscode.Uri.parse(link, true));
      return;
    }
    case 'failed': {
      const followUp = 'Send Follow-up';
      // An error, as the tree's icon for a failed job is.
      const picked = await showErrorText(`Agent job ${title} failed.`, followUp);
      if (picked === followUp) await vscode.commands.executeCommand(commandIds.sendFollowUp, job);
      return;
    }
    default:
      await showInfo(`Agent job ${title} is now ${job.job.rawStatus}.`);
  }
}
