// Announces a finished job once, with the actions that matter: review its change in the
// editor (only what changed since, after the writer sent a review), open its pull request, or
// (pushed straight to a branch) see what arrived.
import * as vscode from 'vscode';
import { pullRequestHosts } from '../editor/config';
import { pullRequestLink } from './pr-link';
import { titleOf, type TrackedJob } from './tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { showErrorText, showInfo } from '../editor/say';

/** `reviewed`: the writer sent this job a review, so what they want next is the agent's new work. */
export async function announceFinishedJob(job: TrackedJob, reviewed = false): Promise<void> {
  const title = `“${titleOf(job)}”`;
  const since = 'Review What Changed Since Your Review';
  const verdict = pullRequestLink(job.job, pullRequestHosts());
  switch (job.job.status) {
    case 'completed': {
      if (!verdict || 'refused' in verdict) {
        // With the platform's push-to-branch setting the agent commits straight to the branch:
        // no pull request does not mean no change.
        const incoming = reviewed ? since : 'Show Incoming Changes';
        const picked = await showInfo(
          verdict
            ? `Agent job ${title} completed, but its pull request link is refused: ${verdict.refused}. It is not opened.`
            : `Agent job ${title} completed, no pull request.`,
          ...(job.job.ref ? [incoming] : []),
        );
        if (picked === incoming)
          await vscode.commands.executeCommand(reviewed ? commandIds.reviewSinceReview : commandIds.reviewChanges, job);
        return;
      }
      const link = verdict.url;
      const [review, preview, open] = [reviewed ? since : 'Review Changes', 'Preview', 'Open Pull Request'];
      const picked = await showInfo(`Agent job ${title} completed with a pull request.`, review, preview, open);
      if (picked === review) await vscode.commands.executeCommand(reviewed ? commandIds.reviewSinceReview : commandIds.reviewChanges, job);
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
