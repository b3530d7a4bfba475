// VisitorsService against the real emulator on loopback: what is read, what comes from the
// cache, what the ledger counts, shared and cancelled reads. The emulator's request log is the
// witness for "no request was made".
import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import type { ClientOptions } from '../../src/api/client';
import { CancelledError, ServerError } from '../../src/api/errors';
import { presetRange } from '../../src/visitors/date-range';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { sharedKeys } from '../../src/platform/storage-layout';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { asked } from '../support/budget';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';

const TODAY = '2026-11-20';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
const past = { from: '2026-10-01', to: '2026-10-31' };
const week = presetRange('7d', TODAY);

describe('analytics: visitors service', () => {
  let api: ApiFixture;
  before(async () => {
    api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  const fixture = (): ProjectScope => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId });
  const synthetic = (): ProjectScope => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId });

  /** The editor's global state and the report files folder, shared by windows. */
  const newStorage = (): { memento: MemoryMemento; files: MemoryTextFiles } => ({
    memento: new MemoryMemento(),
    files: new MemoryTextFiles(),
  });

  function setup(storage = newStorage(), clock = new FakeClock(NOON), client: Partial<ClientOptions> = {}) {
    const { memento, files } = storage;
    const cache = new VisitorsCache(memento, files, clock);
    const ledger = new RequestLedger(memento, clock);
    const apiClient = api.client(client);
    const service = new VisitorsService({ client: () => apiClient, cache, ledger, clock });
    return { service, cache, ledger, clock, memento, files, storage };
  }
  const requestCount = async (): Promise<number> => (await api.control.requests()).length;

  it('reads a past range once, then never again: not in this session, not after a reload', async () => {
    const { service, storage, ledger } = setup();
    const first = await service.load(fixture(), past);
    assert.equal(first.fromCache, false);
    assert.equal(first.report.requests, 1);
    assert.equal(first.report.fetchedAt, NOON);
    assert.deepEqual((await api.control.requests())[0]?.query, { dateFrom: '2026-10-01', dateTo: '2026-11-01', limit: '250', offset: '0' });
    const again = await service.load(fixture(), past);
    assert.deepEqual(again, { report: first.report, fromCache: true });
    const reloaded = setup(storage);
    assert.deepEqual(await reloaded.service.load(fixture(), past), { report: first.report, fromCache: true });
    assert.equal(await requestCount(), 1);
    assert.equal(ledger.countLastHour(), 1);
  });

  it('serves a past range read in one window from disk in a new one: no request, a small index', async () => {
    const range = { from: '2026-08-01', to: '2026-08-31' };
    const first = setup();
    const read = await first.service.load(synthetic(), range);
    assert.ok(read.report.requests > 1, `${read.report.requests} requests`);
    assert.equal(await requestCount(), read.report.requests);
    await api.control.clearRequests();

    const second = setup(first.storage);
    const before = second.ledger.countLastHour();
    assert.equal(second.service.cached(synthetic(), range), undefined, "not in this window's memory yet");
    assert.equal(second.service.isCached(synthetic(), range), true);
    assert.equal(second.service.estimatePages(synthetic(), range), read.report.requests, 'estimated from the index alone');
    assert.deepEqual(await second.service.load(synthetic(), range), { report: read.report, fromCache: true });
    assert.deepEqual(second.service.cached(synthetic(), range), read.report);
    assert.equal(await requestCount(), 0);
    assert.equal(second.ledger.countLastHour(), before);
    const index = JSON.stringify(first.storage.memento.get<unknown>(sharedKeys.visitorsIndex));
    assert.ok(index.length < 500 && !index.includes('"path"'), index);
    assert.equal(first.files.names().length, 1);
  });

  it('reads a range again when its file is damaged, and stores it afresh', async () => {
    const first = setup();
    const read = await first.service.load(fixture(), past);
    const [name] = first.files.names();
    assert.ok(name);
    first.files.files.set(name, '{"baseUrl":"cut sho');
    await api.control.clearRequests();
    const second = setup(first.storage);
    const again = await second.service.load(fixture(), past);
    assert.equal(again.fromCache, false);
    assert.deepEqual(again.report.rows, read.report.rows);
    assert.equal(await requestCount(), 1);
    assert.deepEqual((JSON.parse(first.files.files.get(name) ?? '') as { report: unknown }).report, again.report);
    assert.deepEqual(await setup(first.storage).service.load(fixture(), past), { report: again.report, fromCache: true });
    assert.equal(await requestCount(), 1);
  });

  it("keeps today's range five minutes, for this window, a reload and every other window", async () => {
    const { service, clock, storage } = setup();
    await service.load(fixture(), week);
    await clock.advance(5 * 60_000 - 1);
    assert.equal((await service.load(fixture(), week)).fromCache, true);
    assert.equal((await setup(storage, clock).service.load(fixture(), week)).fromCache, true, 'another window or a reload');
    assert.equal(await requestCount(), 1);
    await clock.advance(1);
    assert.equal((await setup(storage, clock).service.load(fixture(), week)).fromCache, false);
    assert.equal(await requestCount(), 2);
    assert.equal((await service.load(fixture(), week)).fromCache, true, 'the report that window read');
    assert.equal(await requestCount(), 2);
  });

  it('reads again on a forced refresh and keeps the new report', async () => {
    const { service, clock, storage } = setup();
    await service.load(fixture(), past);
    await clock.advance(60_000);
    const forced = await service.load(fixture(), past, { force: true });
    assert.equal(forced.fromCache, false);
    assert.equal(forced.report.fetchedAt, NOON + 60_000);
    assert.equal(await requestCount(), 2);
    assert.equal((await setup(storage, clock).service.load(fixture(), past)).report.fetchedAt, NOON + 60_000);
  });

  it('shares one read between loads of the same range at once', async () => {
    const { service, ledger } = setup();
    const pages: string[] = [];
    const [a, b, other] = await Promise.all([
      service.load(fixture(), past, { onPage: (n) => pages.push(`a${n}`) }),
      service.load(fixture(), past, { force: true, onPage: (n) => pages.push(`b${n}`) }),
      service.load(synthetic(), past),
    ]);
    assert.equal(a.report, b.report);
    assert.deepEqual(pages.sort(), ['a1', 'b1'], 'both hear of the one page read');
    const fixtureReads = (await api.control.requests()).filter((r) => r.path.includes(api.emulator.projectId));
    assert.equal(fixtureReads.length, 1);
    assert.equal(ledger.countLastHour(), 1 + other.report.requests);
  });

  it('says a read nobody asked for is under way, so another of the same range joins it instead of asking', async () => {
    const { service } = setup();
    assert.equal(service.isReading(fixture(), past), false);
    const during: boolean[] = [];
    await service.load(fixture(), past, {
      onPage: () => during.push(service.isReading(fixture(), past), service.isReading(synthetic(), past)),
    });
    assert.deepEqual(during, [true, false], 'under way while its pages come; another project is not that read');
    assert.equal(service.isReading(fixture(), past), false, 'done: the next read comes from the cache');
  });

  it('cancels a read: CancelledError, no further page asked, nothing cached', async () => {
    const { service, cache, ledger, memento, files } = setup();
    const controller = new AbortController();
    const error = await failure(service.load(synthetic(), past, { signal: controller.signal, onPage: () => controller.abort() }));
    assert.ok(error instanceof CancelledError, String(error));
    assert.equal(await requestCount(), 1);
    assert.equal(ledger.countLastHour(), 1);
    assert.equal(cache.get(synthetic(), past), undefined);
    assert.equal(memento.get<unknown[]>(sharedKeys.visitorsIndex), undefined);
    assert.deepEqual(files.names(), []);
    // The next load starts a new read rather than joining the cancelled one.
    assert.equal((await service.load(synthetic(), past)).fromCache, false);
  });

  it('lets one waiter give up without cancelling the read others wait for', async () => {
    const { service, cache } = setup();
    // A slow answer, held by the emulator, so both loads are surely waiting.
    await api.control.fault({ kind: 'latency', ms: 150 });
    const quitter = new AbortController();
    const gaveUp = failure(service.load(fixture(), past, { signal: quitter.signal }));
    const stayed = service.load(fixture(), past);
    await api.control.waitForRequests(1);
    quitter.abort();
    assert.ok((await gaveUp) instanceof CancelledError);
    assert.equal((await stayed).fromCache, false);
    assert.ok(cache.get(fixture(), past));
    assert.equal(await requestCount(), 1);
  });

  it('cancels the read when every waiter gives up during a request', async () => {
    const { service, cache } = setup();
    await api.control.fault({ kind: 'hang' });
    const controller = new AbortController();
    const load = failure(service.load(fixture(), past, { signal: controller.signal }));
    await api.control.waitForRequests(1);
    controller.abort();
    assert.ok((await load) instanceof CancelledError);
    assert.equal(cache.get(fixture(), past), undefined);
    assert.equal((await failure(service.load(fixture(), past, { signal: controller.signal }))) instanceof CancelledError, true);
  });

  it('counts the requests of a read that fails halfway, and caches nothing', async () => {
    const { service, cache, ledger } = setup(undefined, undefined, { retry: { maxAttempts: 2 } });
    await api.control.fault({ kind: 'status', status: 500, count: 20, after: 2 });
    const pages: number[] = [];
    const error = await failure(service.load(synthetic(), past, { onPage: (n) => pages.push(n) }));
    assert.ok(error instanceof ServerError, String(error));
    assert.deepEqual(pages, [1, 2]);
    const offsets = (await api.control.requests()).map((r) => r.query.offset);
    assert.deepEqual(offsets, ['0', '250', '500', '500'], 'two pages, then the third page tried twice');
    // Every request that left counts, the client's retry of page three included.
    assert.equal(ledger.countLastHour(), 4);
    assert.equal(cache.get(synthetic(), past), undefined);
  });

  it('reads the 10,000-path site for 90 days in exactly ceil(rows/250) requests', async () => {
    const { service, ledger } = setup();
    const range = presetRange('90d', TODAY);
    assert.equal(service.estimatePages(synthetic(), range), 1, 'nothing known yet');
    const { report } = await service.load(synthetic(), range);
    const expected = Math.ceil(report.rows.length / 250);
    assert.ok(report.rows.length > 5000, `${report.rows.length} rows`);
    assert.equal(report.requests, expected);
    const requests = await api.control.requests();
    assert.equal(requests.length, expected);
    requests.forEach((r, i) =>
      assert.deepEqual(r.query, { dateFrom: range.from, dateTo: '2026-11-21', limit: '250', offset: String(i * 250) }),
    );
    assert.equal(ledger.countLastHour(), expected);
    assert.equal(new Set(report.rows.map((r) => r.path)).size, report.rows.length);
    assert.equal(service.estimatePages(synthetic(), range), expected);
  });

  it('estimates a read from the closest cached range of the scope', async () => {
    const { service, ledger } = setup();
    const quarter = presetRange('90d', TODAY);
    const big = await service.load(synthetic(), quarter);
    // Past the unasked share after the quarter: the writer asks for this one.
    const small = await service.load(synthetic(), { from: '2026-11-01', to: '2026-11-01' }, { budget: await asked(ledger, 60) });
    const pagesOf = (rows: number): number => Math.max(1, Math.ceil(rows / 250));
    assert.ok(pagesOf(small.report.rows.length) < pagesOf(big.report.rows.length));
    assert.equal(service.estimatePages(synthetic(), { from: '2026-11-02', to: '2026-11-02' }), pagesOf(small.report.rows.length));
    assert.equal(service.estimatePages(synthetic(), presetRange('30d', TODAY)), pagesOf(big.report.rows.length));
    assert.equal(service.estimatePages(fixture(), quarter), 1, 'another project knows nothing');
  });
});
