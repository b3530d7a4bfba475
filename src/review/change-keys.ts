// Which of the agent's changes the writer marked Reviewed, kept by what each change is rather than
// where: its file and its text (the lines it replaces and the lines it writes). So a change the
// agent's next version leaves as it was stays reviewed, and one it rewrote is new to review. Pure.
import { createHash } from 'node:crypto';
import { maxReviewedKeys, type JobReview, type ReviewedChanges } from './review-record';

/** A change's key: its file and its text, hashed (short, and nothing of the page kept on disk). */
export function changeKey(path: string, change: { oldLines: readonly string[]; newLines: readonly string[] }): string {
  return createHash('sha256')
    .update(JSON.stringify([path, change.oldLines, change.newLines]))
    .digest('base64url')
    .slice(0, 22);
}

/** The review with `keys` marked reviewed (or not), at `at`. */
export function withReviewed(review: JobReview, keys: readonly string[], reviewed: boolean, at: string): JobReview {
  const kept = (review.reviewed?.keys ?? []).filter((key) => !keys.includes(key));
  const next: ReviewedChanges = { keys: (reviewed ? [...kept, ...keys] : kept).slice(-maxReviewedKeys), at };
  return { ...review, reviewed: next };
}

/** The keys of the job's changes the writer marked reviewed. */
export const reviewedKeysOf = (review: JobReview | undefined): ReadonlySet<string> => new Set(review?.reviewed?.keys ?? []);
