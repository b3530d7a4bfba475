import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { JobStore } from '../../src/jobs/job-store';
import { jobKeyOf } from '../../src/jobs/tracked-job';
import { machineFolder } from '../support/fakes/job-window';
import type { WorkerReport } from './machine-stress-worker';
import type { DeadWorkerReport } from './machine-stress-dead-worker';
import { deadHolderRound, layOutDeadHolderRounds } from './machine-stress-dead-rounds';
import { readJson } from '../../src/platform/machine/atomic-file';
import { fileCaps } from '../../src/platform/machine/shared-file';

const processes = 3;
const opsEach = 400;
const seed = 11;

/** Runs one worker script to its end; resolves with the JSON line it printed. */
function runWorker<T>(script: string, args: Array<string | number>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, script), ...args.map(String)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} ${args.join(' ')} exited ${String(code)}: ${err}`)),
    );
  });
}

/** Lease holders seen by two processes over overlapping spans: [from, to] of consecutive held samples. */
function leaseOverlaps(reports: WorkerReport[]): number {
  const spans = reports.map((r) => {
    const held: Array<[number, number]> = [];
    for (let i = 0; i + 1 < r.leaseSamples.length; i++) {
      const [t1, h1] = r.leaseSamples[i];
      const [t2, h2] = r.leaseSamples[i + 1];
      if (h1 && h2) held.push([t1, t2]);
    }
    return held;
  });
  let overlaps = 0;
  reports.forEach((r, i) => {
    for (const [t, held] of r.leaseSamples) {
      if (!held) continue;
      // Another process held it over a span strictly around this moment.
      if (spans.some((own, j) => j !== i && own.some(([from, to]) => from < t && t < to))) overlaps++;
    }
  });
  return overlaps;
}

describe('machine-wide store: several processes, one folder', function () {
  this.timeout(120_000);

  it(`${processes} processes × ${opsEach} seeded actions: nothing lost, nothing back, no finish claimed twice, one lease holder`, async () => {
    const folder = machineFolder();
    const reports = await Promise.all(
      Array.from({ length: processes }, (_, worker) =>
        runWorker<WorkerReport>('./machine-stress-worker.js', [folder, seed, worker, opsEach]),
      ),
    );
    const store = new JobStore(join(folder, 'jobs'), { watch: false });
    await store.ready;
    const final = new Map(store.all().map((job) => [jobKeyOf(job), job]));

    const created = reports.flatMap((r) => r.created);
    const removed = new Set(reports.flatMap((r) => r.removed));
    const lost = created.filter((key) => !removed.has(key) && !final.has(key));
    const back = [...removed].filter((key) => final.has(key));
    const increments = new Map<string, number>();
    for (const r of reports) for (const [key, n] of Object.entries(r.increments)) increments.set(key, (increments.get(key) ?? 0) + n);
    const lostUpdates = [...final.entries()].filter(([key, job]) => job.round !== (increments.get(key) ?? 0));
    const wins = reports.flatMap((r) => r.won);
    const doubleClaims = wins.length - new Set(wins).size;
    const claimsTried = reports.reduce((n, r) => n + r.claimsTried, 0);
    const overlaps = leaseOverlaps(reports);
    const holders = reports.filter((r) => r.leaseSamples.some(([, held]) => held)).length;
    console.log(
      `      ${processes} processes × ${opsEach} actions: ${created.length} jobs created, ${removed.size} stopped, ` +
        `${[...increments.values()].reduce((a, b) => a + b, 0)} updates applied (${reports.reduce((n, r) => n + r.refusedAfterRemoval, 0)} refused after a stop), ` +
        `${claimsTried} claims tried, ${wins.length} won`,
    );
    console.log(
      `      lost jobs ${lost.length}, lost updates ${lostUpdates.length}, stopped jobs back ${back.length}, finishes claimed twice ${doubleClaims}, lease overlaps ${overlaps} (${holders} process(es) held it)`,
    );
    assert.equal(lost.length, 0, `lost: ${lost.join(', ')}`);
    assert.equal(lostUpdates.length, 0, `updates lost on: ${lostUpdates.map(([key]) => key).join(', ')}`);
    assert.equal(back.length, 0, `stopped but back: ${back.join(', ')}`);
    assert.equal(doubleClaims, 0);
    assert.equal(overlaps, 0);
    assert.ok(created.length > 0 && removed.size > 0 && wins.length > 0, 'the mix exercised every action');
  });

  const deadProcesses = 4;
  const deadRounds = 25;
  it(`dead holder every round: ${deadProcesses} processes × ${deadRounds} rounds break its lock at once and store every update`, async () => {
    const folder = machineFolder();
    await layOutDeadHolderRounds(folder, deadRounds);
    const reports = await Promise.all(
      Array.from({ length: deadProcesses }, (_, worker) =>
        runWorker<DeadWorkerReport>('./machine-stress-dead-worker.js', [folder, worker, deadRounds, deadProcesses]),
      ),
    );
    const store = new JobStore(join(folder, 'jobs'), { watch: false });
    await store.ready;
    let stored = 0;
    let counted = 0;
    for (let round = 0; round < deadRounds; round++) {
      const { key, counter } = deadHolderRound(folder, round);
      stored += store.get(key)?.round ?? 0;
      counted += ((await readJson(counter, fileCaps.record)) as number | undefined) ?? 0;
    }
    store.dispose();
    const expected = deadProcesses * deadRounds;
    console.log(
      `      store: ${stored} of ${expected} updates stored (${reports.reduce((n, r) => n + r.storeUpdates, 0)} applied); ` +
        `bare lock: ${counted} of ${expected} increments stored`,
    );
    assert.equal(stored, expected, 'updates through the store');
    assert.equal(counted, expected, 'increments under the bare lock');
  });
});
