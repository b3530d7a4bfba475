// The emulator's reader-signal exports: every answer against the published analytics schema,
// paging along the cursor to every entry once, counts equal to the raw truth, the documented
// limits and filters (400 naming each problem), and one analytics request spent per call.
import * as assert from 'node:assert/strict';
import type { ControlSignals } from '../control-client';
import { obj, useEmulator } from '../../support/emulator/emulator-harness';
import { assertMatchesSchema, loadOpenApi, responseSchema } from '../../support/emulator/openapi-schema';

const analytics = loadOpenApi('analytics.openapi.json');
const TODAY = '2026-03-15';
const DAY_MS = 86_400_000;

describe('emulator: what readers said (feedback, searches, assistant, views)', () => {
  const h = useEmulator({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  let truth: ControlSignals;
  before(async () => {
    truth = await h.control.signals(h.emu.projectId);
  });

  async function get(
    path: string,
    query: Record<string, string | number> = {},
    project = h.emu.projectId,
  ): Promise<Record<string, unknown>> {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const res = await h.call('GET', `/v1/analytics/${project}/${path}${search ? `?${search}` : ''}`);
    assert.equal(res.status, 200, res.text);
    assertMatchesSchema(analytics, responseSchema(analytics, `/v1/analytics/{projectId}/${path}`, 'get', '200'), res.json, path);
    return obj(res.json);
  }

  it('ties the fixture’s signals to its pages: an unhappy webhooks page, URLs as paths, searches nobody clicked, a question asked again and again', () => {
    assert.ok(truth.feedback.length >= 100 && truth.searches.length >= 30 && truth.turns.length >= 50);
    const webhooks = truth.feedback.filter(
      (e) => e.path.endsWith('/guides/webhooks') && e.source !== 'code_snippet' && e.source !== 'agent',
    );
    assert.ok(webhooks.filter((e) => !e.helpful).length > webhooks.length / 2, 'mostly thumbs down');
    assert.ok(truth.feedback.some((e) => e.path.startsWith('https://')));
    assert.ok(truth.searches.some((s) => s.topClickedPage === null));
    assert.ok(truth.turns.filter((t) => t.query === 'how do I retry a failed webhook?').length >= 5);
    assert.ok(truth.turns.some((t) => t.responseType === 'clarifying_question'));
  });

  it('feedback entries: paged along the cursor, every entry of the range once, newest first, each in its source’s shape', async () => {
    const seen: Record<string, unknown>[] = [];
    let cursor: unknown = undefined;
    let requests = 0;
    do {
      const page = await get('feedback', { limit: 25, ...(typeof cursor === 'string' ? { cursor } : {}) });
      seen.push(...(page.feedback as Record<string, unknown>[]));
      cursor = page.nextCursor;
      requests++;
    } while (typeof cursor === 'string');
    assert.equal(seen.length, truth.feedback.length);
    assert.equal(new Set(seen.map((e) => e.id)).size, seen.length);
    assert.equal(requests, Math.ceil(truth.feedback.length / 25));
    const times = seen.map((e) => String(e.createdAt));
    assert.deepEqual(times, [...times].sort().reverse());
    assert.ok(seen.filter((e) => e.source === 'code_snippet').every((e) => 'code' in e && !('contact' in e)));
  });

  it('feedback by page: counts equal the raw entries of the range, top pages first, hasMore past the limit', async () => {
    const from = '2026-02-01';
    const report = await get('feedback/by-page', { dateFrom: from, dateTo: '2026-03-16', limit: 3 });
    const rows = report.feedback as { path: string; thumbsUp: number; thumbsDown: number; total: number }[];
    assert.equal(rows.length, 3);
    assert.equal(report.hasMore, true);
    const fromDay = Date.parse(from) / DAY_MS;
    for (const row of rows) {
      // Rows are by the form an entry names its page in (path, URL, trailing slash), as the real export's are.
      const mine = truth.feedback.filter((e) => e.day >= fromDay && e.path === row.path);
      assert.equal(row.total, mine.length, row.path);
      const votes = mine.filter((e) => e.source === 'contextual' || e.source === 'thumbs_only');
      assert.equal(row.thumbsDown, votes.filter((e) => !e.helpful).length, row.path);
    }
    assert.deepEqual(
      rows.map((r) => r.total),
      rows.map((r) => r.total).sort((a, b) => b - a),
    );
  });

  it('filters feedback by status and source', async () => {
    const pending = await get('feedback', { status: 'pending,in_progress', source: 'contextual', limit: 100 });
    const entries = pending.feedback as { status: string; source: string }[];
    assert.ok(entries.length > 0);
    assert.ok(entries.every((e) => ['pending', 'in_progress'].includes(e.status) && e.source === 'contextual'));
  });

  it('searches by hits with the range’s total; assistant turns newest first along a ULID cursor; views as events', async () => {
    const searches = await get('searches', { limit: 100 });
    const terms = searches.searches as { hits: number }[];
    assert.equal(
      searches.totalSearches,
      terms.reduce((sum, t) => sum + t.hits, 0),
    );
    assert.deepEqual(
      terms.map((t) => t.hits),
      terms.map((t) => t.hits).sort((a, b) => b - a),
    );
    const first = await get('assistant', { limit: 20 });
    const next = await get('assistant', { limit: 20, cursor: String(first.nextCursor) });
    const ids = [...(first.conversations as { id: string }[]), ...(next.conversations as { id: string }[])].map((t) => t.id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    assert.equal(new Set(ids).size, 40);
    const views = await get('views', { limit: 250 });
    const totals = obj(views.totals);
    assert.equal(totals.total, Number(totals.human) + Number(totals.ai));
  });

  it('refuses what the schema does not allow, naming each problem, and each call costs one analytics request', async () => {
    const before = (await h.control.usage()).analyticsRequests;
    const res = await h.call('GET', `/v1/analytics/${h.emu.projectId}/feedback?limit=101&status=open&source=email&cursor=forged`);
    assert.equal(res.status, 400);
    const messages = (obj(res.json).details as { message: string }[]).map((d) => d.message).join(' | ');
    for (const part of ['limit must be a number between 1 and 100', 'status must list', 'source must be one of', 'cursor is not valid']) {
      assert.ok(messages.includes(part), messages);
    }
    assert.equal((await h.call('GET', `/v1/analytics/${h.emu.projectId}/assistant?cursor=not-a-ulid`)).status, 400);
    assert.equal((await h.call('GET', `/v1/analytics/${h.emu.projectId}/feedback/by-page?cursor=x`)).status, 400);
    assert.equal((await h.call('GET', '/v1/analytics/nope/searches')).status, 404);
    assert.equal((await h.control.usage()).analyticsRequests, before + 4);
  });

  it('refuses a cursor from another query: a page of other filters is not this query’s next page', async () => {
    const first = await get('feedback', { dateFrom: '2025-12-01', dateTo: TODAY, limit: 10 });
    const cursor = String(first.nextCursor);
    assert.ok(first.nextCursor, 'more than one page');
    const foreign = await h.call(
      'GET',
      `/v1/analytics/${h.emu.projectId}/feedback?dateFrom=2025-12-01&dateTo=${TODAY}&limit=10&status=resolved&cursor=${encodeURIComponent(cursor)}`,
    );
    assert.equal(foreign.status, 400, foreign.text);
    const own = await h.call(
      'GET',
      `/v1/analytics/${h.emu.projectId}/feedback?dateFrom=2025-12-01&dateTo=${TODAY}&limit=10&cursor=${encodeURIComponent(cursor)}`,
    );
    assert.equal(own.status, 200, own.text);
  });
});

describe('emulator: what readers said shares the analytics budget', () => {
  const h = useEmulator({ today: TODAY, analyticsLimitPerHour: 3 });

  it('the request past the hour’s budget is refused with 429 and Retry-After, on every export alike', async () => {
    for (const path of ['feedback', 'searches', 'assistant']) {
      assert.equal((await h.call('GET', `/v1/analytics/${h.emu.projectId}/${path}`)).status, 200, path);
    }
    for (const path of ['feedback/by-page', 'views', 'visitors']) {
      const refused = await h.call('GET', `/v1/analytics/${h.emu.projectId}/${path}`);
      assert.equal(refused.status, 429, path);
      assert.ok(Number(refused.headers.get('retry-after')) > 0, `${path}: Retry-After`);
    }
  });
});
