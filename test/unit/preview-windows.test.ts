// Following previews as several windows of one machine do, against the emulator over loopback:
// the window holding the polling lease checks the build (the other sends nothing), each finish
// is announced in exactly one window, a 429 pauses checks, and a plan without previews is
// remembered for every window. Real trackers, stores and claims on one shared folder.
import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PreviewsNotInPlanError, RateLimitedError } from '../../src/api/errors';
import { systemClock } from '../../src/platform/clock';
import { Claims } from '../../src/platform/machine/claims';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import { PreviewAnnouncer } from '../../src/previews/preview-announcer';
import { PreviewLimits } from '../../src/previews/preview-limits';
import { PreviewStore } from '../../src/previews/preview-store';
import { PreviewTracker } from '../../src/previews/preview-tracker';
import type { TrackedPreview } from '../../src/previews/tracked-preview';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { createFixtureRemote } from '../support/emulator/fixture-repository';
import { eventually } from '../support/eventually';
import { fixtureSite } from '../support/workbench/code-server';

interface Window {
  store: PreviewStore;
  tracker: PreviewTracker;
  announced: TrackedPreview[];
  dispose(): void;
}

describe('previews followed by several windows against the emulator', () => {
  let api: ApiFixture;
  let folder: string;
  const windows: Window[] = [];
  const scope = (): { baseUrl: string; projectId: string } => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId });
  const statusChecks = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.includes('/update-status/')).length;

  async function openWindow(poller: boolean, clock = systemClock): Promise<Window> {
    const store = new PreviewStore(join(folder, 'previews'));
    await store.ready;
    const limits = new PreviewLimits(new SharedMemento(join(folder, 'shared.json')), clock);
    const tracker = new PreviewTracker({ store, limits, client: () => api.client(), clock, log: () => undefined });
    const announced: TrackedPreview[] = [];
    const announcer = new PreviewAnnouncer({
      store,
      claim: (name) => new Claims(join(folder, 'claims')).claim(name),
      notify: (preview) => announced.push(preview),
      thisWindowFocused: () => false,
      otherWindowFocused: () => false,
      isPoller: () => poller,
      fallbackMs: 10,
    });
    tracker.setPolling(poller);
    const window = { store, tracker, announced, dispose: () => [announcer, tracker, store].forEach((part) => part.dispose()) };
    windows.push(window);
    return window;
  }

  before(async () => {
    const parent = mkdtempSync(join(tmpdir(), 'preview-windows-'));
    api = await startApiFixture({
      gitRemote: createFixtureRemote(parent, fixtureSite),
      previewQueuedMs: 3_600_000,
      previewBuildMs: 3_600_000,
    });
  });
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'preview-machine-'));
    await api.control.reset();
  });
  afterEach(() => windows.splice(0).forEach((w) => w.dispose()));
  after(() => api?.close());

  it('one window checks the build, both show it, and its finish is announced once', async () => {
    const poller = await openWindow(true);
    const other = await openWindow(false);
    // A preview started in the window that does not poll.
    const started = await other.tracker.start({ scope: scope(), branch: 'main', pagePath: '/quickstart' });
    assert.deepEqual((await api.control.requests()).find((r) => r.method === 'POST')?.body, { branch: 'main' });
    await poller.store.reload();
    await api.control.finishPreview(started.statusId, 'success');
    await eventually(() => poller.store.all()[0]?.status === 'success', 'the poller to see the build end', 20_000);
    await other.store.reload();
    assert.equal(other.store.all()[0]?.status, 'success', 'the other window reads it from the shared store');
    await eventually(() => poller.announced.length + other.announced.length === 1, 'one announcement', 5_000);
    assert.equal(poller.announced.length + other.announced.length, 1);
    assert.ok((await statusChecks()) >= 1);
  });

  it('a preview of a job lends nothing of the job to the record (it is announced on its own round)', async () => {
    const window = await openWindow(true);
    const job = { ...scope(), id: 'job_1', round: 3, announcedRound: 3, prompt: 'x' };
    const started = await window.tracker.start({ scope: job, branch: 'main', jobId: 'job_1' });
    assert.deepEqual(
      Object.keys(started).filter((k) => ['id', 'prompt', 'announcedRound'].includes(k)),
      [],
    );
    assert.equal(started.round, 0);
    await api.control.finishPreview(started.statusId, 'failure');
    await eventually(() => window.announced.length === 1, 'the failure to be announced', 20_000);
  });

  it('a 429 on starting is waited out, said, and every window of the machine waits with it', async () => {
    // A clock the waits move, so the 20 s pass at once; the requests still go over loopback.
    let now = Date.now();
    const clock = { ...systemClock, now: () => now };
    const sharedFile = join(folder, 'shared.json');
    const other = new PreviewLimits(new SharedMemento(sharedFile), clock);
    const otherWaits: number[] = [];
    const store = new PreviewStore(join(folder, 'previews'));
    await store.ready;
    const tracker = new PreviewTracker({
      store,
      limits: new PreviewLimits(new SharedMemento(sharedFile), clock),
      client: () => api.client(),
      clock,
      log: () => undefined,
      sleep: async (ms) => {
        otherWaits.push(await other.takeRequest());
        now += ms;
      },
    });
    windows.push({ store, tracker, announced: [], dispose: () => [tracker, store].forEach((part) => part.dispose()) });
    // Someone else in the organisation spent the minute: the platform asks for 20 s, longer than the client sits through.
    await api.control.fault({ kind: 'status', status: 429, retryAfter: '20', match: { method: 'POST', path: '/project/preview/' } });
    const said: number[] = [];
    const started = await tracker.start({ scope: scope(), branch: 'main' }, (ms) => said.push(ms));
    assert.deepEqual(said, [20_000], 'the wait is said once, as long as the platform asked');
    assert.equal(otherWaits[0], 20_000, 'another window would wait the same');
    const posts = (await api.control.requests()).filter((r) => r.method === 'POST' && r.path.includes('/project/preview/'));
    assert.equal(posts.length, 2, 'asked again once, after the wait');
    assert.equal(started.status, 'queued');
  });

  it('a 429 that asks for longer than a few minutes is said, not waited out', async () => {
    const window = await openWindow(false);
    await api.control.fault({ kind: 'status', status: 429, retryAfter: '3600', match: { method: 'POST', path: '/project/preview/' } });
    const refused = await failure(window.tracker.start({ scope: scope(), branch: 'main' }));
    assert.ok(refused instanceof RateLimitedError);
    assert.match(refused.message, /Try again in 60 minutes\./);
  });

  it('a build whose status keeps answering 404 for 3 minutes is called lost, stops being checked, and is announced once', async () => {
    let now = Date.now();
    const window = await openWindow(true, { ...systemClock, now: () => now });
    const started = await window.tracker.start({ scope: scope(), branch: 'main' });
    await api.control.fault({ kind: 'status', status: 404, count: 1_000, match: { path: `/update-status/${started.statusId}` } });
    await window.tracker.checkNow();
    assert.equal(window.store.all()[0]?.notFound, undefined, 'one 404 can be the service catching up');
    assert.ok(window.store.all()[0]?.checkError);
    now += 3 * 60_000;
    await window.tracker.checkNow();
    assert.equal(window.store.all()[0]?.notFound, true);
    await eventually(() => window.announced.length === 1, 'the loss to be announced', 5_000);
    const checks = await statusChecks();
    await window.tracker.checkNow();
    assert.equal(await statusChecks(), checks, 'a lost build is not checked again');
  });

  it('a plan without previews is said once and remembered for every window', async () => {
    await api.control.setPlan(api.emulator.projectId, false);
    const window = await openWindow(true);
    const refused = await failure(window.tracker.start({ scope: scope(), branch: 'main' }));
    assert.ok(refused instanceof PreviewsNotInPlanError);
    // Another window (a fresh read of the shared file) knows it too.
    const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
    await shared.ready;
    assert.equal(new PreviewLimits(shared, systemClock).notInPlan(scope()), true);
  });
});
