import * as assert from 'node:assert/strict';
import { JobStore } from '../../src/jobs/job-store';
import { JobTracker } from '../../src/jobs/job-tracker';
import { keyOf, type JobScope, type TrackedJob } from '../../src/jobs/tracked-job';
import { type ApiFixture, startApiFixture } from '../support/api-fixture';
import { FakeClock } from '../support/fake-clock';
import { MemoryMemento } from '../support/memory-memento';

describe('job tracker against the emulator', () => {
  let api: ApiFixture;
  let scope: JobScope;
  before(async () => {
    api = await startApiFixture();
    scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  /** A tracker as one window has it; the memento stands for the editor's global storage. */
  function windowOn(memento: MemoryMemento, notifyOn = ['completed', 'failed']) {
    const announced: TrackedJob[] = [];
    const client = api.client();
    const tracker = new JobTracker({
      store: new JobStore(memento),
      client: () => client,
      notify: (job) => announced.push(job),
      notifyOn: () => new Set(notifyOn),
      clock: new FakeClock(Date.parse('2026-11-22T10:00:00Z')),
      isFocused: () => true,
    });
    tracker.setScopes([scope]);
    return { tracker, announced };
  }

  it('announces a finish once, and never again after a reload', async () => {
    const memento = new MemoryMemento();
    const first = windowOn(memento);
    const job = await first.tracker.create(scope, 'Add an FAQ');
    await api.control.finishJob(job.id);
    await first.tracker.refresh(keyOf(job));
    await first.tracker.refresh(keyOf(job));
    assert.deepEqual(first.announced.map((j) => j.job.status), ['completed']);
    first.tracker.dispose();

    const reloaded = windowOn(memento);
    await reloaded.tracker.refresh(keyOf(job));
    assert.deepEqual(reloaded.announced, []);
    assert.equal(reloaded.tracker.jobs()[0]?.job.status, 'completed');
    reloaded.tracker.dispose();
  });

  it('announces a finish that happened while the editor was closed', async () => {
    const memento = new MemoryMemento();
    const before = windowOn(memento);
    const job = await before.tracker.create(scope, 'Reword the intro [fail]');
    before.tracker.dispose();
    await api.control.finishJob(job.id);
    const after = windowOn(memento);
    await after.tracker.refresh(keyOf(job));
    assert.deepEqual(after.announced.map((j) => j.job.status), ['failed']);
    after.tracker.dispose();
  });

  it('announces again after a follow-up finishes, and only the states asked for', async () => {
    const { tracker, announced } = windowOn(new MemoryMemento(), ['failed']);
    const job = await tracker.create(scope, 'Tidy the glossary');
    await api.control.finishJob(job.id);
    await tracker.refresh(keyOf(job));
    assert.equal(announced.length, 0, 'completed is not in notifyOn');
    const followed = await tracker.followUp(keyOf(job), 'Now break it [fail]');
    assert.equal(followed.job.status, 'active');
    assert.deepEqual(followed.followUps, ['Now break it [fail]']);
    await api.control.finishJob(job.id);
    await tracker.refresh(keyOf(job));
    assert.deepEqual(announced.map((j) => j.job.status), ['failed']);
    tracker.dispose();
  });

  it('keeps a job the service forgot, marked not found, and stops checking it', async () => {
    const { tracker } = windowOn(new MemoryMemento());
    const job = await tracker.create(scope, 'Anything');
    await api.control.reset();
    await tracker.refresh(keyOf(job));
    const [kept] = tracker.jobs();
    assert.equal(kept?.notFound, true);
    assert.deepEqual(tracker.jobs().map((j) => j.id), [job.id]);
    tracker.dispose();
  });

  it('tracks a job whose create answer was unreadable but named it, and fills it in on the next check', async () => {
    const { tracker } = windowOn(new MemoryMemento());
    await api.control.fault({ kind: 'schema', omit: ['status', 'source'], match: { method: 'POST' } });
    const job = await tracker.create(scope, 'Made, but answered badly');
    const [made] = await api.control.jobs();
    assert.equal(job.id, made?.id, 'the job the service made is the one tracked');
    await tracker.refresh(keyOf(job));
    assert.equal(tracker.get(keyOf(job))?.job.ref, made?.source.ref);
    tracker.dispose();
  });

  it('tracks nothing when the create answer cannot even name the job', async () => {
    const { tracker } = windowOn(new MemoryMemento());
    await api.control.fault({ kind: 'malformed', match: { method: 'POST' } });
    await assert.rejects(tracker.create(scope, 'Lost in transit'), { name: 'MalformedResponseError' });
    assert.deepEqual(tracker.jobs(), []);
    tracker.dispose();
  });

  it('says why a job’s last check failed, until an answer comes through', async () => {
    const { tracker } = windowOn(new MemoryMemento());
    const job = await tracker.create(scope, 'Checked badly');
    await api.control.fault({ kind: 'schema', omit: ['status'], count: 5, match: { method: 'GET', path: job.id } });
    await tracker.refresh(keyOf(job));
    assert.match(tracker.lastCheckError(keyOf(job)) ?? '', /"status" should be a string/);
    assert.equal(tracker.jobs().length, 1, 'the job is kept');
    await api.control.clearFaults();
    await tracker.refresh(keyOf(job));
    assert.equal(tracker.lastCheckError(keyOf(job)), undefined);
    tracker.dispose();
  });

  it('tracks a finished job by id without announcing it', async () => {
    const { tracker, announced } = windowOn(new MemoryMemento());
    const elsewhere = await api.client().createJob(scope.projectId, 'From a teammate');
    await api.control.finishJob(elsewhere.id);
    const tracked = await tracker.trackById(scope, elsewhere.id);
    await tracker.refresh(keyOf(tracked));
    assert.equal(tracked.job.status, 'completed');
    assert.deepEqual(announced, []);
    tracker.dispose();
  });

  it('shows only the open projects’ jobs, and clears only finished ones', async () => {
    const memento = new MemoryMemento();
    const { tracker } = windowOn(memento);
    const done = await tracker.create(scope, 'Done soon');
    const running = await tracker.create(scope, 'Runs on');
    await api.control.finishJob(done.id);
    await tracker.refresh(keyOf(done));
    assert.equal(await tracker.clearFinished(), 1);
    assert.deepEqual(tracker.jobs().map((j) => j.id), [running.id]);
    tracker.setScopes([{ ...scope, projectId: 'another-project' }]);
    assert.deepEqual(tracker.jobs(), []);
    tracker.dispose();
  });
});
