// What readers said, read through SignalsService against the real emulator on loopback: a range
// costs its requests once on the machine (a reload and another window read none), every request
// is counted in the shared budget, a read never costs more than its caps, pending comments come
// first, and what share of the entries was read is kept with the report.
import * as assert from 'node:assert/strict';
import { signalsKind, type SignalsReport } from '../../src/readers/signals-report';
import { defaultSignalCaps, maxRequests, type SignalCaps, SignalsService } from '../../src/readers/signals-service';
import { presetRange, toQuery } from '../../src/visitors/date-range';
import { readViews } from '../../src/api/signal-reads';
import { ReportCache } from '../../src/visitors/report-cache';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { type ApiFixture, useAnalyticsApi } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';

const TODAY = '2026-11-20';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
const month = presetRange('30d', TODAY);
const quarter = presetRange('90d', TODAY);

describe('what readers said: reading a range once per machine', () => {
  const { api: running, fixture, synthetic, newStorage: storage } = useAnalyticsApi(TODAY);
  let api: ApiFixture;
  beforeEach(() => {
    api = running();
  });
  const signalRequests = async (): Promise<number> => (await api.control.requests()).filter((r) => !r.path.endsWith('/visitors')).length;

  function setup(shared = storage(), caps: SignalCaps = defaultSignalCaps) {
    const clock = new FakeClock(NOON);
    const ledger = new RequestLedger(shared.memento, clock);
    const cache = new ReportCache<SignalsReport>(signalsKind, shared.memento, shared.files, clock);
    const client = api.client();
    return { service: new SignalsService({ client: () => client, cache, ledger, clock, caps: () => caps }), ledger, shared };
  }

  it('reads the fixture site’s month once: a reload and another window read nothing, and the ledger counts each request', async () => {
    const window = setup();
    const first = await window.service.load(fixture(), month);
    assert.equal(first.fromCache, false);
    const spent = await signalRequests();
    assert.equal(first.report.requests, spent);
    assert.ok(spent >= 4 && spent <= maxRequests(defaultSignalCaps), `${spent} requests`);
    assert.equal(window.ledger.countLastHour(), spent, 'every request counted in the shared budget');
    assert.ok(first.report.entries.length > 0 && first.report.searches.length > 0 && first.report.turns.length > 0);

    const reloaded = setup(window.shared);
    const again = await reloaded.service.load(fixture(), month);
    assert.equal(again.fromCache, true);
    assert.deepEqual(again.report, first.report);
    assert.equal(await signalRequests(), spent, 'nothing more asked');
  });

  it('pending entries come first, and the share read is kept: the whole range when it fits', async () => {
    const { service } = setup();
    const { report } = await service.load(fixture(), quarter);
    const firstOther = report.entries.findIndex((e) => e.status !== 'pending');
    assert.ok(firstOther === -1 || report.entries.slice(firstOther).every((e) => e.status !== 'pending'), 'pending first');
    assert.equal(report.entriesComplete, true);
    const truth = await api.control.signals(api.emulator.projectId);
    assert.equal(
      report.entries.length,
      truth.feedback.filter((e) => e.day >= Date.parse(quarter.from) / 86_400_000).length,
      'every entry of the range',
    );
  });

  it('a large site’s read stops at the caps, and says the entries were only partly read', async () => {
    const caps = { feedback: 2, searches: 1, assistant: 1 };
    const { service } = setup(storage(), caps);
    const { report } = await service.load(synthetic(), quarter);
    assert.ok((await signalRequests()) <= maxRequests(caps));
    assert.equal(report.requests, maxRequests(caps));
    assert.equal(report.entriesComplete, false);
    assert.equal(report.searchesComplete, false);
    assert.ok(report.entries.length <= 200);
  });

  it('two loads of one range at once make one read', async () => {
    const { service } = setup();
    const [a, b] = await Promise.all([service.load(fixture(), month), service.load(fixture(), month)]);
    assert.deepEqual(a.report, b.report);
    assert.equal(a.report.requests, await signalRequests());
  });

  it('views page by offset, 250 rows a request, to the end of the range or the cap', async () => {
    const viewRequests = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.endsWith('/views')).length;
    const query = toQuery(month);
    const whole = await readViews(api.client(), synthetic().projectId, query, { maxRequests: 1000 });
    assert.equal(whole.complete, true);
    assert.equal(whole.requests, Math.ceil(whole.items.length / 250), `${whole.items.length} paths`);
    assert.equal(await viewRequests(), whole.requests);
    assert.equal(new Set(whole.items.map((row) => row.path)).size, whole.items.length, 'each path once');
    assert.equal(
      whole.items.reduce((sum, row) => sum + row.total, 0),
      whole.totals.total,
      'the rows add up to the range’s totals',
    );
    const capped = await readViews(api.client(), synthetic().projectId, query, { maxRequests: 3 });
    assert.deepEqual([capped.requests, capped.items.length, capped.complete], [3, 750, false]);
  });
});
