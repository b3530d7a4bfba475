// The emulator's preview deployments over real HTTP: the trigger and status routes checked
// against the published deployments description, the schedule on the emulator clock,
// redeploys, the organisation's 5-a-minute limit, the plan's 403, the 400s, and faults.
import * as assert from 'node:assert/strict';
import { EmulatorControlError } from '../control-client';
import { startEmulator } from '../server';
import type { DeploymentWire } from '../types';
import { obj } from '../../support/emulator/emulator-harness';
import { assertMatchesSchema, loadOpenApi, requestSchema, responseSchema, undeclaredFields } from '../../support/emulator/openapi-schema';
import { PREVIEW_BUILD_MS, PREVIEW_QUEUED_MS, usePreviewEmulator } from '../../support/emulator/preview-harness';

const deployments = loadOpenApi('deployments.openapi.json');
const TRIGGER = '/project/preview/{projectId}';
const STATUS = '/project/update-status/{statusId}';

describe('emulator: preview deployments', () => {
  const h = usePreviewEmulator();
  const preview = (project = h.emu.projectId): string => `/v1/project/preview/${project}`;
  const trigger = async (branch: string, project?: string): Promise<{ statusId: string; previewUrl: string }> => {
    const body = { branch };
    assertMatchesSchema(deployments, requestSchema(deployments, TRIGGER, 'post'), body, 'request body');
    const res = await h.call('POST', preview(project), { body });
    assert.equal(res.status, 202, res.text);
    return res.json as { statusId: string; previewUrl: string };
  };
  const status = async (statusId: string): Promise<DeploymentWire> => {
    const res = await h.call('GET', `/v1/project/update-status/${statusId}`);
    assert.equal(res.status, 200, res.text);
    return res.json as DeploymentWire;
  };

  it('answers 202 {statusId, previewUrl} as published, and a status that fits the schema at every step', async () => {
    const res = await h.call('POST', preview(), { body: { branch: 'main' } });
    assert.equal(res.status, 202);
    const schema202 = responseSchema(deployments, TRIGGER, 'post', '202');
    assertMatchesSchema(deployments, schema202, res.json, 'trigger answer');
    assert.deepEqual(undeclaredFields(schema202, res.json), []);
    const { statusId, previewUrl } = res.json as { statusId: string; previewUrl: string };
    assert.match(statusId, /^[0-9a-f]{24}$/);
    assert.equal(previewUrl, `${h.emu.baseUrl}/__preview/acme-docs-main`);
    const schema200 = responseSchema(deployments, STATUS, 'get', '200');
    for (const step of [0, PREVIEW_QUEUED_MS, PREVIEW_BUILD_MS]) {
      await h.control.advance(step);
      const state = await status(statusId);
      assertMatchesSchema(deployments, schema200, state, `status after ${step} ms`);
      assert.deepEqual(undeclaredFields(schema200, state), []);
    }
  });

  it('goes queued -> in_progress -> success on the emulator clock, endedAt only once ended', async () => {
    const { statusId } = await trigger('main');
    const queued = await status(statusId);
    assert.deepEqual([queued.status, queued.logs, queued.endedAt, queued.projectId], ['queued', [], undefined, h.emu.projectId]);
    assert.deepEqual([queued.commit.ref, queued.author?.name, queued.subdomain], ['main', 'Docs Writer', 'acme-docs-main']);
    // The clock also runs on in wall time, so each edge is approached with a second to spare.
    assert.deepEqual((await h.control.advance(PREVIEW_QUEUED_MS - 1000)).deployments, []);
    assert.equal((await status(statusId)).status, 'queued');
    await h.control.advance(1000);
    const building = await status(statusId);
    assert.equal(building.status, 'in_progress');
    assert.match(building.logs[0] ?? '', /^Cloning acme\/docs at [0-9a-f]{7} \(main\)$/);
    assert.equal(building.endedAt, undefined);
    assert.deepEqual((await h.control.advance(PREVIEW_BUILD_MS - 1000)).deployments, []);
    assert.equal((await status(statusId)).status, 'in_progress');
    assert.deepEqual((await h.control.advance(1000)).deployments, [statusId]);
    const done = await status(statusId);
    assert.equal(done.status, 'success');
    assert.equal(Date.parse(done.endedAt ?? '') - Date.parse(done.createdAt), PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS);
    assert.ok(done.logs.includes('✓ No broken links'), done.logs.join('\n'));
    assert.equal(done.logs.at(-1), `✓ Preview live at ${h.emu.baseUrl}/__preview/acme-docs-main`);
    assert.match(done.summary, /^Preview deployed: \d+ pages$/);
    assert.ok(done.screenshot?.startsWith(`${h.emu.baseUrl}/__preview/acme-docs-main/`));
  });

  it('redeploys a branch that has a preview: a new statusId, the same previewUrl', async () => {
    const first = await trigger('main');
    const again = await trigger('main');
    assert.notEqual(again.statusId, first.statusId);
    assert.equal(again.previewUrl, first.previewUrl);
    const listed = await h.control.previews();
    assert.deepEqual(
      listed.map((p) => [p.statusId, p.branch, p.previewUrl]),
      [first, again].map((p) => [p.statusId, 'main', first.previewUrl]),
    );
    const other = await trigger('main', h.emu.syntheticProjectId);
    assert.equal(other.previewUrl, `${h.emu.baseUrl}/__preview/synthetic-10k-main`, 'each project has its own site');
  });

  it('allows 5 triggers a minute per organisation, counted only when accepted; 429 with Retry-After', async () => {
    assert.equal((await h.call('POST', preview(), { body: {} })).status, 400, 'a refused body is not a use');
    const began = Date.now();
    for (let i = 0; i < 4; i++) await trigger('main');
    await h.control.advance(20_000);
    await trigger('main', h.emu.syntheticProjectId);
    assert.equal((await h.control.usage()).previewRequests, 5);
    const limited = await h.call('POST', preview(h.emu.syntheticProjectId), { body: { branch: 'main' } });
    assert.deepEqual([limited.status, limited.json], [429, { error: 'Rate limit exceeded' }]);
    // The emulator's clock runs on between the uses too: on a busy machine, a second or more.
    const wait = Number(limited.headers.get('retry-after'));
    const ran = Math.ceil((Date.now() - began) / 1000);
    assert.ok(wait <= 40 && wait >= 40 - ran, `until the oldest use leaves the minute: ${wait} s, ${ran} s after it`);
    await h.control.advance(40_000);
    assert.equal((await h.control.usage()).previewRequests, 1, 'the first four left the minute');
    for (let i = 0; i < 4; i++) await trigger('main');
    assert.equal((await h.call('POST', preview(), { body: { branch: 'main' } })).status, 429);
    await h.control.reset();
    await trigger('main');
  });

  it('answers 403 when the plan has no previews, before the body; other projects and reset unaffected', async () => {
    await h.control.setPlan(h.emu.projectId, false);
    for (const init of [{ body: { branch: 'main' } }, { rawBody: '{oops' }]) {
      const res = await h.call('POST', preview(), init);
      assert.deepEqual([res.status, res.json], [403, { error: 'Preview deployments are not available on your current plan.' }]);
      assertMatchesSchema(deployments, responseSchema(deployments, TRIGGER, 'post', '403'), res.json);
    }
    await trigger('main', h.emu.syntheticProjectId);
    await h.control.setPlan(h.emu.projectId, true);
    await trigger('main');
    await h.control.setPlan(h.emu.projectId, false);
    await h.control.reset();
    await trigger('main');
    await assert.rejects(h.control.setPlan('nope', false), (e: unknown) => e instanceof EmulatorControlError && e.status === 404);
  });

  it('answers 400 without a non-empty string branch, and for a branch the repository lacks', async () => {
    for (const init of [
      { rawBody: '{"branch": ' },
      { rawBody: '' },
      { body: [] },
      { body: {} },
      { body: { branch: 7 } },
      { body: { branch: ' ' } },
    ]) {
      const res = await h.call('POST', preview(), init);
      assert.equal(res.status, 400, JSON.stringify(init));
      assertMatchesSchema(deployments, responseSchema(deployments, TRIGGER, 'post', '400'), res.json);
    }
    for (const branch of ['no-such-branch', 'main~1', 'refs/heads/main']) {
      const res = await h.call('POST', preview(), { body: { branch } });
      assert.deepEqual([res.status, res.json], [400, { error: `Branch ${branch} was not found in the repository.` }]);
    }
    assert.deepEqual(await h.control.previews(), []);
    assert.equal((await h.control.usage()).previewRequests, 0);
  });

  it('checks auth, then the project; 404 for an unknown status id; 405 for a wrong method', async () => {
    assert.equal((await h.call('POST', preview(), { key: null, body: { branch: 'main' } })).status, 401);
    assert.equal((await h.call('GET', '/v1/project/update-status/abc', { key: 'mint_wrong' })).status, 401);
    assert.deepEqual((await h.call('POST', preview('nope'), { body: { branch: 'main' } })).json, { error: 'Project not found' });
    const missing = await h.call('GET', '/v1/project/update-status/0123456789abcdef01234567');
    assert.deepEqual([missing.status, missing.json], [404, { error: 'Deployment status not found' }]);
    const wrong = await h.call('GET', preview());
    assert.deepEqual([wrong.status, wrong.headers.get('allow')], [405, 'POST']);
    assert.equal((await h.call('POST', '/v1/project/update-status/x')).headers.get('allow'), 'GET');
  });

  it('control finish ends a deployment at once, with the build’s verdict or a chosen one', async () => {
    const chosen = await trigger('main');
    const failed = await h.control.finishPreview(chosen.statusId, 'failure');
    assert.deepEqual([failed.status, failed.dueAt, failed.logs.at(-1)], ['failure', null, 'Build failed: stopped']);
    assert.equal((await h.control.finishPreview(chosen.statusId, 'success')).status, 'failure', 'an ended one stays ended');
    const own = await trigger('main');
    assert.equal((await h.control.finishPreview(own.statusId)).status, 'success');
    await assert.rejects(h.control.finishPreview('nope'), (e: unknown) => e instanceof EmulatorControlError && e.status === 404);
  });

  it('applies faults to the preview routes like any other; a faulted 429 costs nothing', async () => {
    await h.control.fault({ kind: 'status', status: 429, retryAfter: '12', match: { path: '/project/preview/' } });
    const limited = await h.call('POST', preview(), { body: { branch: 'main' } });
    assert.deepEqual([limited.status, limited.headers.get('retry-after')], [429, '12']);
    assert.equal((await h.control.usage()).previewRequests, 0);
    await h.control.fault({ kind: 'schema' });
    assert.deepEqual(Object.keys(obj((await h.call('POST', preview(), { body: { branch: 'main' } })).json)), ['previewUrl']);
    const [made] = await h.control.previews();
    await h.control.fault({ kind: 'latency', ms: 120, match: { path: '/update-status/' } });
    const started = Date.now();
    assert.equal((await status(made?.statusId ?? '')).status, 'queued', 'the trigger was carried out');
    assert.ok(Date.now() - started >= 110);
  });
});

describe('emulator: preview deployments without a git remote', () => {
  it('builds any branch from the fixture folder, by itself on the real clock when the schedule is short', async () => {
    const quick = await startEmulator({ port: 0, quiet: true, previewQueuedMs: 5, previewBuildMs: 10 });
    try {
      const headers = { authorization: `Bearer ${quick.key}`, 'content-type': 'application/json' };
      const body = JSON.stringify({ branch: 'any/branch' });
      const created = await fetch(`${quick.baseUrl}/v1/project/preview/${quick.projectId}`, { method: 'POST', headers, body });
      const { statusId, previewUrl } = obj(await created.json());
      assert.equal(previewUrl, `${quick.baseUrl}/__preview/acme-docs-any-branch`);
      const deadline = Date.now() + 5000;
      let state: Record<string, unknown> = {};
      while (!['success', 'failure'].includes(String(state.status)) && Date.now() < deadline) {
        state = obj(await (await fetch(`${quick.baseUrl}/v1/project/update-status/${String(statusId)}`, { headers })).json());
      }
      assert.equal(state.status, 'success', JSON.stringify(state.logs));
    } finally {
      await quick.close();
    }
  });
});
