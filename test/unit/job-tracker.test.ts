import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import { notFoundAfter } from '../../src/jobs/not-found-streaks';
import { withReviewNoted } from '../../src/jobs/job-history';
import { jobKeyOf } from '../../src/jobs/tracked-job';
import { recordEntriesOf } from '../../src/jobs/job-record-entries';
import { lostAnswerNote } from '../../src/editor/error-text';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { type JobWindow, type JobWindowOptions, machineFolder, openJobWindow } from '../support/fakes/job-window';

describe('job tracker against the emulator', () => {
  let api: ApiFixture;
  let scope: ProjectScope;
  const opened: JobWindow[] = [];
  before(async () => {
    api = await startApiFixture();
    scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());
  afterEach(() => {
    for (const w of opened.splice(0)) w.dispose();
  });

  /** A window on the machine folder: its store, tracker and announcer. */
  async function windowOn(folder: string, options: Partial<JobWindowOptions> = {}): Promise<JobWindow> {
    const w = await openJobWindow(folder, {
      client: api.client(),
      clock: new FakeClock(Date.parse('2026-11-22T10:00:00Z')),
      scopes: [scope],
      ...options,
    });
    opened.push(w);
    return w;
  }

  it('announces a finish once, and never again after a reload', async () => {
    const folder = machineFolder();
    const first = await windowOn(folder);
    const job = await first.tracker.create(scope, 'Add an FAQ');
    await api.control.finishJob(job.id);
    await first.tracker.refresh(jobKeyOf(job));
    await first.tracker.refresh(jobKeyOf(job));
    await first.announcer.settled();
    assert.deepEqual(
      first.announced.map((j) => j.job.status),
      ['completed'],
    );
    first.dispose();

    const reloaded = await windowOn(folder);
    await reloaded.tracker.refresh(jobKeyOf(job));
    reloaded.announcer.review();
    await reloaded.announcer.settled();
    assert.deepEqual(reloaded.announced, []);
    assert.equal(reloaded.tracker.jobs()[0]?.job.status, 'completed');
  });

  it('remembers which agent started a job, through its checks and in every window, and says so in its record', async () => {
    const folder = machineFolder();
    const first = await windowOn(folder);
    const job = await first.tracker.create(scope, 'Add an FAQ', {}, { startedBy: 'Claude\nCode' });
    const writers = await first.tracker.create(scope, 'Reword the intro');
    await api.control.finishJob(job.id);
    await first.tracker.refresh(jobKeyOf(job));
    const other = await windowOn(folder);
    const seen = other.tracker.jobs().find((j) => j.id === job.id);
    assert.ok(seen);
    assert.equal(seen.job.status, 'completed', 'the other window reads the record as checked');
    assert.equal(seen.startedBy, 'Claude Code', 'one line, kept with the job');
    assert.equal(recordEntriesOf(seen).at(0)?.label, 'Started by Claude Code: Add an FAQ');
    const own = other.tracker.jobs().find((j) => j.id === writers.id);
    assert.equal(own?.startedBy, undefined);
    assert.equal(own && recordEntriesOf(own).at(0)?.label, 'You asked: Reword the intro');
  });

  it('redraws the tree for a check that changed nothing once a minute at most, and for a change at once', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T10:00:10Z'));
    const w = await windowOn(machineFolder(), { clock });
    const job = await w.tracker.create(scope, 'Quiet for a while');
    let redraws = 0;
    const listening = w.tracker.onDidChange(() => (redraws += 1));
    try {
      await w.tracker.refresh(jobKeyOf(job));
      const first = redraws;
      assert.ok(first >= 1, 'the first check has a time to show');
      for (const seconds of [5, 10, 20]) {
        await clock.advance(seconds * 1000);
        await w.tracker.refresh(jobKeyOf(job));
      }
      assert.equal(redraws, first, 'three checks in the same minute changed nothing shown');
      await clock.advance(30_000);
      await w.tracker.refresh(jobKeyOf(job));
      assert.equal(redraws, first + 1, 'the next minute shows');
      await api.control.finishJob(job.id);
      await w.tracker.refresh(jobKeyOf(job));
      assert.ok(redraws > first + 1, 'a finish redraws at once');
    } finally {
      listening.dispose();
    }
  });

  it('announces a finish that happened while the editor was closed', async () => {
    const folder = machineFolder();
    const before = await windowOn(folder);
    const job = await before.tracker.create(scope, 'Reword the intro [fail]');
    before.dispose();
    await api.control.finishJob(job.id);
    const after = await windowOn(folder);
    await after.tracker.refresh(jobKeyOf(job));
    await after.announcer.settled();
    assert.deepEqual(
      after.announced.map((j) => j.job.status),
      ['failed'],
    );
  });

  it('two windows that both see a finish announce it once between them', async () => {
    const folder = machineFolder();
    const a = await windowOn(folder);
    const b = await windowOn(folder);
    const job = await a.tracker.create(scope, 'Seen by both');
    await api.control.finishJob(job.id);
    await Promise.all([a.tracker.refresh(jobKeyOf(job)), b.tracker.refresh(jobKeyOf(job))]);
    await b.store.reload();
    await a.store.reload();
    a.announcer.review();
    b.announcer.review();
    await Promise.all([a.announcer.settled(), b.announcer.settled()]);
    assert.equal(a.announced.length + b.announced.length, 1);
  });

  it('announces again after a follow-up finishes, and only the states asked for', async () => {
    const { tracker, announced, announcer } = await windowOn(machineFolder(), { notifyOn: ['failed'] });
    const job = await tracker.create(scope, 'Tidy the glossary');
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await announcer.settled();
    assert.equal(announced.length, 0, 'completed is not in notifyOn');
    const followed = await tracker.followUp(jobKeyOf(job), 'Now break it [fail]');
    assert.equal(followed.job.status, 'active');
    assert.equal(followed.round, 1, 'running again after a finish: a new round');
    assert.deepEqual(followed.followUps, ['Now break it [fail]']);
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await announcer.settled();
    assert.deepEqual(
      announced.map((j) => j.job.status),
      ['failed'],
    );
  });

  it('keeps the job’s record: each follow-up (a review with its comment count) and each finish once, across a reload', async () => {
    const folder = machineFolder();
    const { tracker } = await windowOn(folder);
    const job = await tracker.create(scope, 'Tidy the glossary');
    const key = jobKeyOf(job);
    const finished = await api.control.finishJob(job.id);
    await tracker.refresh(key);
    await tracker.refresh(key);
    await tracker.followUp(key, 'Change your work as my review comments below say.\n\nMy review (2 comments):');
    await tracker.noteInHistory(key, (history) => withReviewNoted(history, 2));
    await api.control.finishJob(job.id);
    await tracker.refresh(key);
    const reloaded = await windowOn(folder);
    const history = reloaded.tracker.get(key)?.history ?? [];
    const said = history.map((e) =>
      e.kind === 'finished'
        ? `finished ${e.status} ${e.prLink ?? 'no link'}`
        : e.kind === 'followUp'
          ? `follow-up, review of ${e.review ?? 0}`
          : e.kind === 'taken'
            ? `taken ${e.applied} of ${e.total}`
            : `reviewed ${e.reviewed} of ${e.total}`,
    );
    const pr = finished.prLink ?? '';
    assert.ok(pr, 'a pull request');
    assert.deepEqual(said, [`finished completed ${pr}`, 'follow-up, review of 2', `finished completed ${pr}`]);
    assert.ok(history.every((e) => !Number.isNaN(Date.parse(e.at))));
  });

  it('watches a job again when a follow-up’s answer was lost, and announces its next finish', async () => {
    const { tracker, announced, announcer } = await windowOn(machineFolder(), {
      mayHaveArrived: (e) => lostAnswerNote(e, 'followUp') !== undefined,
    });
    const job = await tracker.create(scope, 'Write the FAQ');
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await announcer.settled();
    assert.equal(announced.length, 1);
    // The follow-up reaches the service, but its answer never comes back.
    await api.control.fault({ kind: 'lost', match: { method: 'POST', path: '/message' } });
    await assert.rejects(tracker.followUp(jobKeyOf(job), 'And a glossary'), { name: 'NetworkError' });
    const awaiting = tracker.get(jobKeyOf(job));
    assert.ok(awaiting?.awaitingSince, 'watched again');
    assert.deepEqual(awaiting?.followUps, ['And a glossary']);
    await tracker.refresh(jobKeyOf(job));
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await announcer.settled();
    assert.equal(announced.length, 2, 'the follow-up’s finish is announced');
  });

  it('one 404 is a passing fault: the job keeps being checked and its finish is announced', async () => {
    const { tracker, announced, announcer } = await windowOn(machineFolder());
    const job = await tracker.create(scope, 'Survives a blip');
    await api.control.fault({ kind: 'status', status: 404, count: 1, match: { method: 'GET', path: job.id } });
    await tracker.refresh(jobKeyOf(job));
    assert.equal(tracker.get(jobKeyOf(job))?.notFound, false);
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await announcer.settled();
    assert.deepEqual(
      announced.map((j) => j.job.status),
      ['completed'],
    );
  });

  it('calls a job not found only after repeated 404s over minutes, keeps it, and clears it only when asked', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T10:00:00Z'));
    const { tracker } = await windowOn(machineFolder(), { clock });
    const job = await tracker.create(scope, 'Anything');
    await api.control.reset(); // the service forgets every job
    for (let i = 0; i < notFoundAfter.count; i++) {
      await tracker.refresh(jobKeyOf(job));
      assert.equal(tracker.get(jobKeyOf(job))?.notFound, false, `not after ${i + 1} quick 404s`);
    }
    await clock.advance(notFoundAfter.ms);
    await tracker.refresh(jobKeyOf(job));
    assert.equal(tracker.get(jobKeyOf(job))?.notFound, true);
    assert.equal(await tracker.clearFinished(false), 0, 'Clear Finished keeps it unless asked');
    assert.deepEqual(
      tracker.notFoundJobs().map((j) => j.id),
      [job.id],
    );
    assert.equal(await tracker.clearFinished(true), 0, 'still pollable: it may come back');
  });

  it('tracks a job whose create answer was unreadable but named it, and fills it in on the next check', async () => {
    const { tracker } = await windowOn(machineFolder());
    await api.control.fault({ kind: 'schema', omit: ['status', 'source'], match: { method: 'POST' } });
    const job = await tracker.create(scope, 'Made, but answered badly');
    const [made] = await api.control.jobs();
    assert.equal(job.id, made?.id, 'the job the service made is the one tracked');
    await tracker.refresh(jobKeyOf(job));
    assert.equal(tracker.get(jobKeyOf(job))?.job.ref, made?.source.ref);
  });

  it('tracks nothing when the create answer cannot even name the job', async () => {
    const { tracker } = await windowOn(machineFolder());
    await api.control.fault({ kind: 'malformed', match: { method: 'POST' } });
    await assert.rejects(tracker.create(scope, 'Lost in transit'), { name: 'MalformedResponseError' });
    assert.deepEqual(tracker.jobs(), []);
  });

  it('accepts a job answered with only id, status and prLink', async () => {
    const { tracker, announced, announcer } = await windowOn(machineFolder());
    const job = await tracker.create(scope, 'Minimal answers');
    await api.control.finishJob(job.id);
    await api.control.fault({
      kind: 'schema',
      omit: ['source', 'createdAt', 'model', 'archivedAt'],
      match: { method: 'GET', path: job.id },
    });
    await tracker.refresh(jobKeyOf(job));
    const checked = tracker.get(jobKeyOf(job));
    assert.equal(checked?.job.status, 'completed');
    assert.match(checked?.job.prLink ?? '', /^https:/);
    assert.equal(checked?.checkError, undefined);
    await announcer.settled();
    assert.equal(announced.length, 1);
  });

  it('says why a job’s last check failed, in every window, until an answer comes through', async () => {
    const folder = machineFolder();
    const { tracker } = await windowOn(folder);
    const other = await windowOn(folder, { polling: false });
    const job = await tracker.create(scope, 'Checked badly');
    await api.control.fault({ kind: 'schema', omit: ['status'], count: 5, match: { method: 'GET', path: job.id } });
    await tracker.refresh(jobKeyOf(job));
    await other.store.reload();
    assert.match(other.tracker.get(jobKeyOf(job))?.checkError ?? '', /"status" should be a string/);
    assert.equal(tracker.jobs().length, 1, 'the job is kept');
    await api.control.clearFaults();
    await tracker.refresh(jobKeyOf(job));
    assert.equal(tracker.get(jobKeyOf(job))?.checkError, undefined);
  });

  it('tracks a finished job by id without announcing it', async () => {
    const { tracker, announced, announcer } = await windowOn(machineFolder());
    const elsewhere = await api.client().createJob(scope.projectId, 'From a teammate');
    await api.control.finishJob(elsewhere.id);
    const tracked = await tracker.trackById(scope, elsewhere.id);
    await tracker.refresh(jobKeyOf(tracked));
    await announcer.settled();
    assert.equal(tracked.job.status, 'completed');
    assert.deepEqual(announced, []);
  });

  it('finished jobs older than the setting leave the view; Track Job by ID shows one again', async () => {
    const clock = new FakeClock(Date.parse('2026-11-22T10:00:00Z'));
    const { tracker } = await windowOn(machineFolder(), { clock, hideFinishedAfterDays: 30 });
    const job = await tracker.create(scope, 'Long done');
    await api.control.finishJob(job.id);
    await tracker.refresh(jobKeyOf(job));
    await clock.advance(31 * 86_400_000);
    assert.deepEqual(tracker.jobs(), []);
    const again = await tracker.trackById(scope, job.id);
    assert.equal(again.prompt, 'Long done', 'the stored record, not a new one');
    assert.deepEqual(
      tracker.jobs().map((j) => j.id),
      [job.id],
    );
  });

  it('shows only the open projects’ jobs, and clears only finished ones', async () => {
    const { tracker } = await windowOn(machineFolder());
    const done = await tracker.create(scope, 'Done soon');
    const running = await tracker.create(scope, 'Runs on');
    await api.control.finishJob(done.id);
    await tracker.refresh(jobKeyOf(done));
    assert.equal(await tracker.clearFinished(false), 1);
    assert.deepEqual(
      tracker.jobs().map((j) => j.id),
      [running.id],
    );
    tracker.setScopes([{ ...scope, projectId: 'another-project' }]);
    assert.deepEqual(tracker.jobs(), []);
  });
});
