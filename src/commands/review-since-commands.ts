// Review What Changed Since Your Review: the agent's new work after the writer's last review (its
// newest version against the one reviewed, so only what is new), each sent comment marked
// addressed or still open on the way. From the finish notification, the job's menu and the palette.
import * as l10n from '@vscode/l10n';
import { jobKeyOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import type { ReviewStore } from '../review/review-store';
import { changeSince, checkSentThreads, sinceSummary } from '../review/review-since';
import type { ShownChanges } from '../review/shown-changes';
import { showInfo } from '../editor/say';
import type { CommandDeps } from './deps';
import { canReview, fetchWithProgress } from './fetch-change';
import { resolveJobs } from './job-picker';
import type { CommandHandlers } from './on-first-use';
import { askedFromHere } from '../review/changes-view';
import { presentChange } from './review-commands';
import { reportReviewFailure } from './review-failures';

export type ReviewSinceCommandId = typeof commandIds.reviewSinceReview;

/** The agent's commit the writer's last review was about, if one was sent. */
export const lastReviewed = (reviews: ReviewStore, job: TrackedJob): string | undefined => reviews.get(jobKeyOf(job))?.sent.at(-1)?.commit;

async function reviewSince(deps: CommandDeps, reviews: ReviewStore, shown: ShownChanges, job: TrackedJob): Promise<void> {
  const reviewed = lastReviewed(reviews, job);
  if (!reviewed) {
    void showInfo(
      l10n.t('You have not sent this job a review yet: comment on its lines in Review Job’s Changes, then Send Review to the Agent.'),
    );
    return;
  }
  const asked = askedFromHere();
  try {
    const { api, change } = await fetchWithProgress(job);
    const since = await changeSince(change, reviewed);
    if (!since.changes.length) {
      void showInfo(l10n.t('The agent has not changed anything since your review.'));
      return;
    }
    const key = jobKeyOf(job);
    const checks = await checkSentThreads(change.repository, change.head, reviews.get(key)?.threads ?? []);
    if (checks.size) {
      await reviews.change(key, (review) => ({
        ...review,
        threads: review.threads.map((t) => ({ ...t, checked: checks.get(t.id) ?? t.checked })),
      }));
    }
    const title = l10n.t('Changed since your review: {0}', titleOf(job));
    await presentChange(deps, shown, api, { job, change: since, title }, asked);
    const summary = sinceSummary(reviews.get(key)?.threads ?? [], change.head);
    if (summary) void showInfo(summary);
  } catch (error) {
    reportReviewFailure(deps, error, job, 'showWhatChanged', () => reviewSince(deps, reviews, shown, job));
  }
}

export function reviewSinceCommands(deps: CommandDeps, reviews: ReviewStore, shown: ShownChanges): CommandHandlers<ReviewSinceCommandId> {
  return {
    [commandIds.reviewSinceReview]: async (arg: unknown, selection: unknown) => {
      const [job] = await resolveJobs(deps, arg, selection, (j) => canReview(j) && lastReviewed(reviews, j) !== undefined);
      if (job) await reviewSince(deps, reviews, shown, job);
    },
  };
}
