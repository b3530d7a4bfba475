// Figure 5d: a year of a heavy user's job history (10,000 job files and their finish claims,
// test/bench/history.ts) in the machine-wide store. Opening the store (what every window does
// at activation), a rescan with nothing changed (every 10 s in every window), a rescan after
// another window changed one job, and a full scan (what every rescan cost before the change
// journal; now every 10 minutes), first on the un-pruned folder, then after one prune.
import { rm } from 'node:fs/promises';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pruneJobs } from '../../src/jobs/job-pruning';
import { JobStore } from '../../src/jobs/job-store';
import { jobKeyOf } from '../../src/jobs/tracked-job';
import { Claims } from '../../src/platform/machine/claims';
import { machineFolder } from '../support/fakes/job-window';
import { type History, writeHistory } from './history';
import { round } from './stats';

export interface StoreCosts {
  /** Job files and finish claims, and what they take on disk (allocated blocks). */
  files: number;
  diskMb: number;
  /** Best of 3: a new store on the folder until it is ready. */
  openMs: number;
  /** Best of 5: reload() with nothing changed, and the files it looked at. */
  rescanMs: number;
  rescanFilesExamined: number;
  /** Best of 5: reload() after another window changed one job. */
  rescanOneChangedMs: number;
  /** Best of 3: a scan of every file (each rescan before the journal; now every 10 minutes). */
  fullScanMs: number;
}

export interface HistoryFigures {
  jobFiles: number;
  before: StoreCosts;
  pruneMs: number;
  pruned: { jobFiles: number; claims: number };
  after: StoreCosts;
}

/** The fastest of `times` runs of `timed`, each after its `prepare` (not timed). */
async function best(times: number, timed: () => Promise<void>, prepare?: () => Promise<unknown>): Promise<number> {
  let fastest = Infinity;
  for (let i = 0; i < times; i++) {
    await prepare?.();
    const started = performance.now();
    await timed();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return round(fastest);
}

function onDisk(folders: string[]): { files: number; diskMb: number } {
  let files = 0;
  let blocks = 0;
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      files++;
      blocks += statSync(join(folder, name)).blocks;
    }
  }
  return { files, diskMb: round((blocks * 512) / 1024 / 1024) };
}

async function costs(history: History): Promise<StoreCosts> {
  const open = async (): Promise<JobStore> => {
    const store = new JobStore(history.jobsFolder, { watch: false });
    await store.ready;
    return store;
  };
  const openMs = await best(3, async () => (await open()).dispose());
  const [reader, writer] = [await open(), await open()];
  const examined = reader.filesExamined;
  const rescanMs = await best(5, () => reader.reload());
  const rescanFilesExamined = (reader.filesExamined - examined) / 5;
  const someJob = writer.all().at(-1);
  let n = 0;
  const changeOne = async (): Promise<unknown> =>
    someJob && writer.updateJob(jobKeyOf(someJob), (job) => ({ ...job, prompt: `changed ${n++}` }));
  const rescanOneChangedMs = await best(5, () => reader.reload(), changeOne);
  // A journal started anew makes every store look at the whole folder once.
  const fullScanMs = await best(
    3,
    () => reader.reload(),
    async () => {
      await changeOne();
      await writer.rotateJournal(0);
    },
  );
  reader.dispose();
  writer.dispose();
  return { ...onDisk([history.jobsFolder, history.claimsFolder]), openMs, rescanMs, rescanFilesExamined, rescanOneChangedMs, fullScanMs };
}

export async function historyBench(jobFiles = 10_000): Promise<HistoryFigures> {
  const root = machineFolder();
  try {
    const history = writeHistory(root, jobFiles, Date.now());
    const before = await costs(history);
    const store = new JobStore(history.jobsFolder, { watch: false });
    const claims = new Claims(history.claimsFolder);
    const started = performance.now();
    const report = await pruneJobs({ store, claims, leftoverFolders: [history.jobsFolder], hideFinishedAfterDays: 30 });
    const pruneMs = round(performance.now() - started);
    store.dispose();
    const after = await costs(history);
    return { jobFiles, before, pruneMs, pruned: { jobFiles: report.jobFiles, claims: report.claims }, after };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
