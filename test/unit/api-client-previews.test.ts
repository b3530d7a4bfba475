import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AuthError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  PreviewsNotInPlanError,
  RateLimitedError,
  ServerError,
} from '../../src/api/errors';
import { knownDeploymentStatuses } from '../../src/api/types';
import { parseDeploymentState, parsePreviewStarted } from '../../src/api/validate';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { createFixtureRemote } from '../support/emulator/fixture-repository';
import {
  assertMatchesSchema,
  loadOpenApi,
  requestSchema,
  responseSchema,
  sampleOf,
  undeclaredFields,
} from '../support/emulator/openapi-schema';
import { PREVIEW_BUILD_MS, PREVIEW_QUEUED_MS } from '../support/emulator/preview-harness';
import { fixtureSite } from '../support/workbench/code-server';

const published = loadOpenApi('deployments.openapi.json');
const TRIGGER = '/project/preview/{projectId}';
const STATUS = '/project/update-status/{statusId}';

describe('API client: preview deployments against the emulator', () => {
  const parent = mkdtempSync(join(tmpdir(), 'client-previews-'));
  let api: ApiFixture;
  let projectId: string;
  before(async () => {
    const gitRemote = createFixtureRemote(parent, fixtureSite);
    api = await startApiFixture({ gitRemote, previewQueuedMs: PREVIEW_QUEUED_MS, previewBuildMs: PREVIEW_BUILD_MS });
    projectId = api.emulator.projectId;
  });
  after(async () => {
    await api.close();
    rmSync(parent, { recursive: true, force: true });
  });
  beforeEach(() => api.control.reset());

  const requestCount = async (): Promise<number> => (await api.control.requests()).length;

  it('triggers a preview with exactly {branch} and reads the 202', async () => {
    const started = await api.client().triggerPreview(projectId, 'main');
    const [request] = await api.control.requests();
    assert.deepEqual([request?.method, request?.path, request?.body], ['POST', `/v1/project/preview/${projectId}`, { branch: 'main' }]);
    assert.equal(request?.contentType, 'application/json');
    const [listed] = await api.control.previews();
    assert.deepEqual(started, { statusId: listed?.statusId, previewUrl: listed?.previewUrl });
  });

  it('matches the published description: what the client sends, what the emulator answers, all a reply may hold', async () => {
    const { statusId } = await api.client().triggerPreview(projectId, 'main');
    const [request] = await api.control.requests();
    const bodySchema = requestSchema(published, TRIGGER, 'post');
    assertMatchesSchema(published, bodySchema, request?.body, 'the request body');
    assert.deepEqual(undeclaredFields(bodySchema, request?.body), []);
    const headers = { authorization: `Bearer ${api.emulator.key}` };
    for (const step of [0, PREVIEW_QUEUED_MS, PREVIEW_BUILD_MS]) {
      await api.control.advance(step);
      const raw: unknown = await (await fetch(`${api.emulator.baseUrl}/v1/project/update-status/${statusId}`, { headers })).json();
      assertMatchesSchema(published, responseSchema(published, STATUS, 'get', '200'), raw, `the status after ${step} ms`);
    }
    const statusSchema = responseSchema(published, STATUS, 'get', '200');
    const statusProperty = (statusSchema.properties as Record<string, { enum: unknown[] }>).status;
    assert.deepEqual(statusProperty.enum, [...knownDeploymentStatuses], 'the client knows exactly the published statuses');
    const full = sampleOf(published, statusSchema) as Record<string, unknown>;
    const state = parseDeploymentState(full, 200, 'asked');
    assert.deepEqual(
      [state.id, state.status, state.summary, state.logs, state.createdAt, state.endedAt, state.subdomain],
      [full._id, 'queued', full.summary, full.logs, full.createdAt, full.endedAt, full.subdomain],
    );
    const commit = full.commit as Record<string, unknown>;
    assert.deepEqual(state.commit, { sha: commit.sha, ref: commit.ref, message: commit.message });
    const started = sampleOf(published, responseSchema(published, TRIGGER, 'post', '202')) as Record<string, unknown>;
    assert.deepEqual(parsePreviewStarted(started, 202), { statusId: started.statusId, previewUrl: started.previewUrl });
  });

  it('follows a deployment from queued to success: logs, commit and times as the service sent them', async () => {
    const client = api.client();
    const { statusId } = await client.triggerPreview(projectId, 'main');
    const queued = await client.getDeploymentStatus(statusId);
    assert.deepEqual([queued.id, queued.status, queued.rawStatus, queued.logs, queued.endedAt], [statusId, 'queued', 'queued', [], null]);
    assert.equal(queued.subdomain, 'acme-docs-main');
    assert.deepEqual(queued.commit, { sha: (await api.control.previews())[0]?.commit.sha, ref: 'main', message: 'The docs site' });
    await api.control.advance(PREVIEW_QUEUED_MS);
    assert.equal((await client.getDeploymentStatus(statusId)).status, 'in_progress');
    await api.control.advance(PREVIEW_BUILD_MS);
    const done = await client.getDeploymentStatus(statusId);
    const [listed] = await api.control.previews();
    assert.deepEqual([done.status, done.logs, done.summary, done.endedAt], ['success', listed?.logs, listed?.summary, listed?.endedAt]);
    assert.equal(done.createdAt, listed?.createdAt);
  });

  it('reports a failed build with its broken-link lines (an agent job’s [broken-link] branch)', async () => {
    const client = api.client();
    const job = await client.createJob(projectId, '[broken-link] Tighten guides/webhooks.mdx');
    await api.control.finishJob(job.id);
    const { statusId } = await client.triggerPreview(projectId, job.ref ?? '');
    await api.control.advance(PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    const failed = await client.getDeploymentStatus(statusId);
    assert.equal(failed.status, 'failure');
    assert.ok(failed.logs.includes('✗ Broken link in guides/webhooks.mdx: /guides/missing-page'), failed.logs.join('\n'));
    assert.equal(failed.logs.at(-1), 'Build failed: 1 broken link');
    assert.equal(failed.commit?.ref, job.ref);
  });

  it('403 on the trigger is the plan, not the key: PreviewsNotInPlanError with the service’s words', async () => {
    await api.control.setPlan(projectId, false);
    const error = await failure(api.client().triggerPreview(projectId, 'main'));
    assert.ok(error instanceof PreviewsNotInPlanError && !(error instanceof AuthError), String(error));
    assert.equal(error.kind, 'previewsNotInPlan');
    assert.equal(error.status, 403);
    assert.equal(
      error.message,
      "Preview deployments are not available on this project's plan. The service said: Preview deployments are not available on your current plan.",
    );
    await api.control.fault({ kind: 'status', status: 403, body: {} });
    const silent = await failure(api.client().triggerPreview(projectId, 'main'));
    assert.ok(silent instanceof PreviewsNotInPlanError);
    assert.equal(silent.message, "Preview deployments are not available on this project's plan.", 'nothing said, nothing quoted');
    await api.control.setKeyState('forbidden');
    assert.ok((await failure(api.client().getDeploymentStatus('abc'))) instanceof AuthError, 'a 403 elsewhere is still the key');
  });

  it('429 from the organisation’s 5 a minute: RateLimitedError with the wait, returned at once', async () => {
    const client = api.client();
    for (let i = 0; i < 5; i++) await client.triggerPreview(projectId, 'main');
    const error = await failure(client.triggerPreview(projectId, 'main'));
    assert.ok(error instanceof RateLimitedError);
    assert.ok((error.retryAfterMs ?? 0) > 55_000 && (error.retryAfterMs ?? 0) <= 60_000, String(error.retryAfterMs));
    assert.match(error.message, /preview deployments \(5 a minute per organisation\) is reached\. Try again in \d+ seconds\./);
    assert.equal(await requestCount(), 6, 'a wait longer than the client will sit through is not retried');
  });

  it('a short Retry-After on the trigger is waited out (a 429 was not carried out)', async () => {
    await api.control.fault({ kind: 'status', status: 429, retryAfter: '0', match: { path: '/project/preview/' } });
    await api.client().triggerPreview(projectId, 'main');
    assert.equal(await requestCount(), 2);
    assert.equal((await api.control.previews()).length, 1);
  });

  it('refuses an empty or blank branch, and an empty status id, without a request', async () => {
    for (const branch of ['', ' \t\n']) {
      const error = await failure(api.client().triggerPreview(projectId, branch));
      assert.ok(error instanceof InvalidRequestError);
      assert.equal(error.message, 'The branch is empty.');
    }
    assert.ok((await failure(api.client().getDeploymentStatus(''))) instanceof InvalidRequestError);
    assert.equal(await requestCount(), 0);
  });

  it('400 for a branch the repository lacks; 404 for an unknown deployment, named', async () => {
    const refused = await failure(api.client().triggerPreview(projectId, 'no-such-branch'));
    assert.ok(refused instanceof InvalidRequestError);
    assert.equal(refused.message, 'The service refused the request: Branch no-such-branch was not found in the repository..');
    const missing = await failure(api.client().getDeploymentStatus('0123456789abcdef01234567'));
    assert.ok(missing instanceof NotFoundError);
    assert.match(missing.message, /^The service could not find deployment 0123456789abcdef01234567\./);
  });

  it('never repeats a trigger that may have reached the service: 502 and a dropped connection', async () => {
    await api.control.fault({ kind: 'status', status: 502, match: { method: 'POST' } });
    assert.ok((await failure(api.client().triggerPreview(projectId, 'main'))) instanceof ServerError);
    await api.control.fault({ kind: 'drop', match: { method: 'POST' } });
    assert.ok((await failure(api.client().triggerPreview(projectId, 'main'))) instanceof NetworkError);
    assert.equal(await requestCount(), 2);
  });

  it('retries a status read after a 5xx', async () => {
    const { statusId } = await api.client().triggerPreview(projectId, 'main');
    await api.control.fault({ kind: 'status', status: 503, count: 2, match: { path: '/update-status/' } });
    assert.equal((await api.client().getDeploymentStatus(statusId)).id, statusId);
    assert.equal(await requestCount(), 4);
  });

  it('reads odd answers as far as they go, and names what it cannot read', async () => {
    const odd = { _id: '', status: 'paused', logs: ['one', 2, null, 'two'], commit: { sha: 'abc' }, extra: true };
    await api.control.fault({ kind: 'status', status: 200, body: odd });
    const state = await api.client().getDeploymentStatus('asked-id');
    assert.deepEqual(state, {
      id: 'asked-id',
      status: 'unknown',
      rawStatus: 'paused',
      summary: null,
      logs: ['one', 'two'],
      createdAt: null,
      endedAt: null,
      commit: { sha: 'abc', ref: null, message: null },
      subdomain: null,
    });
    await api.control.fault({ kind: 'schema', omit: ['statusId'] });
    const error = await failure(api.client().triggerPreview(projectId, 'main'));
    assert.ok(error instanceof MalformedResponseError);
    assert.equal(error.field, 'statusId');
  });
});
