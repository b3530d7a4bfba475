// The hourly analytics budget is a reservation: a read holds its worst case before its first
// request, stops at it, and gives back what it did not use. Against the real emulator over
// loopback; its request log is the witness of what was spent, never the code under test.
import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { ServerError } from '../../src/api/errors';
import { machineReadAlone } from '../../src/platform/machine/read-alone';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import type { Memento } from '../../src/platform/memento';
import type { TextFiles } from '../../src/platform/text-files';
import { analyticsLimitPerHour, RequestLedger, unaskedCeiling } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { addDays } from '../../src/visitors/date-range';
import { sharedKeys } from '../../src/platform/storage-layout';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { asked } from '../support/budget';
import { FakeClock } from '../support/fakes/fake-clock';
import { machineFolder } from '../support/fakes/job-window';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';

const TODAY = '2026-11-20';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
/** Past months of the 10,000-path site: each takes tens of requests, none is kept yet. */
const october = { from: '2026-10-01', to: '2026-10-31' };
const september = { from: '2026-09-01', to: '2026-09-30' };

describe('analytics: the hourly budget is a reservation', () => {
  let api: ApiFixture;
  const mementos: SharedMemento[] = [];
  before(async () => {
    api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());
  afterEach(() => {
    for (const m of mementos.splice(0)) m.dispose();
  });

  const synthetic = (): ProjectScope => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId });
  const fixture = (): ProjectScope => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId });
  const visitorRequests = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;

  function window(
    memento: Memento = new MemoryMemento(),
    files: TextFiles = new MemoryTextFiles(),
    readAlone?: <T>(key: string, read: () => Promise<T>) => Promise<T>,
  ) {
    const clock = new FakeClock(NOON);
    const ledger = new RequestLedger(memento, clock);
    const client = api.client({ retry: { maxAttempts: 2 } });
    const service = new VisitorsService({
      client: () => client,
      cache: new VisitorsCache(memento, files, clock),
      ledger,
      clock,
      ...(readAlone ? { readAlone } : {}),
    });
    return { service, ledger, clock };
  }

  /** A window of its own on the machine's folder: its own memento on the shared file, the machine's read lock. */
  async function windowOn(folder: string, files: TextFiles) {
    const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
    mementos.push(shared);
    await shared.ready;
    return window(shared, files, machineReadAlone(join(folder, 'reading'), 60_000));
  }

  it('at 95 used and no report kept, the status bar’s read (nobody asked) makes no request', async () => {
    const { service, ledger } = window();
    await ledger.record(95);
    await service.load(synthetic(), october).catch(() => undefined);
    assert.equal(await visitorRequests(), 0, 'nothing sent');
    assert.equal(ledger.countLastHour(), 95);
  });

  it('reads nobody asked for, one range after another, stop inside the unasked share', async () => {
    const { service, ledger } = window();
    // Thirty days each, a week apart: each a read of its own, each tens of requests.
    const months = [0, 7, 14, 21, 28].map((back) => ({ from: addDays('2026-10-01', -back), to: addDays('2026-10-30', -back) }));
    for (const month of months) await service.load(synthetic(), month).catch(() => undefined);
    const spent = await visitorRequests();
    console.log(`      ${months.length} unasked month reads: ${spent} requests, ${unaskedCeiling} the share`);
    assert.ok(spent > 0, 'the first reads were made');
    assert.ok(spent <= unaskedCeiling, `${spent} requests, more than the unasked share`);
    assert.equal(ledger.countLastHour(), spent, 'every request counted');
    assert.equal(ledger.heldLastHour(), 0, 'every read gave back what it held');
  });

  it('two windows at 60 used, reading different ranges at once, stay at or below 100, asked or not', async () => {
    const folder = machineFolder();
    const files = new MemoryTextFiles();
    const [a, b] = await Promise.all([windowOn(folder, files), windowOn(folder, files)]);
    await a.ledger.record(60);
    // Nobody asked (the panel opening, the status bar): neither may pass the unasked share.
    await Promise.all([a.service.load(synthetic(), october), b.service.load(synthetic(), september)].map((p) => p.catch(() => undefined)));
    const unasked = await visitorRequests();
    assert.ok(60 + unasked <= unaskedCeiling || unasked === 0, `${60 + unasked} of ${analyticsLimitPerHour} after reads nobody asked for`);
    // Both asked for: each reserves its cap, or what fits of it, at the same moment.
    const read = async (w: typeof a, range: typeof october): Promise<void> => {
      const budget = await w.ledger.reserve(w.service.cap(synthetic(), range), { least: 1 });
      if (!('slots' in budget)) return;
      await w.service.load(synthetic(), range, { budget }).finally(() => budget.release());
    };
    await Promise.all([read(a, october), read(b, september)]);
    const total = 60 + (await visitorRequests());
    console.log(`      two windows from 60: ${total} of ${analyticsLimitPerHour} (${unasked} unasked)`);
    assert.ok(total <= analyticsLimitPerHour, `${total} of ${analyticsLimitPerHour}`);
    const fresh = await windowOn(folder, files);
    assert.equal(fresh.ledger.countLastHour(), total, 'every request counted by every window');
    assert.equal(fresh.ledger.heldLastHour(), 0);
  });

  it('a read that stops at its cap says it read part of the range, and keeps nothing as the whole', async () => {
    const { service, ledger } = window();
    const result = await service.load(synthetic(), october, { budget: await asked(ledger, 3) });
    assert.equal(result.report.partial, true);
    assert.equal(result.report.requests, 3);
    assert.equal(await visitorRequests(), 3, 'not one request past the reservation');
    assert.equal(service.isCached(synthetic(), october), false);
    assert.ok(service.estimatePages(synthetic(), october) > 3, 'the next estimate knows it is larger');
  });

  it('a read that used fewer requests than it reserved gives the rest back; one that fails gives back too', async () => {
    const { service, ledger } = window();
    const budget = await asked(ledger, 40);
    assert.equal(ledger.committed(), 40, 'held before the first request');
    await service.load(fixture(), october, { budget });
    await budget.release();
    assert.deepEqual([ledger.countLastHour(), ledger.heldLastHour()], [1, 0], 'one request spent, 39 freed');
    // A read nobody asked for reserves its own cap and gives back the rest however it ends.
    await api.control.fault({ kind: 'status', status: 500, count: 20, after: 2 });
    assert.ok((await failure(service.load(synthetic(), october))) instanceof ServerError);
    const spent = await visitorRequests();
    assert.deepEqual([ledger.countLastHour(), ledger.heldLastHour()], [spent, 0], 'the failed read holds nothing');
    assert.ok(ledger.committed() + 40 <= analyticsLimitPerHour, 'the whole unknown-size cap fits again');
  });

  it('a window that dies holding slots frees them an hour after it took them, not before; older versions still count every use', async () => {
    const memento = new MemoryMemento();
    const clock = new FakeClock(NOON);
    const dying = new RequestLedger(memento, clock);
    const budget = await asked(dying, 30);
    await budget.spend();
    await clock.advance(60_000);
    await budget.spend();
    // The window is gone: nothing gives the 28 slots back.
    const other = new RequestLedger(memento, clock);
    await clock.advance(58 * 60_000);
    assert.equal(other.committed(), 30, 'two uses and 28 slots, a minute short of the hour');
    assert.equal(other.wouldExceed(71), true);
    // What an older version reads under the same key: the uses as plain times, nothing else.
    const stored = memento.get<unknown[]>(sharedKeys.analyticsRequests);
    assert.deepEqual(stored, [NOON, NOON + 60_000]);
    await clock.advance(60_000);
    assert.deepEqual([other.countLastHour(), other.heldLastHour()], [1, 0], 'the hour since the hold was taken is over');
  });
});
