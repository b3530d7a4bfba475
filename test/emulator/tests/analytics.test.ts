// The emulator's visitors analytics: numbers checked against an independent computation
// from the raw visit log, the distinct-count invariants, date ranges, paging, validation
// and the published analytics OpenAPI description.
import * as assert from 'node:assert/strict';
import { stream } from '../prng';
import type { Visit } from '../types';
import { fixtureLog, RETIRED_PATHS, syntheticLog } from '../visit-log';
import { obj, useEmulator } from '../../support/emulator/emulator-harness';
import { assertMatchesSchema, loadOpenApi, responseSchema, validate } from '../../support/emulator/openapi-schema';

const analytics = loadOpenApi('analytics.openapi.json');
const VISITORS = '/v1/analytics/{projectId}/visitors';
const TODAY = '2026-03-15';

interface Counts {
  human: number;
  ai: number;
  total: number;
}
type Row = Counts & { path: string };
interface Page {
  totals: Counts;
  visitors: Row[];
  hasMore: boolean;
}

/** The truth, computed the plain way: distinct visitor ids per path and kind. */
function truth(visits: Visit[], from: string, to: string): { totals: Counts; rows: Map<string, Counts> } {
  const count = (list: Visit[]): Counts => {
    const human = new Set(list.filter((v) => v.kind === 'human').map((v) => v.visitor));
    const ai = new Set(list.filter((v) => v.kind === 'ai').map((v) => v.visitor));
    return { human: human.size, ai: ai.size, total: new Set([...human, ...ai]).size };
  };
  const inRange = visits.filter((v) => v.day >= from && v.day < to);
  const byPath = new Map<string, Visit[]>();
  for (const v of inRange) byPath.set(v.path, [...(byPath.get(v.path) ?? []), v]);
  return { totals: count(inRange), rows: new Map([...byPath].map(([path, list]) => [path, count(list)])) };
}

function shiftDay(day: string, by: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
}

describe('emulator: visitors analytics', () => {
  const h = useEmulator({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  let fixtureVisits: Visit[] = [];
  before(async () => {
    fixtureVisits = await h.control.visits(h.emu.projectId);
  });
  const url = (project: string, query: Record<string, string | number>): string =>
    `/v1/analytics/${project}/visitors?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
  const page = async (project: string, query: Record<string, string | number>): Promise<Page> => {
    const res = await h.call('GET', url(project, query));
    assert.equal(res.status, 200, res.text);
    assertMatchesSchema(analytics, responseSchema(analytics, VISITORS, 'get', '200'), res.json, 'visitors page');
    return res.json as Page;
  };
  const readAll = async (project: string, query: Record<string, string>): Promise<{ totals: Counts; rows: Row[]; pages: number }> => {
    const rows: Row[] = [];
    let totals: Counts = { human: 0, ai: 0, total: 0 };
    let pages = 0;
    for (let offset = 0, more = true; more; offset += 250) {
      const p = await page(project, { ...query, limit: 250, offset });
      rows.push(...p.visitors);
      totals = p.totals;
      more = p.hasMore;
      pages++;
    }
    return { totals, rows, pages };
  };

  it('serves a 180-day log over the navigation pages, retired paths and a trailing-slash twin', () => {
    const days = fixtureVisits.map((v) => v.day).sort();
    assert.deepEqual([days[0], days[days.length - 1]], [shiftDay(TODAY, -179), TODAY]);
    const paths = new Set(fixtureVisits.map((v) => v.path));
    const expected = ['/', '/guides', '/quickstart', '/guides/authentication', '/changelog', ...RETIRED_PATHS, '/guides/webhooks/'];
    for (const p of expected) assert.ok(paths.has(p), p);
    assert.ok(![...paths].some((p) => p.includes('drafts') || p.includes('unpublished') || p.endsWith('/index')));
    assert.ok(fixtureVisits.length > 15_000 && fixtureVisits.length < 25_000, `${fixtureVisits.length} visits`);
    const kinds = new Map<string, Set<string>>();
    for (const v of fixtureVisits) kinds.set(v.visitor, (kinds.get(v.visitor) ?? new Set()).add(v.kind));
    assert.ok([...kinds.values()].filter((k) => k.size === 2).length > 100, 'some visitors are both human and AI');
  });

  const ranges: [string, Record<string, string>, string, string][] = [
    ['the whole log (no dates)', {}, '0000-00-00', '9999-99-99'],
    ['the last 30 days', { dateFrom: shiftDay(TODAY, -29), dateTo: shiftDay(TODAY, 1) }, shiftDay(TODAY, -29), shiftDay(TODAY, 1)],
    ['one past quarter', { dateFrom: '2025-10-01', dateTo: '2026-01-01' }, '2025-10-01', '2026-01-01'],
    ['one day, as [d, d+1)', { dateFrom: '2026-02-10', dateTo: '2026-02-11' }, '2026-02-10', '2026-02-11'],
  ];
  for (const [label, query, from, to] of ranges) {
    it(`matches an independent computation and the invariants: ${label}`, async () => {
      const expected = truth(fixtureVisits, from, to);
      const { totals, rows } = await readAll(h.emu.projectId, query);
      assert.deepEqual(totals, expected.totals);
      assert.deepEqual(new Map(rows.map(({ path, ...counts }) => [path, counts])), expected.rows);
      for (const c of [totals, ...rows]) {
        assert.ok(Math.max(c.human, c.ai) <= c.total && c.total <= c.human + c.ai, JSON.stringify(c));
        assert.ok(c.total <= totals.total);
      }
      // Over one day few people come back as a bot too; over longer ranges many do.
      if (!label.startsWith('one day')) {
        assert.ok(totals.total < totals.human + totals.ai, 'site total is deduplicated');
        assert.ok(
          rows.some((r) => r.total < r.human + r.ai),
          'some row is deduplicated',
        );
      }
      const order = rows.map((r) => [r.total, r.path] as const);
      const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : 1));
      assert.deepEqual(order, sorted, 'total desc, then path');
    });
  }

  it('excludes dateTo: [d, d) is an empty 200, and ISO date-times use their UTC day', async () => {
    const empty = await page(h.emu.projectId, { dateFrom: '2026-02-10', dateTo: '2026-02-10' });
    assert.deepEqual(empty, { totals: { human: 0, ai: 0, total: 0 }, visitors: [], hasMore: false });
    const byDay = await page(h.emu.projectId, { dateFrom: '2026-03-01', dateTo: '2026-03-08', limit: 250 });
    const byTime = await page(h.emu.projectId, { dateFrom: '2026-03-01T00:00:00Z', dateTo: '2026-03-08T12:30:00.000Z', limit: 250 });
    assert.deepEqual(byTime, byDay);
    // 23:30 at UTC-5 is 04:30 the next UTC day.
    const shifted = await page(h.emu.projectId, { dateFrom: '2026-02-28T23:30:00-05:00', dateTo: '2026-03-08', limit: 250 });
    assert.deepEqual(shifted, byDay);
  });

  it('pages the 10,000-path site with offsets: no repeats, no gaps, hasMore false at the end', async () => {
    const visits = await h.control.visits(h.emu.syntheticProjectId);
    assert.ok(visits.length > 120_000 && visits.length < 180_000, `${visits.length} visits`);
    const query = { dateFrom: shiftDay(TODAY, -59), dateTo: shiftDay(TODAY, 1) };
    const expected = truth(visits, query.dateFrom, query.dateTo);
    const { rows, totals, pages } = await readAll(h.emu.syntheticProjectId, query);
    assert.ok(pages >= 3, `${pages} pages`);
    assert.equal(new Set(rows.map((r) => r.path)).size, rows.length, 'no path twice');
    assert.deepEqual(new Map(rows.map(({ path, ...c }) => [path, c])), expected.rows);
    assert.deepEqual(totals, expected.totals);
    const beyond = await page(h.emu.syntheticProjectId, { ...query, limit: 250, offset: rows.length });
    assert.deepEqual([beyond.visitors, beyond.hasMore], [[], false]);
    const small = await page(h.emu.syntheticProjectId, { ...query, limit: 7, offset: 3 });
    assert.deepEqual(small.visitors, rows.slice(3, 10));
    assert.equal(small.hasMore, true);
    assert.equal((await page(h.emu.syntheticProjectId, query)).visitors.length, 50, 'limit defaults to 50');
  });

  it('answers 400 with the documented body for bad queries, collecting every problem', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ limit: '0' }, 'limit must be an integer between 1 and 250'],
      [{ limit: '251' }, 'limit must be an integer between 1 and 250'],
      [{ limit: '10.5' }, 'limit must be an integer between 1 and 250'],
      [{ limit: 'abc' }, 'limit must be an integer between 1 and 250'],
      [{ limit: '' }, 'limit must be an integer between 1 and 250'],
      [{ offset: '-1' }, 'offset must be an integer of at least 0'],
      [{ offset: '1.5' }, 'offset must be an integer of at least 0'],
      [{ dateFrom: '2026-02-30' }, 'dateFrom must be a date in YYYY-MM-DD or ISO 8601 date-time format'],
      [{ dateFrom: '2026-2-3' }, 'dateFrom must be a date in YYYY-MM-DD or ISO 8601 date-time format'],
      [{ dateTo: 'yesterday' }, 'dateTo must be a date in YYYY-MM-DD or ISO 8601 date-time format'],
      [{ dateTo: '2026-03-01T24:00:00Z' }, 'dateTo must be a date in YYYY-MM-DD or ISO 8601 date-time format'],
      [{ dateTo: '2026-03-01T10:00:00' }, 'dateTo must be a date in YYYY-MM-DD or ISO 8601 date-time format'],
      [{ dateFrom: '2026-03-02', dateTo: '2026-03-01' }, 'dateFrom must not be after dateTo'],
    ];
    const schema = responseSchema(analytics, VISITORS, 'get', '400');
    for (const [query, message] of bad) {
      const res = await h.call('GET', url(h.emu.projectId, query));
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.deepEqual(res.json, { error: 'Invalid query parameters', details: [{ message }] });
      assertMatchesSchema(analytics, schema, res.json);
    }
    const many = await h.call('GET', `/v1/analytics/${h.emu.projectId}/visitors?limit=0&offset=x&dateFrom=nope&limit=3`);
    assert.equal(obj(many.json).error, 'Invalid query parameters');
    assert.equal((obj(many.json).details as unknown[]).length, 4);
    const unknown = await h.call('GET', url('nope', {}));
    assert.deepEqual([unknown.status, unknown.json], [404, { error: 'Project not found' }]);
  });

  it('the schema check itself catches a response without hasMore', () => {
    const schema = responseSchema(analytics, VISITORS, 'get', '200');
    assert.deepEqual(validate(analytics, schema, { totals: { human: 1, ai: 0, total: 1 }, visitors: [] }), [
      '(root): missing required "hasMore"',
    ]);
    assert.equal(validate(analytics, schema, { totals: { human: '1', ai: 0, total: 1 }, visitors: [], hasMore: false }).length, 1);
  });

  it('generates the same log for the same seed, and a different one for another seed', () => {
    const day = Date.parse(`${TODAY}T00:00:00Z`) / 86_400_000;
    const a = syntheticLog(stream(1, 'synthetic-log'), day);
    const b = syntheticLog(stream(1, 'synthetic-log'), day);
    assert.deepEqual([a.visitor, a.path, a.kind, a.day], [b.visitor, b.path, b.kind, b.day]);
    const paths = ['/', '/a'];
    assert.deepEqual(fixtureLog(stream(1, 'f'), paths, day).toVisits(), fixtureLog(stream(1, 'f'), paths, day).toVisits());
    assert.notDeepEqual(fixtureLog(stream(2, 'f'), paths, day).toVisits(), fixtureLog(stream(1, 'f'), paths, day).toVisits());
  });

  it('has every one of the 10,000 pages visited in the 90 days before today, but not in 30', () => {
    const day = Date.parse(`${TODAY}T00:00:00Z`) / 86_400_000;
    const log = syntheticLog(stream(1, 'synthetic-log'), day);
    const pathsBetween = (from: number, to: number): number => new Set(log.path.subarray(...log.range(from, to))).size;
    assert.equal(pathsBetween(day - 90, day), 10_000);
    assert.ok(pathsBetween(day - 30, day) < 10_000);
  });
});
