// The writer's reviews of agents' changes, shared by every window on this machine: one file per
// job, each change a read-change-write of that file under its own lock (so two windows
// commenting at once keep each other's comments), watched so other windows' comments show within
// a moment. A draft is kept until it is sent or its job is pruned. No vscode import: unit tests
// run it.
import { rm } from 'node:fs/promises';
import { readJson, writeAtomic } from '../platform/machine/atomic-file';
import { withLock } from '../platform/machine/file-lock';
import { fileCaps } from '../platform/machine/shared-file';
import { recordFileName, WatchedRecords } from '../platform/machine/watched-records';
import { type JobReview, parseReviewFile, serializeReviewFile } from './review-record';
import type { ReviewedJobs } from '../jobs/reviewed-jobs';
import { jobKeyOf } from '../jobs/tracked-job';

/** The newest time in a review: its last comment written or edited, its last review sent, or its last change marked. */
function lastTouched(review: JobReview): string {
  const times = [...review.threads.flatMap((t) => t.comments.map((c) => c.at)), ...review.sent.map((s) => s.at), review.reviewed?.at ?? ''];
  return times.reduce((newest, at) => (at > newest ? at : newest), '');
}

export const reviewFileName = recordFileName;

export class ReviewStore extends WatchedRecords<JobReview> {
  constructor(folder: string, options: { watch?: boolean } = {}) {
    super(folder, parseReviewFile, fileCaps.review, options);
  }

  get(jobKey: string): JobReview | undefined {
    return this.files.get(reviewFileName(jobKey));
  }

  all(): JobReview[] {
    return [...this.files.values()].map(([, review]) => review);
  }

  /**
   * Applies `apply` to the job's review as it is on disk now (an empty one if there is none),
   * under its lock; returns what was stored. A file this version cannot read is left as it is,
   * and undefined is returned.
   */
  async change(jobKey: string, apply: (review: JobReview) => JobReview): Promise<JobReview | undefined> {
    const name = reviewFileName(jobKey);
    const path = this.path(name);
    let result: JobReview | undefined;
    let wrote = false;
    await withLock(`${path}.lock`, async () => {
      const stored = await readJson(path, fileCaps.review);
      const current = parseReviewFile(stored);
      if (stored !== undefined && !current) return;
      const next = apply(current ?? { job: jobKey, threads: [], sent: [] });
      result = next;
      const text = serializeReviewFile(next);
      if (current && text === serializeReviewFile(current)) return;
      await writeAtomic(path, text);
      await this.files.remember(name, next);
      wrote = true;
    });
    // A change that changed nothing redraws nothing.
    if (wrote) this.changed.fire();
    return result;
  }

  /** Removes the reviews of jobs that are gone (pruned or no longer followed). */
  async remove(jobKeys: readonly string[]): Promise<void> {
    for (const jobKey of jobKeys) {
      const name = reviewFileName(jobKey);
      const path = this.path(name);
      await withLock(`${path}.lock`, () => rm(path, { force: true }));
      this.files.forget(name);
    }
    if (jobKeys.length) this.changed.fire();
  }

  /** Removes reviews nobody touched since `cutoff` (no comment written, none sent): kept as long as a composer draft. */
  async pruneUntouchedSince(cutoff: Date): Promise<number> {
    const stale = this.all().filter((review) => lastTouched(review) < cutoff.toISOString());
    await this.remove(stale.map((review) => review.job));
    return stale.length;
  }
}

/** The jobs a review was sent to, as the jobs' tree and finish notification ask for them. */
export function reviewedJobsOf(store: ReviewStore): ReviewedJobs {
  const reviewed = (): string =>
    store
      .all()
      .filter((review) => review.sent.length > 0)
      .map((review) => review.job)
      .sort()
      .join('\n');
  return {
    // Only when a job joins or leaves: a comment typed must not redraw the jobs' tree (a redraw
    // drops the click a row is taking).
    onDidChange: (listener) => {
      let last = reviewed();
      return store.onDidChange(() => {
        const now = reviewed();
        if (now === last) return;
        last = now;
        listener();
      });
    },
    has: (job) => (store.get(jobKeyOf(job))?.sent.length ?? 0) > 0,
  };
}
