// The emulator's fault injection, rate limits, request log and control routes.
import * as assert from 'node:assert/strict';
import { EmulatorControl, EmulatorControlError } from '../control-client';
import { startEmulator } from '../server';
import { obj, useEmulator } from '../../support/emulator/emulator-harness';
import { loadOpenApi, responseSchema, validate } from '../../support/emulator/openapi-schema';

const admin = loadOpenApi('admin-openapi.json');

describe('emulator: fault injection', () => {
  const h = useEmulator();
  const job = (): string => `/v2/agent/${h.emu.projectId}/job`;
  const visitors = (): string => `/v1/analytics/${h.emu.projectId}/visitors`;

  it('status: the given status, Retry-After and body, for `count` matching requests', async () => {
    await h.control.fault({ kind: 'status', status: 503, count: 2, retryAfter: '7', match: { method: 'GET', path: '/job/' } });
    assert.equal((await h.call('POST', job(), { body: { prompt: 'x' } })).status, 201, 'POST does not match');
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', `${job()}/j`);
      assert.deepEqual([res.status, res.headers.get('retry-after'), res.json], [503, '7', { error: 'Injected fault' }]);
    }
    assert.equal((await h.call('GET', `${job()}/j`)).status, 404, 'used up');
    await h.control.fault({ kind: 'status', status: 500 });
    assert.deepEqual((await h.call('GET', visitors())).json, { error: 'Injected fault', details: [{ message: 'Injected fault' }] });
    await h.control.fault({ kind: 'status', status: 502, body: '<html>Bad gateway</html>' });
    const html = await h.call('GET', visitors());
    assert.deepEqual([html.status, html.text], [502, '<html>Bad gateway</html>']);
  });

  it('after: lets N matching requests through first (a page failing halfway)', async () => {
    await h.control.fault({ kind: 'status', status: 500, after: 2, match: { path: '/visitors' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.call('GET', `${visitors()}?offset=${i * 50}`)).status);
    assert.deepEqual(statuses, [200, 200, 500, 200]);
  });

  it('latency: answers normally after the delay', async () => {
    await h.control.fault({ kind: 'latency', ms: 150 });
    const started = Date.now();
    const res = await h.call('GET', `${job()}/j`);
    assert.ok(Date.now() - started >= 140);
    assert.equal(res.status, 404);
  });

  it('drop: closes the connection with no answer; the next request is fine', async () => {
    await h.control.fault({ kind: 'drop' });
    await assert.rejects(h.call('GET', visitors()));
    assert.equal((await h.call('GET', visitors())).status, 200);
    const [dropped] = await h.control.requests();
    assert.deepEqual([dropped?.fault, dropped?.status], ['drop', null]);
  });

  it('hang: never answers until reset', async () => {
    await h.control.fault({ kind: 'hang' });
    const pending = h.call('GET', visitors());
    await h.control.waitForRequests(1);
    await h.control.reset();
    await assert.rejects(pending);
  });

  it('hang: close() still returns promptly', async () => {
    const emu = await startEmulator({ port: 0, quiet: true });
    await new EmulatorControl(emu.baseUrl).fault({ kind: 'hang', count: 3 });
    const pending = fetch(`${emu.baseUrl}/v2/agent/${emu.projectId}/job/x`, { headers: { authorization: `Bearer ${emu.key}` } });
    await new EmulatorControl(emu.baseUrl).waitForRequests(1);
    await emu.close();
    await assert.rejects(pending);
  });

  it('malformed: a 200 whose body is not JSON', async () => {
    await h.control.fault({ kind: 'malformed' });
    const res = await h.call('GET', visitors());
    assert.equal(res.status, 200);
    assert.equal(res.json, undefined);
  });

  it('schema: the real body minus fields (by default a required one)', async () => {
    const created = obj((await h.call('POST', job(), { body: { prompt: 'x' } })).json);
    await h.control.fault({ kind: 'schema', omit: ['status', 'source'] });
    const res = await h.call('GET', `${job()}/${String(created.id)}`);
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(obj(res.json)).sort(), ['archivedAt', 'createdAt', 'id', 'model', 'prLink']);
    await h.control.fault({ kind: 'schema' });
    const page = obj((await h.call('GET', visitors())).json);
    assert.deepEqual(Object.keys(page).sort(), ['totals', 'visitors']);
  });

  it('lists, clears and validates faults', async () => {
    await h.control.fault({ kind: 'latency', ms: 1, count: 5, after: 1 });
    const [listed] = await h.control.faults();
    assert.deepEqual([listed?.kind, listed?.remaining, listed?.afterRemaining], ['latency', 5, 1]);
    await h.control.clearFaults();
    assert.deepEqual(await h.control.faults(), []);
    for (const bad of [{ kind: 'boom' }, { kind: 'status', status: 42 }, { kind: 'latency', ms: -1 }, { kind: 'drop', count: 0 }]) {
      const error = await h.control.fault(bad as never).catch((e: unknown) => e);
      assert.ok(error instanceof EmulatorControlError && error.status === 400, JSON.stringify(bad));
    }
  });
});

describe('emulator: rate limits', () => {
  const h = useEmulator({ agentLimitPerHour: 2, analyticsLimitPerHour: 3 });
  const job = (project = h.emu.projectId): string => `/v2/agent/${project}/job`;

  it('agent: create + follow-up share a per-project hourly limit; 429 with Retry-After', async () => {
    const first = obj((await h.call('POST', job(), { body: { prompt: 'a' } })).json);
    assert.equal((await h.call('POST', job(), { body: {} })).status, 400, 'a refused body is not a use');
    assert.equal((await h.call('POST', `${job()}/${String(first.id)}/message`, { body: { prompt: 'b' } })).status, 200);
    const limited = await h.call('POST', job(), { body: { prompt: 'c' } });
    assert.deepEqual([limited.status, limited.json], [429, { error: 'Rate limit exceeded' }]);
    assert.equal(validate(admin, responseSchema(admin, '/v2/agent/{projectId}/job', 'post', '429'), limited.json).length, 0);
    const retryAfter = Number(limited.headers.get('retry-after'));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 3590 && retryAfter <= 3600, String(retryAfter));
    assert.equal((await h.call('POST', `${job()}/${String(first.id)}/message`, { body: { prompt: 'd' } })).status, 429);
    assert.equal((await h.call('POST', job(h.emu.syntheticProjectId), { body: { prompt: 'e' } })).status, 201, 'per project');
    assert.deepEqual((await h.control.usage()).agentUses, { [h.emu.projectId]: 2, [h.emu.syntheticProjectId]: 1 });
    await h.control.advance(1_800_000);
    const later = Number((await h.call('POST', job(), { body: { prompt: 'f' } })).headers.get('retry-after'));
    assert.ok(later >= 1790 && later <= 1800, String(later));
    await h.control.advance(1_800_000);
    assert.equal((await h.call('POST', job(), { body: { prompt: 'g' } })).status, 201, 'the window slid');
  });

  it('analytics: every request after auth counts, across projects, 400s included', async () => {
    const visitors = (project: string, q = ''): string => `/v1/analytics/${project}/visitors${q}`;
    assert.equal((await h.call('GET', visitors(h.emu.projectId), { key: 'wrong' })).status, 401, 'not counted');
    assert.equal((await h.call('GET', visitors(h.emu.projectId))).status, 200);
    assert.equal((await h.call('GET', visitors(h.emu.syntheticProjectId, '?limit=1'))).status, 200);
    assert.equal((await h.call('GET', visitors(h.emu.projectId, '?limit=0'))).status, 400);
    const limited = await h.call('GET', visitors(h.emu.syntheticProjectId));
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
    assert.equal(obj(limited.json).error, 'Rate limit exceeded');
    assert.equal((await h.control.usage()).analyticsRequests, 3);
    await h.control.reset();
    assert.equal((await h.call('GET', visitors(h.emu.projectId))).status, 200, 'reset clears the windows');
  });
});

describe('emulator: request log and control routes', () => {
  const h = useEmulator();

  it('records method, raw path, query, body, user agent, auth and status, never the key', async () => {
    await h.call('POST', `/v2/agent/${h.emu.projectId}/job`, { body: { prompt: 'hi' }, headers: { 'user-agent': 'tests/1.0' } });
    await h.raw('GET', `/v2/agent/${h.emu.projectId}/job/a%2Fb`);
    await h.call('GET', `/v1/analytics/${h.emu.projectId}/visitors?limit=5&limit=6&dateFrom=2026-01-01`, { key: 'mint_nope' });
    await h.control.setKeyState('revoked');
    await h.call('GET', `/v1/analytics/${h.emu.projectId}/visitors`, { key: null });
    await h.control.info();
    const records = await h.control.requests();
    assert.equal(records.length, 4, 'control calls are not recorded');
    const [create, get, analytics, missing] = records;
    assert.deepEqual(
      [create?.method, create?.body, create?.userAgent, create?.auth, create?.status],
      ['POST', { prompt: 'hi' }, 'tests/1.0', 'valid', 201],
    );
    assert.match(create?.contentType ?? '', /application\/json/);
    assert.deepEqual([get?.path, get?.status, get?.body], [`/v2/agent/${h.emu.projectId}/job/a%2Fb`, 404, null]);
    assert.deepEqual(
      [analytics?.query, analytics?.auth, analytics?.status],
      [{ limit: ['5', '6'], dateFrom: '2026-01-01' }, 'invalid', 401],
    );
    assert.deepEqual([missing?.auth, missing?.status], ['missing', 401]);
    assert.ok(!isNaN(Date.parse(create?.time ?? '')));
    assert.ok(!JSON.stringify(records).includes(h.emu.key), 'the key is never stored');
    assert.ok(!JSON.stringify(records).toLowerCase().includes('authorization'));
    await h.control.clearRequests();
    assert.deepEqual(await h.control.requests(), []);
  });

  it('info, usage, jobs, index and unknown control routes', async () => {
    const info = await h.control.info();
    const { baseUrl, key } = h.emu;
    assert.deepEqual(info, { baseUrl, projectId: 'acme-docs', syntheticProjectId: 'synthetic-10k', key, today: '2026-03-15' });
    assert.deepEqual(await h.control.usage(), {
      agentUses: { 'acme-docs': 0, 'synthetic-10k': 0 },
      analyticsRequests: 0,
      previewRequests: 0,
    });
    const index = await fetch(`${h.emu.baseUrl}/__emulator/`);
    assert.ok((obj(await index.json()).routes as string[]).includes('POST /__emulator/faults'));
    assert.equal((await fetch(`${h.emu.baseUrl}/__emulator/nope`)).status, 404);
    await assert.rejects(h.control.finishJob('job_missing'), (e: unknown) => e instanceof EmulatorControlError && e.status === 404);
    await assert.rejects(h.control.visits('nope'), (e: unknown) => e instanceof EmulatorControlError && e.status === 404);
  });
});
