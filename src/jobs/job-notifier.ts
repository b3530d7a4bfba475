// A job's finish, said to the writer: its words and buttons (job-finish-notice.ts) load with the
// first finish this window announces, not at activation.
import type { TrackedJob } from './tracked-job';

export async function announceFinishedJob(job: TrackedJob, reviewed = false): Promise<void> {
  await (await import('./job-finish-notice')).announceFinishedJob(job, reviewed);
}
