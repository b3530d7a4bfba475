// Which jobs the writer has sent a review, as the review feature (which the jobs know nothing of)
// keeps them: their rows offer Review What Changed Since Your Review, and their finish leads with it.
import type { Event } from '../platform/emitter';
import type { TrackedJob } from './tracked-job';

export interface ReviewedJobs {
  readonly onDidChange: Event<void>;
  has(job: TrackedJob): boolean;
}

export const noReviewedJobs: ReviewedJobs = { onDidChange: () => ({ dispose: () => undefined }), has: () => false };
