// Announces a finished job once, with the actions that matter: review its change in the
// editor (only what changed since, after the writer sent a review), open its pull request, or
// (pushed straight to a branch) see what arrived.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { pullRequestHosts } from '../editor/config';
import { pullRequestLink } from './pr-link';
import { titleOf, type TrackedJob } from './tracked-job';
import { commandIds } from '../platform/manifest-ids';
import { showErrorText, showInfo } from '../editor/say';

/** `reviewed`: the writer sent this job a review, so what they want next is the agent's new work. */
export async function announceFinishedJob(job: TrackedJob, reviewed = false): Promise<void> {
  const title = titleOf(job);
  // A job an AI agent asked for says which, after the sentence of its finish.
  const by = job.startedBy ? ` ${l10n.t('An AI agent started it: {0}.', job.startedBy)}` : '';
  const since = l10n.t('Review What Changed Since Your Review');
  const verdict = pullRequestLink(job.job, pullRequestHosts());
  switch (job.job.status) {
    case 'completed': {
      if (!verdict || 'refused' in verdict) {
        // With the platform's push-to-branch setting the agent commits straight to the branch:
        // no pull request does not mean no change.
        const incoming = reviewed ? since : l10n.t('Show Incoming Changes');
        const picked = await showInfo(
          (verdict
            ? l10n.t('Agent job “{0}” completed, but its pull request link is refused: {1}. It is not opened.', title, verdict.refused)
            : l10n.t('Agent job “{0}” completed, no pull request.', title)) + by,
          ...(job.job.ref ? [incoming] : []),
        );
        if (picked === incoming)
          await vscode.commands.executeCommand(reviewed ? commandIds.reviewSinceReview : commandIds.reviewChanges, job);
        return;
      }
      const link = verdict.url;
      const review = reviewed ? since : l10n.t('Review Changes');
      const preview = l10n.t({ message: 'Preview', args: [], comment: ['Button: shows a preview deployment of the job’s change'] });
      const open = l10n.t('Open Pull Request');
      const picked = await showInfo(l10n.t('Agent job “{0}” completed with a pull request.', title) + by, review, preview, open);
      if (picked === review) await vscode.commands.executeCommand(reviewed ? commandIds.reviewSinceReview : commandIds.reviewChanges, job);
      if (picked === preview) await vscode.commands.executeCommand(commandIds.previewChange, job);
      if (picked === open) await vscode.env.openExternal(vscode.Uri.parse(link, true));
      return;
    }
    case 'failed': {
      const followUp = l10n.t('Send Follow-up');
      // An error, as the tree's icon for a failed job is.
      const picked = await showErrorText(l10n.t('Agent job “{0}” failed.', title) + by, followUp);
      if (picked === followUp) await vscode.commands.executeCommand(commandIds.sendFollowUp, job);
      return;
    }
    case 'archived':
      await showInfo(l10n.t('Agent job “{0}” is now archived.', title) + by);
      return;
    default:
      // The status as the service sent it (only finished jobs are announced, so rarely seen).
      await showInfo(l10n.t('Agent job “{0}” is now {1}.', title, job.job.rawStatus) + by);
  }
}
