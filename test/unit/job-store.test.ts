import * as assert from 'node:assert/strict';
import { JobStore, storageKey } from '../../src/jobs/job-store';
import { keyOf, type TrackedJob } from '../../src/jobs/tracked-job';
import { MemoryMemento } from '../support/memory-memento';

function tracked(id: string, createdAt: string, status = 'active'): TrackedJob {
  return {
    id,
    baseUrl: 'https://api.mintlify.com',
    projectId: 'acme',
    prompt: `Prompt of ${id}`,
    followUps: [],
    job: { id, status: status as 'active', rawStatus: status, repository: 'https://github.com/acme/docs', ref: null, model: 'm', prLink: null, createdAt, archivedAt: null },
    notFound: false,
    trackedAt: createdAt,
    lastCheckedAt: createdAt,
  };
}

describe('job store: persistence', () => {
  it('keeps jobs across a reload, newest first', async () => {
    const memento = new MemoryMemento();
    const store = new JobStore(memento);
    await store.upsert(tracked('old', '2026-11-01T10:00:00Z'));
    await store.upsert(tracked('new', '2026-11-20T10:00:00Z'));
    const reloaded = new JobStore(memento);
    assert.deepEqual(reloaded.all().map((j) => j.id), ['new', 'old']);
    assert.deepEqual(reloaded.all()[0], tracked('new', '2026-11-20T10:00:00Z'));
  });

  it('does not drop a job another window added in the meantime', async () => {
    const memento = new MemoryMemento();
    const windowA = new JobStore(memento);
    const windowB = new JobStore(memento);
    await windowA.upsert(tracked('a', '2026-11-01T10:00:00Z'));
    await windowB.upsert(tracked('b', '2026-11-02T10:00:00Z'));
    await windowA.updateJob(keyOf(tracked('a', '')), (job) => ({ ...job, notFound: true }));
    assert.deepEqual(new JobStore(memento).all().map((j) => [j.id, j.notFound]), [['b', false], ['a', true]]);
  });

  it('picks up other windows’ changes on reload and says so', async () => {
    const memento = new MemoryMemento();
    const windowA = new JobStore(memento);
    const windowB = new JobStore(memento);
    let changes = 0;
    windowA.onDidChange(() => changes++);
    await windowB.upsert(tracked('b', '2026-11-02T10:00:00Z'));
    windowA.reload();
    assert.equal(changes, 1);
    assert.deepEqual(windowA.all().map((j) => j.id), ['b']);
    windowA.reload();
    assert.equal(changes, 1, 'no change, no event');
  });

  it('removes only what it is told to', async () => {
    const store = new JobStore(new MemoryMemento());
    await store.upsert(tracked('a', '2026-11-01T10:00:00Z'));
    await store.upsert(tracked('b', '2026-11-02T10:00:00Z'));
    await store.remove([keyOf(tracked('a', ''))]);
    assert.deepEqual(store.all().map((j) => j.id), ['b']);
  });
});

describe('job store: migration and damage', () => {
  it('migrates the unversioned list of version 0 without announcing old finishes again', () => {
    const memento = new MemoryMemento();
    void memento.update(storageKey, [
      { id: 'j1', baseUrl: 'https://api.mintlify.com', projectId: 'acme', prompt: 'Fix typos', status: 'completed', prLink: 'https://github.com/acme/docs/pull/1', repository: 'https://github.com/acme/docs', ref: 'b1', createdAt: '2026-10-01T00:00:00Z' },
    ]);
    const [job] = new JobStore(memento).all();
    assert.equal(job?.job.status, 'completed');
    assert.equal(job?.job.prLink, 'https://github.com/acme/docs/pull/1');
    assert.equal(job?.prompt, 'Fix typos');
    assert.equal(job?.notified, '0:completed');
  });

  it('keeps records it cannot read and writes them back untouched', async () => {
    const memento = new MemoryMemento();
    const damaged = { id: 'x', something: 'from a newer version' };
    await memento.update(storageKey, { version: 1, jobs: [damaged, tracked('good', '2026-11-01T10:00:00Z')], unreadable: [] });
    const store = new JobStore(memento);
    assert.deepEqual(store.all().map((j) => j.id), ['good']);
    await store.upsert(tracked('more', '2026-11-03T10:00:00Z'));
    const stored = memento.get<{ unreadable: unknown[]; jobs: unknown[] }>(storageKey);
    assert.deepEqual(stored?.unreadable, [damaged]);
    assert.equal(stored?.jobs.length, 2);
  });

  it('survives storage holding something else entirely', () => {
    for (const junk of ['text', 42, { version: 99, jobs: 'no' }, null]) {
      const memento = new MemoryMemento();
      void memento.update(storageKey, junk);
      assert.deepEqual(new JobStore(memento).all(), []);
    }
  });
});

describe('job store: the file copy', () => {
  function fileCopy(): { text: string | undefined; read(): Promise<string | undefined>; write(t: string): Promise<void> } {
    return {
      text: undefined,
      read() {
        return Promise.resolve(this.text);
      },
      write(t: string) {
        this.text = t;
        return Promise.resolve();
      },
    };
  }

  it('brings back jobs that global storage lost', async () => {
    const backup = fileCopy();
    const before = new JobStore(new MemoryMemento(), backup);
    await before.upsert(tracked('kept', '2026-11-01T10:00:00Z'));
    // A browser reload dropped the last writes of global storage: it comes back empty.
    const lostStorage = new MemoryMemento();
    const after = new JobStore(lostStorage, backup);
    await after.restored;
    assert.deepEqual(after.all().map((j) => j.id), ['kept']);
    assert.equal(new JobStore(lostStorage).all().length, 1, 'and storage has it again');
  });

  it('never lets the copy undo a newer answer, and ignores a damaged copy', async () => {
    const memento = new MemoryMemento();
    const backup = fileCopy();
    const store = new JobStore(memento, backup);
    await store.upsert(tracked('a', '2026-11-01T10:00:00Z'));
    const stale = backup.text;
    await store.updateJob(keyOf(tracked('a', '')), (job) => ({ ...job, lastCheckedAt: '2026-11-02T10:00:00Z', notFound: true }));
    backup.text = stale;
    const reloaded = new JobStore(memento, backup);
    await reloaded.restored;
    assert.equal(reloaded.all()[0]?.notFound, true);
    backup.text = '{ not json';
    const damaged = new JobStore(memento, backup);
    await damaged.restored;
    assert.equal(damaged.all().length, 1);
  });
});
