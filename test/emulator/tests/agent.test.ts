// The emulator's agent-job routes and auth, over real HTTP, checked against api-notes.md
// and the published admin OpenAPI description.
import * as assert from 'node:assert/strict';
import { EmulatorControl } from '../control-client';
import { startEmulator } from '../server';
import type { JobWire } from '../types';
import { obj, useEmulator } from '../../support/emulator/emulator-harness';
import { assertMatchesSchema, loadOpenApi, responseSchema } from '../../support/emulator/openapi-schema';

const admin = loadOpenApi('admin-openapi.json');
const CREATE = '/v2/agent/{projectId}/job';
const GET = '/v2/agent/{projectId}/job/{id}';
const MESSAGE = '/v2/agent/{projectId}/job/{id}/message';

describe('emulator: auth and routing', () => {
  const h = useEmulator();
  const jobs = (): string => `/v2/agent/${h.emu.projectId}/job`;

  it('answers 401 without a key, with a wrong key and with a malformed header', async () => {
    for (const init of [{ key: null }, { key: 'mint_wrong_key' }, { key: null, headers: { authorization: `Token ${h.emu.key}` } }]) {
      const res = await h.call('POST', jobs(), { ...init, body: { prompt: 'x' } });
      assert.equal(res.status, 401);
      assertMatchesSchema(admin, responseSchema(admin, CREATE, 'post', '400'), res.json, 'error body');
      assert.equal(typeof obj(res.json).error, 'string');
      assert.ok(!res.text.includes(h.emu.key), 'the key never appears in a reply');
    }
    assert.deepEqual(
      (await h.control.requests()).map((r) => r.auth),
      ['missing', 'invalid', 'invalid'],
    );
    assert.equal((await h.control.jobs()).length, 0);
  });

  it('answers 401 "expired" for a revoked key and 403 for a forbidden one', async () => {
    await h.control.setKeyState('revoked');
    const revoked = await h.call('GET', `${jobs()}/j`);
    assert.equal(revoked.status, 401);
    assert.match(String(obj(revoked.json).error), /expired/i);
    await h.control.setKeyState('forbidden');
    assert.equal((await h.call('GET', `/v1/analytics/${h.emu.projectId}/visitors`)).status, 403);
    await h.control.reset();
    assert.equal((await h.call('GET', `${jobs()}/j`)).status, 404, 'reset restores the key');
  });

  it('checks auth before the project and the body', async () => {
    assert.equal((await h.call('POST', jobs(), { key: null, rawBody: '{oops' })).status, 401);
    const unknown = await h.call('POST', '/v2/agent/nope/job', { body: { prompt: 'x' } });
    assert.deepEqual([unknown.status, unknown.json], [404, { error: 'Project not found' }]);
    assert.equal((await h.call('POST', '/v2/agent/nope/job', { key: null, body: { prompt: 'x' } })).status, 401);
  });

  it('answers 404 for unknown routes and 405 with Allow for a wrong method', async () => {
    for (const path of ['/', '/v2/agent', `${jobs()}/`, `/gateway${jobs()}`, `${jobs()}/x/message/more`]) {
      assert.equal((await h.call('GET', path)).status, 404, path);
    }
    const wrong = await h.call('DELETE', `${jobs()}/x`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get('allow'), 'GET');
    assert.equal((await h.call('GET', jobs())).status, 405);
  });

  it('treats encoded slashes and dots as one id segment (raw path recorded)', async () => {
    for (const encoded of ['..%2Fx', 'a%2Fb', '%2E%2E', '100%25']) {
      await h.control.clearRequests();
      const res = await h.raw('GET', `${jobs()}/${encoded}`);
      assert.deepEqual([res.status, res.json], [404, { error: 'Job not found' }], encoded);
      const [record] = await h.control.requests();
      assert.equal(record?.path, `${jobs()}/${encoded}`);
    }
    assert.equal((await h.raw('GET', `${jobs()}/%E0%A4%A`)).status, 400, 'broken percent-encoding');
  });
});

describe('emulator: agent jobs', () => {
  const h = useEmulator({ jobMinMs: 1_000_000, jobMaxMs: 2_000_000 });
  const jobs = (project = h.emu.projectId): string => `/v2/agent/${project}/job`;
  const create = async (prompt: string): Promise<JobWire> => {
    const res = await h.call('POST', jobs(), { body: { prompt } });
    assert.equal(res.status, 201, res.text);
    return res.json as JobWire;
  };
  const get = async (id: string): Promise<JobWire> => (await h.call('GET', `${jobs()}/${id}`)).json as JobWire;

  it('creates an active job that fits the published schema', async () => {
    const res = await h.call('POST', jobs(), { body: { prompt: 'Add an example' } });
    assert.equal(res.status, 201);
    assertMatchesSchema(admin, responseSchema(admin, CREATE, 'post', '201'), res.json, 'created job');
    const job = res.json as JobWire;
    assert.equal(job.status, 'active');
    assert.equal(job.prLink, null);
    assert.equal(job.archivedAt, null);
    assert.equal(job.model, 'claude-sonnet-4-5');
    assert.deepEqual(job.source, { repository: 'https://github.com/acme/docs', ref: `docs-agent/${job.id.slice(4, 12)}` });
    const fetched = await h.call('GET', `${jobs()}/${job.id}`);
    assert.equal(fetched.status, 200);
    assertMatchesSchema(admin, responseSchema(admin, GET, 'get', '200'), fetched.json, 'fetched job');
    assert.deepEqual(fetched.json, job);
  });

  it('answers 404 "Job not found" for unknown ids, and for another project’s job', async () => {
    const job = await create('x');
    const missing = await h.call('GET', `${jobs()}/job_nope`);
    assert.deepEqual([missing.status, missing.json], [404, { error: 'Job not found' }]);
    assertMatchesSchema(admin, responseSchema(admin, GET, 'get', '404'), missing.json);
    assert.equal((await h.call('GET', `${jobs(h.emu.syntheticProjectId)}/${job.id}`)).status, 404);
    assert.equal((await h.call('POST', `${jobs()}/job_nope/message`, { body: { prompt: 'x' } })).status, 404);
  });

  it('answers 400 for bad bodies and prompts, on create and follow-up', async () => {
    const job = await create('x');
    const bodies = [
      { rawBody: '{"prompt": ' },
      { rawBody: '' },
      { body: [] },
      { body: {} },
      { body: { prompt: 7 } },
      { body: { prompt: '' } },
      { body: { prompt: ' \n\t ' } },
      { body: { prompt: 'x'.repeat(100_001) } },
    ];
    for (const path of [jobs(), `${jobs()}/${job.id}/message`]) {
      for (const init of bodies) {
        const res = await h.call('POST', path, init);
        assert.equal(res.status, 400, `${path} ${JSON.stringify(init).slice(0, 60)}`);
        assert.equal(typeof obj(res.json).error, 'string');
        assertMatchesSchema(admin, responseSchema(admin, MESSAGE, 'post', '400'), res.json);
      }
    }
    assert.equal((await h.call('POST', jobs(), { body: { prompt: 'x'.repeat(100_000) } })).status, 201, 'exactly 100,000 is fine');
  });

  it('decides outcomes from the prompt: [fail], [no-change] / "no changes", else an https PR', async () => {
    const failing = await create('Rewrite it all [fail]');
    const tagged = await create('Check links [no-change]');
    const worded = await create('Probably No Changes needed');
    const pr1 = await create('Add an example');
    const pr2 = await create('Fix a typo');
    for (const job of [failing, tagged, worded, pr1, pr2]) await h.control.finishJob(job.id);
    assert.equal((await get(failing.id)).status, 'failed');
    for (const job of [tagged, worded]) assert.deepEqual([(await get(job.id)).status, (await get(job.id)).prLink], ['completed', null]);
    const links = [(await get(pr1.id)).prLink, (await get(pr2.id)).prLink];
    for (const link of links) assert.match(link ?? '', /^https:\/\/github\.com\/acme\/docs\/pull\/\d+$/);
    const [n1, n2] = links.map((l) => Number(l?.split('/').pop()));
    assert.equal(n2, n1 + 1, 'PR numbers increment');
    assertMatchesSchema(admin, responseSchema(admin, GET, 'get', '200'), await get(pr1.id));
  });

  it('re-activates a finished job on follow-up; the follow-up decides, an existing PR stays', async () => {
    const job = await create('First pass');
    const done = await h.control.finishJob(job.id);
    const res = await h.call('POST', `${jobs()}/${job.id}/message`, { body: { prompt: 'Also the title [fail]' } });
    assert.equal(res.status, 200);
    assertMatchesSchema(admin, responseSchema(admin, MESSAGE, 'post', '200'), res.json);
    assert.equal((res.json as JobWire).status, 'active');
    assert.equal((res.json as JobWire).prLink, done.prLink, 'the PR link survives');
    const [tracked] = await h.control.jobs();
    assert.deepEqual(tracked?.prompts, ['First pass', 'Also the title [fail]']);
    assert.notEqual(tracked?.dueAt, null, 'a new schedule');
    await h.control.finishJob(job.id);
    assert.deepEqual([(await get(job.id)).status, (await get(job.id)).prLink], ['failed', done.prLink]);
  });

  it('advance finishes exactly the jobs whose time has come', async () => {
    const a = await create('a');
    const b = await create('b [no-change]');
    assert.deepEqual((await h.control.advance(999_000)).finished, []);
    const result = await h.control.advance(1_001_000);
    assert.deepEqual(result.finished.sort(), [a.id, b.id].sort());
    assert.equal((await get(a.id)).status, 'completed');
    assert.equal((await get(b.id)).status, 'completed');
  });

  it('finish can force an outcome; set applies any fields verbatim and stops the schedule', async () => {
    const job = await create('x');
    const forced = await h.control.finishJob(job.id, { status: 'archived', prLink: null });
    assert.deepEqual([forced.status, forced.prLink], ['archived', null]);
    const other = await create('y');
    await h.control.setJob(other.id, { status: 'paused', prLink: 'javascript:alert(1)', archivedAt: 'never', extra: { a: [1] } });
    assert.deepEqual((await h.control.advance(3_000_000)).finished, []);
    const seen = obj((await h.call('GET', `${jobs()}/${other.id}`)).json);
    assert.deepEqual([seen.status, seen.prLink, seen.archivedAt, seen.extra], ['paused', 'javascript:alert(1)', 'never', { a: [1] }]);
    await h.call('POST', `${jobs()}/${other.id}/message`, { body: { prompt: 'again' } });
    assert.equal(obj((await h.call('GET', `${jobs()}/${other.id}`)).json).status, 'active', 'a real change wins again');
  });

  it('finishes jobs by itself on the real clock when the schedule is short', async () => {
    const quick = await startEmulator({ port: 0, quiet: true, jobMinMs: 5, jobMaxMs: 20 });
    try {
      const headers = { authorization: `Bearer ${quick.key}`, 'content-type': 'application/json' };
      const created = await fetch(`${quick.baseUrl}/v2/agent/${quick.projectId}/job`, { method: 'POST', headers, body: '{"prompt":"x"}' });
      const { id } = obj(await created.json());
      const deadline = Date.now() + 5000;
      let status = 'active';
      while (status === 'active' && Date.now() < deadline) {
        const res = await fetch(`${quick.baseUrl}/v2/agent/${quick.projectId}/job/${String(id)}`, { headers });
        status = String(obj(await res.json()).status);
      }
      assert.equal(status, 'completed');
    } finally {
      await quick.close();
    }
  });

  it('is deterministic: the same seed gives the same key, job ids and schedule', async () => {
    const runs = [];
    for (const seed of [7, 7, 8]) {
      const emu = await startEmulator({ port: 0, quiet: true, seed, jobMinMs: 1000, jobMaxMs: 900_000 });
      try {
        const headers = { authorization: `Bearer ${emu.key}`, 'content-type': 'application/json' };
        for (let i = 0; i < 3; i++)
          await fetch(`${emu.baseUrl}/v2/agent/${emu.projectId}/job`, { method: 'POST', headers, body: '{"prompt":"x"}' });
        const jobsNow = await new EmulatorControl(emu.baseUrl).jobs();
        const durations = jobsNow.map((j) => Date.parse(j.dueAt ?? '') - Date.parse(j.createdAt));
        runs.push({ key: emu.key, ids: jobsNow.map((j) => j.id), durations });
      } finally {
        await emu.close();
      }
    }
    assert.deepEqual(runs[0], runs[1]);
    assert.notDeepEqual(runs[0]?.ids, runs[2]?.ids);
    assert.match(runs[0]?.key ?? '', /^mint_emu_[0-9a-f]{24}$/);
  });
});
