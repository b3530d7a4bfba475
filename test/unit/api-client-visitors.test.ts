import * as assert from 'node:assert/strict';
import { ServerError } from '../../src/api/errors';
import { readAllVisitors, visitorPages } from '../../src/api/visitor-pages';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';

describe('API client: reading every page of visitors', () => {
  let api: ApiFixture;
  const range = { dateFrom: '2026-08-01', dateTo: '2026-11-01' };
  before(async () => {
    api = await startApiFixture({ today: '2026-11-20' });
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  it('reads the 10,000-path site in pages of 250 with no row twice', async () => {
    const report = await readAllVisitors(api.client(), api.emulator.syntheticProjectId, range);
    assert.ok(report.rows.length > 500, `only ${report.rows.length} rows`);
    assert.equal(report.requests, Math.ceil(report.rows.length / 250));
    assert.equal(new Set(report.rows.map((r) => r.path)).size, report.rows.length);
    for (const row of report.rows) assert.ok(row.total <= report.totals.total);
    const requests = await api.control.requests();
    assert.equal(requests.length, report.requests);
    requests.forEach((request, page) => {
      assert.deepEqual(request.query, { ...range, limit: '250', offset: String(page * 250) });
    });
  });

  it('keeps each path once when rows move between pages while they are read (the larger counts win)', async () => {
    const whole = await readAllVisitors(api.client(), api.emulator.syntheticProjectId, range);
    await api.control.reset();
    // Three rows were added above the second page since the first was read: it repeats the last three.
    await api.control.fault({ kind: 'shift', rows: 3, after: 1, match: { path: '/visitors' } });
    const shifted = await readAllVisitors(api.client(), api.emulator.syntheticProjectId, range);
    const paths = shifted.rows.map((r) => r.path);
    assert.equal(new Set(paths).size, paths.length, 'no path twice');
    // Three rows came twice and so three others never came: offset paging cannot do better.
    assert.equal(paths.length, whole.rows.length - 3);
    const truth = new Map(whole.rows.map((r) => [r.path, r]));
    for (const row of shifted.rows) assert.deepEqual(row, truth.get(row.path));
  });

  it('stops when the reader stops, without asking for later pages', async () => {
    const controller = new AbortController();
    let pages = 0;
    for await (const page of visitorPages(api.client(), api.emulator.syntheticProjectId, range, { signal: controller.signal })) {
      pages++;
      assert.equal(page.offset, 0);
      break;
    }
    assert.equal(pages, 1);
    assert.equal((await api.control.requests()).length, 1);
  });

  it('reports a failure halfway through paging as one typed error', async () => {
    await api.control.fault({ kind: 'status', status: 500, count: 20, after: 2 });
    const seen: number[] = [];
    const error = await failure(
      readAllVisitors(api.client({ retry: { maxAttempts: 2 } }), api.emulator.syntheticProjectId, range, {
        onPage: (page) => seen.push(page.offset),
      }),
    );
    assert.ok(error instanceof ServerError);
    assert.deepEqual(seen, [0, 250]);
  });

  it('reads the fixture site in one request', async () => {
    const report = await readAllVisitors(api.client(), api.emulator.projectId, range);
    assert.equal(report.requests, 1);
    assert.ok(report.rows.some((r) => r.path === '/quickstart'));
  });
});
