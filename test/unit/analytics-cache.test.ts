// The visitors cache and the request ledger on their own: what is kept, for how long, where,
// and the caps on storage. Reads through the emulator are in analytics-service.test.ts.
import * as assert from 'node:assert/strict';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { moveEarlierAnalytics } from '../../src/visitors/earlier-state';
import { legacyStateKeys, sharedKeys } from '../../src/platform/storage-layout';
import type { TextFiles } from '../../src/platform/text-files';
import { type CachedReport, maxPersistedChars, maxPersistedRanges, VisitorsCache } from '../../src/visitors/visitors-cache';
import { addDays } from '../../src/visitors/date-range';
import { FakeClock } from '../support/fakes/fake-clock';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import type { IndexEntry } from '../../src/visitors/cache-entries';

const NOON = Date.parse('2026-11-20T12:00:00Z');
const scope = { baseUrl: 'https://api.example.test', projectId: 'acme-docs' };
const past = { from: '2026-10-01', to: '2026-10-31' };
const current = { from: '2026-11-14', to: '2026-11-20' };

function report(rows = 3, fetchedAt = NOON, pathLength = 10): CachedReport {
  const list = Array.from({ length: rows }, (_, i) => ({ path: `/${String(i).padStart(pathLength, 'p')}`, human: i, ai: 1, total: i + 1 }));
  return { totals: { human: rows, ai: 1, total: rows + 1 }, rows: list, fetchedAt, requests: Math.max(1, Math.ceil(rows / 250)) };
}

/** The index as stored, in the cache's own shape. */
type IndexRow = IndexEntry;

function index(memento: MemoryMemento): IndexRow[] {
  return memento.get<IndexRow[]>(indexKey) ?? [];
}

function storedRanges(memento: MemoryMemento): string[] {
  return index(memento).map((e) => `${e.from}..${e.to}`);
}

/** The report file of a stored range, as its index entry names it. */
function fileOf(memento: MemoryMemento, range: { from: string; to: string }): string {
  const entry = index(memento).find((e) => e.from === range.from && e.to === range.to);
  assert.ok(entry, `${range.from}..${range.to} is indexed`);
  return entry.file;
}

/** Removes a key when given undefined, as the editor's global state does. */
const { visitorsIndex: indexKey, analyticsRequests: ledgerKey } = sharedKeys;

describe('analytics: visitors cache', () => {
  let clock: FakeClock;
  let memento: MemoryMemento;
  let files: MemoryTextFiles;
  let cache: VisitorsCache;
  /** Another window, or the next session, on the same storage. */
  const fresh = (): VisitorsCache => new VisitorsCache(memento, files, clock);
  beforeEach(() => {
    clock = new FakeClock(NOON);
    memento = new MemoryMemento();
    files = new MemoryTextFiles();
    cache = new VisitorsCache(memento, files, clock);
  });

  it('keeps a past range for good, also for a new cache on the same storage', async () => {
    await cache.set(scope, past, report());
    await clock.advance(30 * 86_400_000);
    assert.deepEqual(cache.get(scope, past), report());
    const other = fresh();
    assert.equal(other.get(scope, past), undefined, 'get() answers from memory only');
    assert.equal(other.has(scope, past), true);
    assert.deepEqual(await other.load(scope, past), report());
    assert.deepEqual(other.get(scope, past), report(), 'remembered once loaded');
    assert.equal(await other.load({ ...scope, projectId: 'other' }, past), undefined);
    assert.equal(await other.load({ ...scope, baseUrl: 'http://127.0.0.1:4000' }, past), undefined);
    assert.equal(await other.load(scope, { ...past, to: '2026-10-30' }), undefined);
    assert.equal(cache.get({ ...scope, projectId: 'other' }, past), undefined);
    assert.equal(cache.get(scope, { ...past, to: '2026-10-30' }), undefined);
  });

  it('keeps only a small index in global state; the report itself is a file', async () => {
    const big = report(10_000, NOON, 60);
    await cache.set(scope, past, big);
    const stored = memento.values.get(indexKey);
    const size = JSON.stringify(stored).length;
    assert.ok(size < 500, `${size} chars in global state`);
    assert.deepEqual([...memento.values.keys()], [indexKey]);
    const [entry, ...more] = index(memento);
    assert.ok(entry);
    assert.deepEqual(more, []);
    assert.match(entry.file, /^[0-9a-f]{64}\.json$/);
    assert.deepEqual(files.names(), [entry.file]);
    const text = files.files.get(entry.file) ?? '';
    assert.deepEqual(
      { ...entry, file: undefined },
      { ...scope, ...past, file: undefined, rows: 10_000, chars: text.length, fetchedAt: NOON },
    );
    assert.ok(text.length > 500_000, `${text.length} chars in the file`);
    assert.deepEqual(JSON.parse(text), { ...scope, ...past, report: big });
  });

  it('keeps a range with today for five minutes, for every window and reload', async () => {
    await cache.set(scope, current, report());
    assert.deepEqual(storedRanges(memento), [`${current.from}..${current.to}`]);
    assert.equal(fresh().get(scope, current), undefined, 'another window has it on disk, not in memory');
    assert.equal(fresh().has(scope, current), true);
    assert.deepEqual(await fresh().load(scope, current), report());
    await clock.advance(5 * 60_000 - 1);
    assert.deepEqual(cache.get(scope, current), report());
    assert.deepEqual(await fresh().load(scope, current), report());
    assert.equal(cache.has(scope, current), true);
    await clock.advance(1);
    assert.equal(cache.get(scope, current), undefined);
    assert.equal(await cache.load(scope, current), undefined);
    assert.equal(await fresh().load(scope, current), undefined);
    assert.equal(fresh().has(scope, current), false);
  });

  it('honours a custom time to live, and does not promote a today read once the day is over', async () => {
    const short = new VisitorsCache(memento, files, clock, { todayTtlMs: 1000 });
    await short.set(scope, current, report());
    await clock.advance(999);
    assert.ok(short.get(scope, current));
    await clock.advance(1);
    assert.equal(short.get(scope, current), undefined);
    // Read at 23:59 while it held today: tomorrow it is a past range, but that read is incomplete.
    await short.set(scope, current, report(3, clock.now()));
    await clock.advance(86_400_000);
    assert.equal(short.get(scope, current), undefined);
    assert.equal(await short.load(scope, current), undefined);
  });

  it('forgets a range on request, in memory, in the index and on disk', async () => {
    await cache.set(scope, past, report());
    await cache.set(scope, current, report());
    await cache.forget(scope, past);
    await cache.forget(scope, current);
    assert.equal(cache.get(scope, past), undefined);
    assert.equal(cache.get(scope, current), undefined);
    assert.deepEqual(storedRanges(memento), []);
    assert.deepEqual(files.names(), []);
    assert.equal(await fresh().load(scope, past), undefined);
  });

  it(`stores at most ${maxPersistedRanges} past ranges, newest first, and removes the files of the others`, async () => {
    const ranges = Array.from({ length: 14 }, (_, i) => ({ from: addDays('2026-01-01', i * 7), to: addDays('2026-01-01', i * 7 + 6) }));
    for (const range of ranges) await cache.set(scope, range, report());
    const stored = storedRanges(memento);
    assert.equal(stored.length, maxPersistedRanges);
    assert.deepEqual(
      stored,
      ranges
        .slice(2)
        .reverse()
        .map((r) => `${r.from}..${r.to}`),
    );
    assert.deepEqual(
      files.names(),
      index(memento)
        .map((e) => e.file)
        .sort(),
    );
    const other = fresh();
    assert.equal(await other.load(scope, ranges[0]), undefined);
    assert.ok(await other.load(scope, ranges[13]));
    // Setting an old range again makes it the newest.
    await cache.set(scope, ranges[5], report(4));
    assert.equal(storedRanges(memento)[0], `${ranges[5].from}..${ranges[5].to}`);
    assert.equal(storedRanges(memento).length, maxPersistedRanges);
    assert.equal(files.names().length, maxPersistedRanges);
    assert.deepEqual(await fresh().load(scope, ranges[5]), report(4));
  });

  it('stores at most about 32 MB of report files, dropping the oldest, and skips one report too large alone', async () => {
    assert.equal(maxPersistedChars, 32 * 1024 * 1024);
    // About 7.4 MB each: 10,000 rows with 700-character paths.
    const big = (day: number): CachedReport => report(10_000, NOON + day, 700);
    const ranges = Array.from({ length: 7 }, (_, i) => ({ from: addDays('2026-06-01', i), to: addDays('2026-06-01', i) }));
    for (const [i, range] of ranges.entries()) await cache.set(scope, range, big(i));
    const size = [...files.files.values()].reduce((sum, text) => sum + text.length, 0);
    assert.ok(size <= maxPersistedChars, `${size} chars stored`);
    assert.equal(
      index(memento).reduce((sum, e) => sum + e.chars, 0),
      size,
    );
    const stored = storedRanges(memento);
    assert.ok(stored.length >= 4 && stored.length < 7, `${stored.length} kept`);
    assert.deepEqual(
      stored,
      ranges
        .slice(7 - stored.length)
        .reverse()
        .map((r) => `${r.from}..${r.to}`),
    );
    assert.equal(files.names().length, stored.length);
    // Too large alone: not stored, the others stay; this session still has it.
    const huge = { from: '2026-05-01', to: '2026-05-31' };
    await cache.set(scope, huge, report(50_000, NOON, 700));
    assert.deepEqual(storedRanges(memento), stored);
    assert.equal(files.names().length, stored.length);
    assert.ok(cache.get(scope, huge));
    assert.equal(await fresh().load(scope, huge), undefined);
  });

  it('ignores a damaged index and writes over it', async () => {
    const outside = { ...scope, ...past, file: '../../settings.json', rows: 1, chars: 10, fetchedAt: NOON };
    await files.write('../../settings.json', 'not ours');
    await memento.update(indexKey, [{ baseUrl: 1 }, 'x', outside, { ...scope, ...past, rows: 'many' }]);
    assert.equal(await cache.load(scope, past), undefined);
    assert.equal(cache.has(scope, past), false);
    await cache.set(scope, past, report());
    assert.deepEqual(storedRanges(memento), [`${past.from}..${past.to}`]);
    assert.equal(files.files.get('../../settings.json'), 'not ours', 'a name the cache did not make is never touched');
    // The file is found by its name even when the index is gone (storage can lose writes).
    await memento.update(indexKey, { not: 'a list' });
    assert.deepEqual(await fresh().load(scope, past), report());
    assert.deepEqual(storedRanges(memento), [`${past.from}..${past.to}`], 'and is put back in the index');
  });

  it('drops a range whose file is missing, damaged or of another range, and reads it no more', async () => {
    const ranges = Array.from({ length: 4 }, (_, i) => ({ from: addDays('2026-09-01', i), to: addDays('2026-09-01', i) }));
    for (const range of ranges) await cache.set(scope, range, report());
    const [missing, cut, wrongShape, swapped] = ranges.map((r) => fileOf(memento, r));
    await files.remove(missing);
    files.files.set(cut, (files.files.get(cut) ?? '').slice(0, 100));
    files.files.set(wrongShape, JSON.stringify({ ...scope, ...ranges[2], report: { rows: 'no' } }));
    files.files.set(swapped, JSON.stringify({ ...scope, ...past, report: report() }));
    const other = fresh();
    for (const range of ranges) {
      assert.equal(other.has(scope, range), true);
      assert.equal(await other.load(scope, range), undefined, `${range.from} is dropped`);
      assert.equal(other.has(scope, range), false);
    }
    assert.deepEqual(storedRanges(memento), []);
    assert.deepEqual(files.names(), []);
  });

  it('keeps an entry that another window wrote again while a damaged copy was read', async () => {
    await cache.set(scope, past, report());
    const name = fileOf(memento, past);
    // The read returns a torn file; meanwhile the other window stores a fresh report.
    const torn: TextFiles = {
      read: async () => {
        await cache.set(scope, past, report(5, NOON + 1));
        return '{"baseUrl":';
      },
      write: (n, text) => files.write(n, text),
      remove: (n) => files.remove(n),
    };
    assert.equal(await new VisitorsCache(memento, torn, clock).load(scope, past), undefined);
    assert.deepEqual(
      index(memento).map((e) => e.fetchedAt),
      [NOON + 1],
    );
    assert.deepEqual(files.names(), [name]);
    assert.deepEqual(await fresh().load(scope, past), report(5, NOON + 1));
  });

  it('answers a load with the report a refresh set while the file was read, not the older file', async () => {
    await cache.set(scope, past, report());
    let window: VisitorsCache | undefined;
    const slow: TextFiles = {
      read: async (n) => {
        const text = await files.read(n);
        await window?.set(scope, past, report(9, NOON + 5));
        return text;
      },
      write: (n, text) => files.write(n, text),
      remove: (n) => files.remove(n),
    };
    window = new VisitorsCache(memento, slow, clock);
    assert.deepEqual(await window.load(scope, past), report(9, NOON + 5));
    assert.deepEqual(window.get(scope, past), report(9, NOON + 5));
  });

  it('keeps a report in memory when its file cannot be written, and drops the older copy on disk', async () => {
    await cache.set(scope, past, report());
    const failing: TextFiles = {
      read: (n) => files.read(n),
      write: () => Promise.reject(new Error('disk full')),
      remove: (n) => files.remove(n),
    };
    const window = new VisitorsCache(memento, failing, clock);
    await window.set(scope, past, report(7));
    assert.deepEqual(window.get(scope, past), report(7));
    assert.deepEqual(storedRanges(memento), []);
    assert.deepEqual(files.names(), []);
  });

  it('keeps every range set at once, by one window or two', async () => {
    const ranges = Array.from({ length: 4 }, (_, i) => ({ from: addDays('2026-08-01', i), to: addDays('2026-08-01', i) }));
    const other = fresh();
    await Promise.all(ranges.map((range, i) => (i % 2 === 0 ? cache : other).set(scope, range, report())));
    assert.deepEqual(
      storedRanges(memento).sort(),
      ranges.map((r) => `${r.from}..${r.to}`),
    );
    assert.equal(files.names().length, 4);
  });

  it('lists every report of a scope, for estimates, without reading files', async () => {
    await cache.set(scope, past, report(600));
    await cache.set(scope, current, report(10));
    await cache.set({ ...scope, projectId: 'other' }, past, report());
    await clock.advance(3_600_000);
    const unread: TextFiles = {
      read: () => assert.fail('no file is read'),
      write: () => assert.fail('no write'),
      remove: () => assert.fail('no remove'),
    };
    const entries = new VisitorsCache(memento, unread, clock).entries(scope);
    assert.deepEqual(
      entries.map((e) => [e.range, e.rows]),
      [
        [current, 10],
        [past, 600],
      ],
      'expired ones too: good enough to estimate',
    );
    assert.deepEqual(
      cache.entries(scope).map((e) => e.range),
      [past, current],
    );
    assert.deepEqual(
      cache.entries(scope).map((e) => e.rows),
      [600, 10],
    );
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

  it("moves version 1's last hour of requests from global state into the shared budget, then removes every version 1 key", async () => {
    const globalState = new MemoryMemento();
    const inHour = [NOON - 10 * 60_000, NOON - 50 * 60_000];
    await globalState.update(legacyStateKeys.analyticsRequests, [NOON - 2 * 3_600_000, ...inHour, 'x', NOON + 60_000]);
    await globalState.update(legacyStateKeys.visitorsIndex, [{ file: 'a.json' }]);
    await globalState.update(legacyStateKeys.visitorsReports, [{ report: {} }]);
    await globalState.update(legacyStateKeys.trackedJobs, { version: 1, jobs: [] });
    const ledger = new RequestLedger(memento, clock);
    await moveEarlierAnalytics(globalState, ledger, clock);
    assert.equal(ledger.countLastHour(), 2, 'only the last hour counts; older, future and damaged times do not');
    assert.deepEqual([...globalState.values.keys()], [legacyStateKeys.trackedJobs], 'the jobs list is left to the jobs store');
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
