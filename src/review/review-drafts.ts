// What sending a review does to the stored threads: the draft threads become one follow-up's
// notes, the composer's draft holding them is noted (so a reload before Send loses nothing), and
// once that draft is sent its threads are marked sent (kept, not deleted) and the review recorded.
// No vscode import: unit tests run it.
import * as l10n from '@vscode/l10n';
import { count } from '../platform/words';
import type { JobReview, ReviewThread } from './review-record';
import type { ReviewStore } from './review-store';
import type { ReviewNote } from './review-text';

export const draftThreads = (review: JobReview | undefined): ReviewThread[] => review?.threads.filter((t) => !t.sentAt) ?? [];

/** A thread as a note of the follow-up: its comments, in order, are the remark. */
export function noteOf(thread: ReviewThread): ReviewNote {
  const { path, side, from, to, lines } = thread;
  return { path, side, from, to, lines, remark: thread.comments.map((c) => c.body).join('\n\n') };
}

/** The agent's commit the review is about: that of its newest thread. */
export function reviewedCommit(threads: readonly ReviewThread[]): string | undefined {
  return threads.at(-1)?.head;
}

/**
 * Why a review cannot go now, in one sentence, or undefined when it can: no comments yet, or a
 * job no longer followed here (pruned, or Stop Following), whose comments are kept for it.
 */
export function whyNotSendable(drafts: readonly ReviewThread[], followed: boolean): { note: string; warn: boolean } | undefined {
  if (!drafts.length) {
    return {
      note: l10n.t('No comments to send yet: open Review Job’s Changes and comment on the lines the agent should change.'),
      warn: false,
    };
  }
  if (followed) return undefined;
  const note =
    drafts.length === 1
      ? l10n.t('This job is no longer followed here, so a review cannot go to it. Your comment is kept.')
      : l10n.t('This job is no longer followed here, so a review cannot go to it. Your {0} comments are kept.', count(drafts.length));
  return { note, warn: true };
}

export async function notePending(store: ReviewStore, job: string, draft: string, threads: readonly ReviewThread[]): Promise<void> {
  const commit = reviewedCommit(threads);
  if (!commit) return;
  await store.change(job, (review) => ({ ...review, pending: { draft, threads: threads.map((t) => t.id), commit } }));
}

/** After `draft` was sent to `job`: marks the threads it held sent; returns how many (0 when it was no review). */
export async function markSent(store: ReviewStore, job: string, draft: string, at = new Date()): Promise<number> {
  if (store.get(job)?.pending?.draft !== draft) return 0;
  let marked = 0;
  await store.change(job, (review) => {
    const { pending } = review;
    if (pending?.draft !== draft) return review;
    const ids = new Set(pending.threads);
    const sentAt = at.toISOString();
    const threads = review.threads.map((t) => (ids.has(t.id) && !t.sentAt ? (marked++, { ...t, sentAt }) : t));
    // Sent: no longer pending; the rest of the review (the changes marked Reviewed) stays.
    const sent: JobReview = { ...review, threads, sent: [...review.sent, { at: sentAt, commit: pending.commit, threads: marked }] };
    delete sent.pending;
    return sent;
  });
  return marked;
}
