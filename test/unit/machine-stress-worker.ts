// One process of the several-process stress test: the real job store, claims and lease on a
// folder that other processes use at the same time, driven by a seeded random mix of actions.
// It prints what it did as one JSON line, for the parent to check against the folder.
//   node machine-stress-worker.js <folder> <seed> <worker> <ops>
import { join } from 'node:path';
import { placeholderJob } from '../../src/jobs/job-answers';
import { JobStore, jobFileName } from '../../src/jobs/job-store';
import { jobKeyOf, newTrackedJob } from '../../src/jobs/tracked-job';
import { Claims } from '../../src/platform/machine/claims';
import { Lease } from '../../src/platform/machine/lease';
import { mulberry32, weightedPicker } from '../emulator/prng';

export interface WorkerReport {
  worker: number;
  created: string[];
  /** Keys this worker stopped tracking (the store said they were tracked). */
  removed: string[];
  /** Increments of a job's round that the store applied, per key. */
  increments: Record<string, number>;
  /** Updates the store refused because the job was stopped. */
  refusedAfterRemoval: number;
  /** Claim names this worker won, and how many it tried. */
  won: string[];
  claimsTried: number;
  /** When this worker saw itself holding the lease (ms), and when not. */
  leaseSamples: Array<[number, boolean]>;
}

async function main(): Promise<void> {
  const [folder, seedText, workerText, opsText] = process.argv.slice(2);
  const worker = Number(workerText);
  const rng = mulberry32(Number(seedText) * 100 + worker);
  const store = new JobStore(join(folder, 'jobs'), { watch: false });
  await store.ready;
  const claims = new Claims(join(folder, 'claims'));
  const lease = new Lease(join(folder, 'lease'), 'poller', { owner: `worker-${worker}`, heartbeatMs: 100, expiryMs: 5_000 });
  const report: WorkerReport = {
    worker,
    created: [],
    removed: [],
    increments: {},
    refusedAfterRemoval: 0,
    won: [],
    claimsTried: 0,
    leaseSamples: [],
  };
  const scope = { baseUrl: 'https://api.example', projectId: 'stress' };
  // create, update, remove, finish (round++ then claim), claim, reload, lease check
  const pick = weightedPicker(rng, [3, 6, 1, 2, 4, 2, 1]);
  const known = (): string[] => store.all().map(jobKeyOf);
  const anyKnown = (): string | undefined => {
    const keys = known();
    return keys.length ? keys[Math.floor(rng() * keys.length)] : undefined;
  };
  const increment = async (key: string): Promise<void> => {
    const result = await store.updateJob(key, (job) => ({ ...job, round: job.round + 1 }));
    if (result) report.increments[key] = (report.increments[key] ?? 0) + 1;
    else report.refusedAfterRemoval++;
  };
  const claim = async (key: string): Promise<void> => {
    const round = store.get(key)?.round ?? 0;
    const name = `${jobFileName(key)}.${round}`;
    report.claimsTried++;
    if (await claims.claim(name)) report.won.push(name);
  };
  const ops = Number(opsText);
  for (let n = 0; n < ops; n++) {
    const action = pick();
    const key = anyKnown();
    if (action === 0 || !key) {
      const id = `w${worker}-${n}`;
      const job = newTrackedJob(scope, placeholderJob(id), `Stress ${id}`, new Date().toISOString());
      await store.track(job);
      report.created.push(jobKeyOf(job));
    } else if (action === 1) {
      await increment(key);
    } else if (action === 2) {
      if (store.get(key)) {
        await store.remove([key]);
        report.removed.push(key);
      }
    } else if (action === 3) {
      await increment(key);
      await claim(key);
    } else if (action === 4) {
      await claim(key);
    } else if (action === 5) {
      await store.reload();
    } else {
      report.leaseSamples.push([Date.now(), await lease.check()]);
    }
  }
  await lease.dispose();
  store.dispose();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
