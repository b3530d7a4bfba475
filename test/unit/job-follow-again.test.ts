// A job followed again after Stop Following: its finishes must each be announced once, however
// often it was dropped and followed again, although the claims of its earlier finishes live on
// on the machine (until the daily prune, a day later at the earliest).
import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobFileName } from '../../src/jobs/job-store';
import { jobKeyOf, type TrackedJob } from '../../src/jobs/tracked-job';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { type JobWindow, machineFolder, openJobWindow } from '../support/fakes/job-window';

describe('a job followed again', () => {
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

  async function windowOn(folder: string): Promise<JobWindow> {
    const w = await openJobWindow(folder, {
      client: api.client(),
      clock: new FakeClock(Date.parse('2026-11-22T10:00:00Z')),
      scopes: [scope],
    });
    opened.push(w);
    return w;
  }

  /** The service finishes the job; the window sees it and its announcement is decided. */
  async function finish(w: JobWindow, job: TrackedJob): Promise<void> {
    await api.control.finishJob(job.id);
    await w.tracker.refresh(jobKeyOf(job));
    await w.announcer.settled();
  }

  async function followUpAndFinish(w: JobWindow, job: TrackedJob, prompt: string): Promise<void> {
    await w.tracker.followUp(jobKeyOf(job), prompt);
    await finish(w, job);
  }

  it('announces every finish once: finish, follow-up, finish, stop, follow again, follow-up, finish', async () => {
    const w = await windowOn(machineFolder());
    const job = await w.tracker.create(scope, 'Add an FAQ');
    await finish(w, job);
    await followUpAndFinish(w, job, 'Add a question on billing');
    await w.tracker.stopTracking([jobKeyOf(job)]);
    const again = await w.tracker.trackById(scope, job.id);
    assert.equal(again.job.status, 'completed');
    await w.announcer.settled();
    assert.equal(w.announced.length, 2, 'following a finished job again announces nothing');
    await followUpAndFinish(w, job, 'Add one on refunds');
    // Twice more, for a job dropped and followed again more than once.
    await w.tracker.stopTracking([jobKeyOf(job)]);
    await w.tracker.trackById(scope, job.id);
    await followUpAndFinish(w, job, 'Add one on invoices');
    assert.deepEqual(
      w.announced.map((j) => j.followUps.at(-1) ?? j.prompt),
      ['Add an FAQ', 'Add a question on billing', 'Add one on refunds', 'Add one on invoices'],
    );
  });

  it('announces the next finish of a job an earlier version stopped following (its mark has no round)', async () => {
    const folder = machineFolder();
    const w = await windowOn(folder);
    const job = await w.tracker.create(scope, 'Add an FAQ');
    await finish(w, job);
    await followUpAndFinish(w, job, 'Add a question on billing');
    w.dispose();
    // Stop Following as an earlier version wrote it: the tombstone holds only the key and the date.
    const key = jobKeyOf(job);
    writeFileSync(join(folder, 'jobs', jobFileName(key)), JSON.stringify({ version: 2, key, removedAt: new Date().toISOString() }));
    const upgraded = await windowOn(folder);
    assert.deepEqual(upgraded.tracker.jobs(), []);
    await upgraded.tracker.trackById(scope, job.id);
    await followUpAndFinish(upgraded, job, 'Add one on refunds');
    assert.deepEqual(
      upgraded.announced.map((j) => j.followUps.at(-1)),
      ['Add one on refunds'],
    );
  });
});
