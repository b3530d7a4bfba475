import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JobStore, jobFileName } from '../../src/jobs/job-store';
import { pruneJobs } from '../../src/jobs/job-pruning';
import { claimName, tombstoneDays } from '../../src/jobs/job-retention';
import { jobKeyOf, type TrackedJob } from '../../src/jobs/tracked-job';
import { Claims } from '../../src/platform/machine/claims';
import { machineFolder } from '../support/fakes/job-window';
import { trackedJob } from '../support/fakes/tracked-jobs';

const day = 86_400_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

/** A job last changed `changedDaysAgo` before NOW; a finished one has its finish announced. */
function job(id: string, status: string, changedDaysAgo: number, extra: Partial<TrackedJob> = {}): TrackedJob {
  const made = trackedJob(id, new Date(NOW - changedDaysAgo * day).toISOString(), status);
  return { ...made, ...(status === 'active' ? {} : { announcedRound: 0 }), ...extra };
}

/** A machine folder with a store and its claims, as one window has them. */
async function machine(): Promise<{
  folder: string;
  store: JobStore;
  claims: Claims;
  prune: (hideDays?: number) => ReturnType<typeof pruneJobs>;
}> {
  const folder = machineFolder();
  const store = new JobStore(join(folder, 'jobs'), { watch: false });
  await store.ready;
  const claims = new Claims(join(folder, 'claims'));
  const prune = (hideDays = 30): ReturnType<typeof pruneJobs> =>
    pruneJobs({ store, claims, leftoverFolders: [join(folder, 'jobs')], hideFinishedAfterDays: hideDays, now: NOW });
  return { folder, store, claims, prune };
}

async function claimAged(claims: Claims, folder: string, name: string, ageDays: number): Promise<void> {
  assert.equal(await claims.claim(name), true);
  const at = (NOW - ageDays * day) / 1000;
  utimesSync(join(folder, 'claims', name), at, at);
}

describe('pruning what jobs leave behind', () => {
  it('drops finished jobs past the hide age, never a running one, however old', async () => {
    const { folder, store, prune } = await machine();
    await store.track(job('old-done', 'completed', 31));
    await store.track(job('recent-done', 'failed', 29));
    await store.track(job('old-running', 'active', 400));
    await store.track(job('old-awaiting-follow-up', 'completed', 400, { awaitingSince: new Date(NOW - 400 * day).toISOString() }));
    await store.track(job('old-unannounced', 'completed', 400, { announcedRound: undefined }));
    const report = await prune();
    assert.equal(report.jobFiles, 1);
    const ids = (s: JobStore): string[] =>
      s
        .all()
        .map((j) => j.id)
        .sort();
    assert.deepEqual(ids(store), ['old-awaiting-follow-up', 'old-running', 'old-unannounced', 'recent-done']);
    // Another window opening the folder sees the same.
    const other = new JobStore(join(folder, 'jobs'), { watch: false });
    await other.ready;
    assert.deepEqual(ids(other), ids(store));
  });

  it('with "never hide" (0) keeps finished jobs a year', async () => {
    const { store, prune } = await machine();
    await store.track(job('half-year', 'completed', 200));
    await store.track(job('over-a-year', 'completed', 366));
    await prune(0);
    assert.deepEqual(
      store.all().map((j) => j.id),
      ['half-year'],
    );
  });

  it('drops tombstones past their age, and keeps younger ones', async () => {
    const { folder, store, claims } = await machine();
    const key = jobKeyOf(job('stopped', 'completed', 1));
    await store.track(job('stopped', 'completed', 1));
    await store.remove([key]);
    const tombstone = join(folder, 'jobs', jobFileName(key));
    const pruneAt = (now: number): ReturnType<typeof pruneJobs> =>
      pruneJobs({ store, claims, leftoverFolders: [], hideFinishedAfterDays: 30, now });
    assert.equal((await pruneAt(Date.now() + (tombstoneDays - 1) * day)).jobFiles, 0);
    assert.ok(existsSync(tombstone), 'a younger tombstone stays');
    assert.equal((await pruneAt(Date.now() + (tombstoneDays + 1) * day)).jobFiles, 1);
    assert.ok(!existsSync(tombstone));
  });

  it('drops finish claims a day old whose finish the record has announced, or whose job went; keeps the rest', async () => {
    const { folder, store, claims, prune } = await machine();
    const announced = job('announced', 'completed', 1);
    const awaiting = job('awaiting', 'completed', 1, { round: 1, announcedRound: 0 });
    const fresh = job('fresh', 'completed', 1);
    for (const j of [announced, awaiting, fresh]) await store.track(j);
    const claimOf = (j: TrackedJob): string => claimName(jobFileName(jobKeyOf(j)), j.round);
    await claimAged(claims, folder, claimOf(announced), 2);
    await claimAged(claims, folder, claimOf(awaiting), 2);
    await claimAged(claims, folder, claimOf(fresh), 0);
    await claimAged(claims, folder, `${'0'.repeat(40)}.0`, 2); // its job is gone
    await claimAged(claims, folder, 'not-a-finish-claim', 2);
    const report = await prune();
    assert.equal(report.claims, 2);
    assert.deepEqual(readdirSync(join(folder, 'claims')).sort(), [claimOf(awaiting), claimOf(fresh), 'not-a-finish-claim'].sort());
    // The kept claim still holds: the awaited finish is not announced twice.
    assert.equal(await claims.claim(claimOf(awaiting)), false);
  });

  it('clears a crashed writer’s temporary and lock files past an hour, and leaves fresh ones', async () => {
    const { folder, prune } = await machine();
    const jobs = join(folder, 'jobs');
    mkdirSync(jobs, { recursive: true });
    const old = (name: string, text: string): void => {
      writeFileSync(join(jobs, name), text);
      const at = (Date.now() - 2 * 3_600_000) / 1000;
      utimesSync(join(jobs, name), at, at);
    };
    old('a.json.123.dead.tmp', '{"half');
    old('b.json.lock', `${process.pid}-hung`);
    writeFileSync(join(jobs, 'c.json.456.beef.tmp'), '{"being written');
    writeFileSync(join(jobs, 'd.json.lock'), `${process.pid}-holding`);
    const report = await prune();
    assert.equal(report.leftovers, 2);
    assert.deepEqual(
      readdirSync(jobs)
        .filter((n) => n.endsWith('.tmp') || n.endsWith('.lock'))
        .sort(),
      ['c.json.456.beef.tmp', 'd.json.lock'],
    );
  });
});
