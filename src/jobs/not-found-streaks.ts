// The run of 404s per job. One 404 can be the service's passing fault; only a run of them over
// minutes means the service no longer knows the job.

export const notFoundAfter = { count: 3, ms: 3 * 60_000 };

export class NotFoundStreaks {
  private readonly runs = new Map<string, { first: number; count: number }>();

  /** Counts one more 404 for a job: the run when it now proves the job gone, else undefined. */
  record(key: string, now: number): { count: number; minutes: number } | undefined {
    const run = this.runs.get(key) ?? { first: now, count: 0 };
    run.count++;
    this.runs.set(key, run);
    if (run.count < notFoundAfter.count || now - run.first < notFoundAfter.ms) return undefined;
    return { count: run.count, minutes: Math.round((now - run.first) / 60_000) };
  }

  /** A good answer (or an untracked job) ends the run. */
  clear(key: string): void {
    this.runs.delete(key);
  }
}
