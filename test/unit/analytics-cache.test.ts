// The visitors cache and the request ledger on their own: what is kept, for how long, where,
// and the caps on global storage. Reads through the emulator are in analytics-service.test.ts.
import * as assert from 'node:assert/strict';
import { ledgerKey, RequestLedger } from '../../src/analytics/request-ledger';
import { type CachedReport, cacheKey, maxPersistedChars, maxPersistedRanges, VisitorsCache } from '../../src/analytics/visitors-cache';
import { addDays } from '../../src/analytics/date-range';
import { FakeClock } from '../support/fake-clock';
import { MemoryMemento } from '../support/memory-memento';

const NOON = Date.parse('2026-11-20T12:00:00Z');
const scope = { baseUrl: 'https://api.example.test', projectId: 'acme-docs' };
const past = { from: '2026-10-01', to: '2026-10-31' };
const current = { from: '2026-11-14', to: '2026-11-20' };

function report(rows = 3, fetchedAt = NOON, pathLength = 10): CachedReport {
  const list = Array.from({ length: rows }, (_, i) => ({ path: `/${String(i).padStart(pathLength, 'p')}`, human: i, ai: 1, total: i + 1 }));
  return { totals: { human: rows, ai: 1, total: rows + 1 }, rows: list, fetchedAt, requests: Math.max(1, Math.ceil(rows / 250)) };
}

function storedRanges(memento: MemoryMemento): string[] {
  const value = memento.get<Array<{ from: string; to: string }>>(cacheKey) ?? [];
  return value.map((e) => `${e.from}..${e.to}`);
}

describe('analytics: visitors cache', () => {
  let clock: FakeClock;
  let memento: MemoryMemento;
  let cache: VisitorsCache;
  beforeEach(() => {
    clock = new FakeClock(NOON);
    memento = new MemoryMemento();
    cache = new VisitorsCache(memento, clock);
  });

  it('keeps a past range for good, also for a new cache on the same storage', async () => {
    await cache.set(scope, past, report());
    await clock.advance(30 * 86_400_000);
    assert.deepEqual(cache.get(scope, past), report());
    assert.deepEqual(new VisitorsCache(memento, clock).get(scope, past), report());
    assert.equal(cache.get({ ...scope, projectId: 'other' }, past), undefined);
    assert.equal(cache.get({ ...scope, baseUrl: 'http://127.0.0.1:4000' }, past), undefined);
    assert.equal(cache.get(scope, { ...past, to: '2026-10-30' }), undefined);
  });

  it('keeps a range with today for five minutes, in memory only', async () => {
    await cache.set(scope, current, report());
    assert.deepEqual(storedRanges(memento), []);
    assert.equal(new VisitorsCache(memento, clock).get(scope, current), undefined);
    await clock.advance(5 * 60_000 - 1);
    assert.deepEqual(cache.get(scope, current), report());
    await clock.advance(1);
    assert.equal(cache.get(scope, current), undefined);
  });

  it('honours a custom time to live, and does not promote a today read once the day is over', async () => {
    const short = new VisitorsCache(memento, clock, { todayTtlMs: 1000 });
    await short.set(scope, current, report());
    await clock.advance(999);
    assert.ok(short.get(scope, current));
    await clock.advance(1);
    assert.equal(short.get(scope, current), undefined);
    // Read at 23:59 while it held today: tomorrow it is a past range, but that read is incomplete.
    await short.set(scope, current, report(3, clock.now()));
    await clock.advance(86_400_000);
    assert.equal(short.get(scope, current), undefined);
  });

  it('forgets a range on request, in memory and in storage', async () => {
    await cache.set(scope, past, report());
    await cache.set(scope, current, report());
    await cache.forget(scope, past);
    await cache.forget(scope, current);
    assert.equal(cache.get(scope, past), undefined);
    assert.equal(cache.get(scope, current), undefined);
    assert.deepEqual(storedRanges(memento), []);
  });

  it(`stores at most ${maxPersistedRanges} past ranges, newest first`, async () => {
    const ranges = Array.from({ length: 14 }, (_, i) => ({ from: addDays('2026-01-01', i * 7), to: addDays('2026-01-01', i * 7 + 6) }));
    for (const range of ranges) await cache.set(scope, range, report());
    const stored = storedRanges(memento);
    assert.equal(stored.length, maxPersistedRanges);
    assert.deepEqual(stored, ranges.slice(2).reverse().map((r) => `${r.from}..${r.to}`));
    const fresh = new VisitorsCache(memento, clock);
    assert.equal(fresh.get(scope, ranges[0]), undefined);
    assert.ok(fresh.get(scope, ranges[13]));
    // Setting an old range again makes it the newest.
    await cache.set(scope, ranges[5], report(4));
    assert.equal(storedRanges(memento)[0], `${ranges[5].from}..${ranges[5].to}`);
    assert.equal(storedRanges(memento).length, maxPersistedRanges);
  });

  it('stores at most about 8 MB of JSON, dropping the oldest, and skips one report too large alone', async () => {
    // About 1.5 MB each: 10,000 rows with 100-character paths.
    const big = (day: number): CachedReport => report(10_000, NOON + day, 100);
    const ranges = Array.from({ length: 7 }, (_, i) => ({ from: addDays('2026-06-01', i), to: addDays('2026-06-01', i) }));
    for (const [i, range] of ranges.entries()) await cache.set(scope, range, big(i));
    const size = JSON.stringify(memento.values.get(cacheKey)).length;
    assert.ok(size <= maxPersistedChars, `${size} chars stored`);
    const stored = storedRanges(memento);
    assert.ok(stored.length >= 4 && stored.length < 7, `${stored.length} kept`);
    assert.deepEqual(stored, ranges.slice(7 - stored.length).reverse().map((r) => `${r.from}..${r.to}`));
    // Too large alone: not stored, the others stay; this session still has it.
    const huge = { from: '2026-05-01', to: '2026-05-31' };
    await cache.set(scope, huge, report(60_000, NOON, 150));
    assert.deepEqual(storedRanges(memento), stored);
    assert.ok(cache.get(scope, huge));
    assert.equal(new VisitorsCache(memento, clock).get(scope, huge), undefined);
  });

  it('ignores damaged storage and writes over it', async () => {
    await memento.update(cacheKey, [{ baseUrl: 1 }, 'x', { ...scope, from: past.from, to: past.to, report: { rows: 'no' } }]);
    assert.equal(cache.get(scope, past), undefined);
    await cache.set(scope, past, report());
    assert.deepEqual(storedRanges(memento), [`${past.from}..${past.to}`]);
    await memento.update(cacheKey, { not: 'a list' });
    assert.equal(new VisitorsCache(memento, clock).get(scope, past), undefined);
  });

  it('lists every report of a scope, for estimates', async () => {
    await cache.set(scope, past, report(600));
    await cache.set(scope, current, report(10));
    await cache.set({ ...scope, projectId: 'other' }, past, report());
    await clock.advance(3_600_000);
    const entries = new VisitorsCache(memento, clock).entries(scope);
    assert.deepEqual(entries.map((e) => [e.range, e.report.rows.length]), [[past, 600]]);
    assert.deepEqual(cache.entries(scope).map((e) => e.range), [past, current]);
  });
});

describe('analytics: request ledger', () => {
  let clock: FakeClock;
  let memento: MemoryMemento;
  beforeEach(() => {
    clock = new FakeClock(NOON);
    memento = new MemoryMemento();
  });

  it('counts the last hour, shared through storage, and prunes older entries on write', async () => {
    const ledger = new RequestLedger(memento, clock);
    await ledger.record(3);
    await clock.advance(30 * 60_000);
    await ledger.record();
    await ledger.record(1);
    assert.equal(ledger.countLastHour(), 5);
    assert.equal(new RequestLedger(memento, clock).countLastHour(), 5, 'another window sees them');
    await clock.advance(30 * 60_000);
    assert.equal(ledger.countLastHour(), 2);
    assert.equal(memento.get<number[]>(ledgerKey)?.length, 5, 'reading does not write');
    await ledger.record();
    assert.deepEqual(memento.get<number[]>(ledgerKey), [NOON + 1_800_000, NOON + 1_800_000, NOON + 3_600_000]);
  });

  it('warns when more requests would pass the limit of 100', async () => {
    const ledger = new RequestLedger(memento, clock);
    await ledger.record(99);
    assert.equal(ledger.wouldExceed(1), false);
    assert.equal(ledger.wouldExceed(2), true);
    await clock.advance(3_600_000);
    assert.equal(ledger.wouldExceed(100), false);
  });

  it('keeps two records made at once', async () => {
    const a = new RequestLedger(memento, clock);
    const b = new RequestLedger(memento, clock);
    await Promise.all([a.record(), b.record(2), a.record()]);
    assert.equal(a.countLastHour(), 4);
  });

  it('reads damaged storage as no requests', async () => {
    await memento.update(ledgerKey, ['x', null, NOON, Number.NaN]);
    const ledger = new RequestLedger(memento, clock);
    assert.equal(ledger.countLastHour(), 1);
    await memento.update(ledgerKey, 'garbage');
    assert.equal(ledger.countLastHour(), 0);
    await ledger.record();
    assert.deepEqual(memento.get<number[]>(ledgerKey), [NOON]);
  });
});
