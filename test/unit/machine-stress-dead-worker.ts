// One process of the "dead holder every round" stress test: each round starts from a lock left
// by a process that is gone, and every process arrives at it at the same moment (a barrier of
// files), so they all try to break it at once. Each round it adds one to a job's round through
// the real store and one to a counter under the bare lock, and prints what was applied.
//   node machine-stress-dead-worker.js <folder> <worker> <rounds> <processes>
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobStore } from '../../src/jobs/job-store';
import { readJson, writeAtomic } from '../../src/platform/machine/atomic-file';
import { withLock } from '../../src/platform/machine/file-lock';
import { fileCaps } from '../../src/platform/machine/shared-file';
import { deadHolderRound } from './machine-stress-dead-rounds';

export interface DeadWorkerReport {
  /** Store updates applied (the store said so). */
  storeUpdates: number;
  /** Counter increments made under the bare lock. */
  lockIncrements: number;
}

/** Waits (a poll with a deadline) until every process has reached this round. */
async function barrier(folder: string, round: number, worker: number, processes: number): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${round}.${worker}`), '');
  const deadline = Date.now() + 30_000;
  while ((await readdir(folder)).filter((name) => name.startsWith(`${round}.`)).length < processes) {
    if (Date.now() > deadline) throw new Error(`round ${round}: the other processes never came`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function main(): Promise<void> {
  const [folder, workerText, roundsText, processesText] = process.argv.slice(2);
  const [worker, rounds, processes] = [Number(workerText), Number(roundsText), Number(processesText)];
  const store = new JobStore(join(folder, 'jobs'), { watch: false });
  await store.ready;
  const report: DeadWorkerReport = { storeUpdates: 0, lockIncrements: 0 };
  for (let round = 0; round < rounds; round++) {
    const { key, counter } = deadHolderRound(folder, round);
    await barrier(join(folder, 'barrier'), round, worker, processes);
    const updated = await store.updateJob(key, (job) => ({ ...job, round: job.round + 1 }));
    if (updated) report.storeUpdates++;
    await withLock(`${counter}.lock`, async () => {
      const count = (await readJson(counter, fileCaps.record)) as number | undefined;
      await writeAtomic(counter, JSON.stringify((count ?? 0) + 1));
    });
    report.lockIncrements++;
  }
  store.dispose();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
