import * as assert from 'node:assert/strict';
import {
  AuthError,
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../src/api/errors';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';

describe('API client: every failure becomes one typed error', () => {
  let api: ApiFixture;
  let projectId: string;
  before(async () => {
    api = await startApiFixture();
    projectId = api.emulator.projectId;
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  const requestCount = async (): Promise<number> => (await api.control.requests()).length;

  it('401: a wrong key, and an expired one', async () => {
    const wrong = await failure(api.client({ getApiKey: () => 'mint_not_the_key' }).getJob(projectId, 'j'));
    assert.ok(wrong instanceof AuthError);
    assert.equal(wrong.status, 401);
    await api.control.setKeyState('revoked');
    const expired = await failure(api.client().getJob(projectId, 'j'));
    assert.ok(expired instanceof AuthError);
    assert.match(expired.message, /expired or been revoked/);
  });

  it('403: a key without the scope', async () => {
    await api.control.setKeyState('forbidden');
    const error = await failure(api.client().createJob(projectId, 'x'));
    assert.ok(error instanceof AuthError);
    assert.equal(error.status, 403);
  });

  it('404: an unknown job, with the server message kept', async () => {
    const error = await failure(api.client().getJob(projectId, 'job_missing'));
    assert.ok(error instanceof NotFoundError);
    assert.match(error.message, /job job_missing/);
  });

  it('400: the server message and details', async () => {
    const error = await failure(api.client().getVisitors(projectId, { limit: 0, dateFrom: 'someday' }));
    assert.ok(error instanceof InvalidRequestError);
    assert.equal(error.status, 400);
    assert.ok(error.details.length >= 2, error.message);
    assert.match(error.message, /limit/);
  });

  it('429 with a long Retry-After is returned at once with the wait', async () => {
    await api.control.fault({ kind: 'status', status: 429, retryAfter: '1800', match: { method: 'POST' } });
    const error = await failure(api.client().createJob(projectId, 'x'));
    assert.ok(error instanceof RateLimitedError);
    assert.equal(error.retryAfterMs, 1_800_000);
    assert.match(error.message, /agent jobs.*Try again in 30 minutes/);
    assert.equal(await requestCount(), 1);
  });

  it('429 with a short Retry-After (seconds or HTTP date) is waited out, also for a POST', async () => {
    await api.control.fault({ kind: 'status', status: 429, retryAfter: '0', match: { method: 'POST' } });
    await api.client().createJob(projectId, 'x');
    await api.control.fault({ kind: 'status', status: 429, retryAfter: new Date(Date.now() - 1000).toUTCString() });
    await api.client().getVisitors(projectId, {});
    assert.equal(await requestCount(), 4);
  });

  it('the emulator’s own hourly agent limit surfaces as RateLimitedError', async () => {
    const limited = await startApiFixture({ agentLimitPerHour: 2 });
    try {
      const client = limited.client();
      await client.createJob(limited.emulator.projectId, 'one');
      await client.createJob(limited.emulator.projectId, 'two');
      const error = await failure(client.createJob(limited.emulator.projectId, 'three'));
      assert.ok(error instanceof RateLimitedError);
      assert.ok((error.retryAfterMs ?? 0) > 3_000_000, `waits most of an hour, got ${String(error.retryAfterMs)}`);
    } finally {
      await limited.close();
    }
  });

  it('retries a GET after a 5xx and succeeds', async () => {
    await api.control.fault({ kind: 'status', status: 503, count: 2 });
    const page = await api.client().getVisitors(projectId, { limit: 5 });
    assert.equal(page.visitors.length, 5);
    assert.equal(await requestCount(), 3);
  });

  it('gives up on a GET after the last attempt with a server error', async () => {
    await api.control.fault({ kind: 'status', status: 500, count: 10 });
    const error = await failure(api.client({ retry: { maxAttempts: 3 } }).getVisitors(projectId, {}));
    assert.ok(error instanceof ServerError);
    assert.equal(error.status, 500);
    assert.equal(await requestCount(), 3);
  });

  it('never retries a POST that reached the server: 502 and a dropped connection', async () => {
    await api.control.fault({ kind: 'status', status: 502, match: { method: 'POST' } });
    assert.ok((await failure(api.client().createJob(projectId, 'x'))) instanceof ServerError);
    await api.control.fault({ kind: 'drop', match: { method: 'POST' } });
    assert.ok((await failure(api.client().createJob(projectId, 'y'))) instanceof NetworkError);
    assert.equal(await requestCount(), 2);
    assert.equal((await api.control.jobs()).length, 0);
  });

  it('retries a GET after a dropped connection', async () => {
    const job = await api.client().createJob(projectId, 'x');
    await api.control.fault({ kind: 'drop', match: { method: 'GET' } });
    assert.equal((await api.client().getJob(projectId, job.id)).id, job.id);
  });

  it('times out a hung response', async () => {
    await api.control.fault({ kind: 'hang', count: 5 });
    const client = api.client({ transport: { responseTimeoutMs: 150 }, retry: { maxAttempts: 2 } });
    const error = await failure(client.getVisitors(projectId, {}));
    assert.ok(error instanceof TimeoutError);
    assert.equal(error.phase, 'response');
  });

  it('reports a body that is not JSON, and one missing a required field, by name', async () => {
    await api.control.fault({ kind: 'malformed' });
    assert.ok((await failure(api.client().getVisitors(projectId, {}))) instanceof MalformedResponseError);
    await api.control.fault({ kind: 'schema', omit: ['hasMore'] });
    const error = await failure(api.client().getVisitors(projectId, {}));
    assert.ok(error instanceof MalformedResponseError);
    assert.equal(error.field, 'hasMore');
  });

  it('reports a refused connection as a network error, after retries for a GET', async () => {
    const closed = await startApiFixture();
    const baseUrl = closed.emulator.baseUrl;
    await closed.close();
    const error = await failure(api.client({ baseUrl }).getJob(projectId, 'j'));
    assert.ok(error instanceof NetworkError);
    assert.match(error.message, /refused/);
  });

  it('cancels before sending, during a slow answer, and during a retry wait', async () => {
    const aborted = new AbortController();
    aborted.abort();
    assert.ok((await failure(api.client().getVisitors(projectId, {}, { signal: aborted.signal }))) instanceof CancelledError);
    assert.equal(await requestCount(), 0);

    await api.control.fault({ kind: 'latency', ms: 30_000 });
    const slow = new AbortController();
    const pending = api.client().getVisitors(projectId, {}, { signal: slow.signal });
    await api.control.waitForRequests(1);
    slow.abort();
    assert.ok((await failure(pending)) instanceof CancelledError);

    await api.control.fault({ kind: 'status', status: 503 });
    const waiting = new AbortController();
    const retrying = api.client({ retry: { baseMs: 30_000, capMs: 30_000 } }).getVisitors(projectId, {}, { signal: waiting.signal });
    await api.control.waitForRequests(2);
    waiting.abort();
    assert.ok((await failure(retrying)) instanceof CancelledError);
  });

  it('never lets the key into an error message, even when the server echoes it', async () => {
    const key = api.emulator.key;
    await api.control.fault({ kind: 'status', status: 400, body: { error: `bad key ${key}` } });
    const error = await failure(api.client().createJob(projectId, 'x'));
    assert.ok(error instanceof InvalidRequestError);
    assert.ok(!error.message.includes(key));
    assert.ok(!String(error.stack).includes(key));
    assert.match(error.message, /\[API key\]/);
  });
});
