import * as assert from 'node:assert/strict';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JobStore, jobFileName } from '../../src/jobs/job-store';
import { migrateStoredJobs } from '../../src/jobs/job-store-migration';
import { jobKeyOf, type TrackedJob } from '../../src/jobs/tracked-job';
import { machineFolder } from '../support/fakes/job-window';
import { trackedJob } from '../support/fakes/tracked-jobs';

const tracked = trackedJob;

async function storeOn(folder: string): Promise<JobStore> {
  const store = new JobStore(folder, { watch: false });
  await store.ready;
  return store;
}

describe('job store: one file per job, shared by windows', () => {
  it('keeps jobs across a reload, newest first', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.track(tracked('old', '2026-11-01T10:00:00Z'));
    await store.track(tracked('new', '2026-11-20T10:00:00Z'));
    const reloaded = await storeOn(folder);
    assert.deepEqual(
      reloaded.all().map((j) => j.id),
      ['new', 'old'],
    );
    assert.deepEqual(reloaded.all()[0], tracked('new', '2026-11-20T10:00:00Z'));
  });

  it('never drops a job another window added or changed, even from a stale view', async () => {
    const folder = machineFolder();
    const windowA = await storeOn(folder);
    const windowB = await storeOn(folder);
    await windowA.track(tracked('a', '2026-11-01T10:00:00Z'));
    await windowB.track(tracked('b', '2026-11-02T10:00:00Z'));
    // A has not seen b yet; its change of a must not lose b (or B's later change of a).
    await windowB.updateJob(jobKeyOf(tracked('a', '')), (job) => ({ ...job, prompt: 'changed in B' }));
    await windowA.updateJob(jobKeyOf(tracked('a', '')), (job) => ({ ...job, notFound: true }));
    const fresh = await storeOn(folder);
    assert.deepEqual(
      fresh.all().map((j) => [j.id, j.notFound, j.prompt]),
      [
        ['b', false, 'Prompt of b'],
        ['a', true, 'changed in B'],
      ],
    );
  });

  it('picks up other windows’ changes on reload and says so once', async () => {
    const folder = machineFolder();
    const windowA = await storeOn(folder);
    const windowB = await storeOn(folder);
    let changes = 0;
    windowA.onDidChange(() => changes++);
    await windowB.track(tracked('b', '2026-11-02T10:00:00Z'));
    await windowA.reload();
    assert.equal(changes, 1);
    assert.deepEqual(
      windowA.all().map((j) => j.id),
      ['b'],
    );
    await windowA.reload();
    assert.equal(changes, 1, 'no change, no event');
  });

  it('follows another window’s change by itself, through the folder watch', async () => {
    const folder = machineFolder();
    const watching = new JobStore(folder);
    await watching.ready;
    const other = await storeOn(folder);
    const seen = new Promise<void>((resolve) => watching.onDidChange(() => watching.all().length && resolve()));
    await other.track(tracked('w', '2026-11-02T10:00:00Z'));
    await seen;
    assert.deepEqual(
      watching.all().map((j) => j.id),
      ['w'],
    );
    watching.dispose();
  });

  it('a stopped job stays stopped: a late update from another window does not bring it back', async () => {
    const folder = machineFolder();
    const windowA = await storeOn(folder);
    const windowB = await storeOn(folder);
    await windowA.track(tracked('a', '2026-11-01T10:00:00Z'));
    await windowB.reload();
    await windowA.remove([jobKeyOf(tracked('a', ''))]);
    const result = await windowB.updateJob(jobKeyOf(tracked('a', '')), (job) => ({ ...job, prompt: 'late answer' }));
    assert.equal(result, undefined);
    assert.deepEqual((await storeOn(folder)).all(), []);
    // Tracking it again on purpose works.
    await windowB.track(tracked('a', '2026-11-01T10:00:00Z'));
    assert.equal((await storeOn(folder)).all().length, 1);
  });

  it('a job followed again numbers its finishes past the ones it had, even one nobody claimed yet', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    // Its third finish (round 2) is not announced yet when the writer stops following it: a
    // window that has not seen the stop may still claim round 2 after it is followed again.
    const finished = tracked('a', '2026-11-01T10:00:00Z', 'completed');
    await store.track({ ...finished, round: 2, announcedRound: 1 });
    await store.remove([jobKeyOf(finished)]);
    const again = await (await storeOn(folder)).track({ ...finished, announcedRound: 0 });
    assert.deepEqual([again.round, again.announcedRound], [3, 3], 'finished when followed again: nothing to announce, and past round 2');
    assert.deepEqual((await storeOn(folder)).get(jobKeyOf(again)), again);
  });

  it('writes nothing when a change changes nothing', async () => {
    const store = await storeOn(machineFolder());
    await store.track(tracked('a', '2026-11-01T10:00:00Z'));
    const before = store.writes;
    await store.updateJob(jobKeyOf(tracked('a', '')), (job) => ({ ...job }));
    assert.equal(store.writes, before);
  });

  it('leaves a record it cannot read alone, and keeps the others', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.track(tracked('good', '2026-11-01T10:00:00Z'));
    const damaged = jobFileName('["x"]');
    writeFileSync(join(folder, damaged), JSON.stringify({ version: 3, key: '["x"]', what: 'a newer version' }));
    const reloaded = await storeOn(folder);
    assert.deepEqual(
      reloaded.all().map((j) => j.id),
      ['good'],
    );
    assert.ok(readdirSync(folder).includes(damaged));
  });
});

describe('job store: what earlier versions stored', () => {
  it('moves version 1’s jobs in once, without announcing finishes already announced', async () => {
    const folder = machineFolder();
    const v1 = {
      version: 1,
      jobs: [
        {
          id: 'j1',
          baseUrl: 'https://api.mintlify.com',
          projectId: 'acme',
          prompt: 'Fix typos',
          followUps: [],
          notFound: false,
          trackedAt: '2026-10-01T00:00:00Z',
          lastCheckedAt: '2026-10-02T00:00:00Z',
          notified: '0:completed',
          job: {
            id: 'j1',
            status: 'completed',
            rawStatus: 'completed',
            repository: 'r',
            ref: 'b1',
            model: 'm',
            prLink: 'https://github.com/acme/docs/pull/1',
            createdAt: '2026-10-01T00:00:00Z',
            archivedAt: null,
          },
        },
        {
          id: 'j2',
          baseUrl: 'https://api.mintlify.com',
          projectId: 'acme',
          prompt: 'Follow me',
          followUps: ['more'],
          notFound: false,
          trackedAt: '2026-10-01T00:00:00Z',
          lastCheckedAt: '2026-10-02T00:00:00Z',
          notified: '0:completed',
          job: {
            id: 'j2',
            status: 'completed',
            rawStatus: 'completed',
            repository: 'r',
            ref: null,
            model: 'm',
            prLink: null,
            createdAt: '2026-10-01T00:00:00Z',
            archivedAt: null,
          },
        },
      ],
      unreadable: [],
    };
    let cleared = 0;
    const legacy = { read: () => Promise.resolve(migrateStoredJobs(v1).jobs), clear: () => Promise.resolve(void cleared++) };
    const store = new JobStore(folder, { watch: false, legacy });
    await store.ready;
    const byId = new Map(store.all().map((j) => [j.id, j]));
    assert.equal(byId.get('j1')?.job.prLink, 'https://github.com/acme/docs/pull/1');
    assert.equal(byId.get('j1')?.announcedRound, 0, 'announced before the upgrade');
    assert.equal(byId.get('j2')?.announcedRound, undefined, 'the follow-up’s finish was not announced yet');
    assert.equal(cleared, 1);
    // A second window migrating the same list, after j1 was stopped, does not bring j1 back.
    await store.remove([jobKeyOf(byId.get('j1') as TrackedJob)]);
    const second = new JobStore(folder, { watch: false, legacy });
    await second.ready;
    assert.deepEqual(
      second.all().map((j) => j.id),
      ['j2'],
    );
  });

  it('migrates the unversioned list of version 0 as announced', () => {
    const { jobs } = migrateStoredJobs([
      {
        id: 'j1',
        baseUrl: 'https://api.mintlify.com',
        projectId: 'acme',
        prompt: 'Fix typos',
        status: 'completed',
        prLink: 'https://github.com/acme/docs/pull/1',
        repository: 'https://github.com/acme/docs',
        ref: 'b1',
        createdAt: '2026-10-01T00:00:00Z',
      },
    ]);
    assert.equal(jobs[0]?.job.status, 'completed');
    assert.equal(jobs[0]?.prompt, 'Fix typos');
    assert.equal(jobs[0]?.announcedRound, 0);
  });

  it('keeps records it cannot read aside, and survives storage holding something else entirely', () => {
    const damaged = { id: 'x', something: 'from a newer version' };
    assert.deepEqual(migrateStoredJobs({ version: 1, jobs: [damaged], unreadable: [] }).unreadable, [damaged]);
    for (const junk of ['text', 42, { version: 99, jobs: 'no' }, null]) assert.deepEqual(migrateStoredJobs(junk).jobs, []);
  });
});

describe('job store: rescans cost by what changed', () => {
  it('a rescan looks only at the files other windows changed (noted, or named by the folder watch), however many are stored', async () => {
    const folder = machineFolder();
    const writer = await storeOn(folder);
    for (let i = 0; i < 200; i++) await writer.track(tracked(`j${i}`, '2026-11-01T10:00:00Z'));
    const reader = await storeOn(folder);
    const examinedBy = async (reload: () => Promise<void>): Promise<number> => {
      const before = reader.filesExamined;
      await reload();
      return reader.filesExamined - before;
    };
    assert.equal(await examinedBy(() => reader.reload()), 0, 'nothing changed: no file looked at');
    await writer.updateJob(jobKeyOf(tracked('j7', '')), (job) => ({ ...job, prompt: 'changed elsewhere' }));
    await writer.remove([jobKeyOf(tracked('j8', ''))]);
    assert.equal(await examinedBy(() => reader.reload()), 2);
    assert.equal(reader.get(jobKeyOf(tracked('j7', '')))?.prompt, 'changed elsewhere');
    assert.equal(reader.get(jobKeyOf(tracked('j8', ''))), undefined);
    // A window of an earlier version notes nothing; the folder watch names the file it wrote.
    const job = tracked('unnoted', '2026-11-01T10:00:00Z');
    const name = jobFileName(jobKeyOf(job));
    writeFileSync(join(folder, name), JSON.stringify({ version: 2, key: jobKeyOf(job), job }));
    assert.equal(await examinedBy(() => reader.reload([name])), 1);
    assert.equal(reader.get(jobKeyOf(job))?.id, 'unnoted');
  });

  it('after the change journal is started anew, another window reads the folder once and misses nothing', async () => {
    const folder = machineFolder();
    const writer = await storeOn(folder);
    const reader = await storeOn(folder);
    await writer.track(tracked('before', '2026-11-01T10:00:00Z'));
    assert.equal(await writer.rotateJournal(0), true);
    await writer.track(tracked('after', '2026-11-02T10:00:00Z'));
    await reader.reload();
    assert.deepEqual(
      reader.all().map((j) => j.id),
      ['after', 'before'],
    );
  });
});
