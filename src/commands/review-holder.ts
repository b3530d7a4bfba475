// What activation keeps of the review of an agent's change: the list of changes shown (the diff's
// menu reads it), the review's command ids, and the store's pruning. The comments, the hunk marks
// and jsdiff load the first time a change is shown, a review command runs, or the store holds a
// thread (drawn at once, as the Comments view lists every thread).
import * as vscode from 'vscode';
import { LazyPart } from '../platform/lazy-part';
import type { ReviewStore } from '../review/review-store';
import { ShownChanges } from '../review/shown-changes';
import type { AfterFollowUp } from './compose-commands';
import type { CommandDeps } from './deps';
import { reviewCommentCommandIds } from './later-command-ids';
import { registerOnFirstUse } from './on-first-use';

/** Review threads are kept as long as a composer draft: a month untouched. */
const keptDays = 30;

export function createReviewComments(
  deps: CommandDeps,
  reviews: ReviewStore,
): { disposables: vscode.Disposable[]; afterFollowUp: AfterFollowUp; shown: ShownChanges } {
  // Ready before a shown change's documents open, so each can be commented on as it opens.
  const shown = new ShownChanges(async () => void (await review.get()));
  const review = new LazyPart(async () => (await import('./review-comment-commands')).loadedReview(deps, reviews, shown));
  const drawStored = (): void => void (reviews.all().some((r) => r.threads.length) && review.get());
  // Pruned first: a window whose only threads are a month old loads nothing to draw them.
  void reviews.ready.then(() => reviews.pruneUntouchedSince(new Date(Date.now() - keptDays * 86_400_000))).finally(drawStored);
  // Only a sent review draft has threads to mark sent: any other follow-up loads nothing.
  const afterFollowUp: AfterFollowUp = async (draft, job) => {
    if (reviews.get(job)?.pending?.draft === draft.toString()) await (await review.get()).afterFollowUp(draft, job);
  };
  const disposables = [
    shown,
    review,
    reviews.onDidChange(drawStored),
    ...registerOnFirstUse(reviewCommentCommandIds, async () => (await review.get()).commands),
  ];
  return { disposables, afterFollowUp, shown };
}
