// The baseline the scheduler is measured against: every unfinished job asked about every 5
// seconds, all at once, whatever the focus and however long the job has been quiet.
import { isTerminal } from '../../src/jobs/tracked-job';
import type { JobsClient } from '../../src/jobs/job-tracker';
import { type Clock } from '../../src/platform/clock';

export class NaivePoller {
  /** Job id -> virtual time its finish was first seen. */
  readonly seenAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    private readonly client: JobsClient,
    private readonly projectId: string,
    private readonly ids: readonly string[],
    private readonly intervalMs = 5_000,
  ) {}

  start(): void {
    this.next();
  }

  stop(): void {
    this.stopped = true;
  }

  private next(): void {
    if (this.stopped || this.seenAt.size === this.ids.length) return;
    this.clock.setTimeout(() => void this.tick(), this.intervalMs);
  }

  private async tick(): Promise<void> {
    const open = this.ids.filter((id) => !this.seenAt.has(id));
    await Promise.all(
      open.map(async (id) => {
        try {
          const job = await this.client.getJob(this.projectId, id);
          if (isTerminal(job.status)) this.seenAt.set(id, this.clock.now());
        } catch {
          // A failed check is simply asked again next tick.
        }
      }),
    );
    this.next();
  }
}
