// Following previews as several windows of one machine do, against the emulator over loopback:
// the window holding the polling lease checks the build (the other sends nothing), each finish
// is announced in exactly one window, a 429 pauses checks, and a plan without previews is
// remembered for every window. Real trackers, stores and claims on one shared folder.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PreviewsNotInPlanError, RateLimitedError } from '../../src/api/errors';
import { type Clock, systemClock } from '../../src/platform/clock';
import { Claims } from '../../src/platform/machine/claims';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import { PreviewAnnouncer } from '../../src/previews/preview-announcer';
import { PreviewLimits } from '../../src/previews/preview-limits';
import { dailyPreviewPrune } from '../../src/previews/preview-pruning';
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
  announcer?: PreviewAnnouncer;
  announced: TrackedPreview[];
  dispose(): void;
}

interface WindowOptions {
  clock?: Clock;
  /** false: this window sees other windows' writes only when it reloads (a watch that lags). */
  watch?: boolean;
  focused?: () => boolean;
}

describe('previews followed by several windows against the emulator', () => {
  let api: ApiFixture;
  let folder: string;
  const windows: Window[] = [];
  const scope = (): { baseUrl: string; projectId: string } => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId });
  const statusChecks = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.includes('/update-status/')).length;
  const announcements = (): TrackedPreview[] => windows.flatMap((w) => w.announced);
  const claimFiles = (): string[] => readdirSync(join(folder, 'claims'));

  async function openWindow(poller: boolean, { clock = systemClock, watch, focused = () => false }: WindowOptions = {}): Promise<Window> {
    const store = new PreviewStore(join(folder, 'previews'), { watch: watch ?? true });
    await store.ready;
    const limits = new PreviewLimits(new SharedMemento(join(folder, 'shared.json')), clock);
    const tracker = new PreviewTracker({ store, limits, client: () => api.client(), clock, log: () => undefined });
    const announced: TrackedPreview[] = [];
    const announcer = new PreviewAnnouncer({
      store,
      claim: (name) => new Claims(join(folder, 'claims')).claim(name),
      notify: (preview) => announced.push(preview),
      thisWindowFocused: focused,
      otherWindowFocused: () => false,
      isPoller: () => poller,
      fallbackMs: 10,
    });
    tracker.setPolling(poller);
    const window = { store, tracker, announcer, announced, dispose: () => [announcer, tracker, store].forEach((part) => part.dispose()) };
    windows.push(window);
    return window;
  }

  /** Finishes a build on the platform and has `window` read it now. */
  async function finish(window: Window, statusId: string): Promise<void> {
    await api.control.finishPreview(statusId, 'success');
    await window.tracker.checkNow();
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
    const window = await openWindow(true, { clock: { ...systemClock, now: () => now } });
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
  /** Runs the machine's daily preview pruning at the clock's time, keeping finished previews `days`. */
  async function prune(clock: Clock, days: number): Promise<void> {
    const input = { store: windows[0].store, claims: new Claims(join(folder, 'claims')), hideFinishedAfterDays: () => days, clock };
    const chore = dailyPreviewPrune(join(folder, `last-prune-${clock.now()}.json`), input, { info: () => undefined });
    assert.ok(await chore.runIfDue());
    chore.dispose();
  }

  /** Previews `main` from `starter`, finishes it as `poller` reads it, and waits for its announcement. */
  async function previewOnce(starter: Window, poller: Window, announcedBefore: number): Promise<string> {
    const { statusId } = await starter.tracker.start({ scope: scope(), branch: 'main' });
    await poller.store.reload();
    await finish(poller, statusId);
    await eventually(() => announcements().length > announcedBefore, 'the finish to be announced', 5_000);
    await Promise.all(windows.map((w) => w.announcer?.settled() ?? Promise.resolve()));
    return statusId;
  }

  it('a branch previewed again after its record was pruned is announced again, once, and no claim stays on disk', async () => {
    let now = Date.now();
    const clock = { ...systemClock, now: () => now };
    // Both windows focused: each claims every finish, so only the claim keeps it to one toast.
    const poller = await openWindow(true, { clock, focused: () => true });
    const other = await openWindow(false, { clock, focused: () => true });
    const first = await previewOnce(other, poller, 0);
    assert.equal(announcements().length, 1);
    now += 40 * 86_400_000;
    await prune(clock, 30);
    await poller.store.reload();
    assert.deepEqual([poller.store.all().length, claimFiles()], [0, []], 'the record and its claim went together');
    const second = await previewOnce(poller, poller, 1);
    assert.deepEqual(
      announcements()
        .map((p) => p.statusId)
        .sort(),
      [first, second].sort(),
      'the new build announced exactly once',
    );
    now += 40 * 86_400_000;
    await prune(clock, 30);
    assert.deepEqual(claimFiles(), []);
  });

  it('a build started again the day its record was pruned (kept half a day) is announced too', async () => {
    let now = Date.now();
    const clock = { ...systemClock, now: () => now };
    const poller = await openWindow(true, { clock, focused: () => true });
    await previewOnce(poller, poller, 0);
    now += 13 * 3_600_000;
    await prune(clock, 0.5);
    assert.equal(claimFiles().length, 1, 'a claim younger than a day is kept, whatever its record');
    await previewOnce(poller, poller, 1);
    assert.equal(announcements().length, 2);
  });

  it('a window that has not seen another’s new build yet counts its own after it, and only the newest finish is announced', async () => {
    let focused = false;
    const a = await openWindow(false, { watch: false, focused: () => focused });
    const b = await openWindow(false, { watch: false });
    const first = await a.tracker.start({ scope: scope(), branch: 'main' });
    // A reads the first build ready, and has not announced it yet (not focused) when B starts another.
    await finish(a, first.statusId);
    const second = await b.tracker.start({ scope: scope(), branch: 'main' });
    assert.equal(second.round, 1, 'the second build of the branch, read from the record as stored, not from B’s copy');
    focused = true;
    a.announcer?.review();
    await a.announcer?.settled();
    await a.store.reload();
    await finish(a, second.statusId);
    await a.announcer?.settled();
    assert.deepEqual(
      a.announced.map((p) => [p.statusId, p.status]),
      [[second.statusId, 'success']],
      'the replaced build is not announced (nor the new one as it starts), the new one is when it ends',
    );
  });
});
