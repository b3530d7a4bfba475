// The "dead holder every round" stress test's rounds, shared by the test (which lays them out)
// and its worker processes: per round a job and a counter file, each with a lock left by a
// process that is gone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JobStore, jobFileName } from '../../src/jobs/job-store';
import { jobKey, newTrackedJob } from '../../src/jobs/tracked-job';
import { placeholderJob } from '../../src/jobs/job-answers';

/** Above Linux's largest process id (2^22), so never a live process. */
export const deadPid = 2 ** 22 + 7;

const scope = { baseUrl: 'https://api.example', projectId: 'dead-holder' };

export function deadHolderRound(folder: string, round: number): { key: string; counter: string } {
  return { key: jobKey(scope, `round-${round}`), counter: join(folder, 'counters', `${round}.json`) };
}

/** Tracks a job per round and leaves a dead process's lock on it and on the round's counter. */
export async function layOutDeadHolderRounds(folder: string, rounds: number): Promise<void> {
  const jobs = join(folder, 'jobs');
  const store = new JobStore(jobs, { watch: false });
  await store.ready;
  mkdirSync(join(folder, 'counters'), { recursive: true });
  for (let round = 0; round < rounds; round++) {
    const { key, counter } = deadHolderRound(folder, round);
    await store.track(newTrackedJob(scope, placeholderJob(`round-${round}`), `Round ${round}`, new Date(0).toISOString()));
    writeFileSync(join(jobs, `${jobFileName(key)}.lock`), String(deadPid));
    writeFileSync(`${counter}.lock`, String(deadPid));
  }
  store.dispose();
}
