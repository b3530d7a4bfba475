import * as assert from 'node:assert/strict';
import { InvalidApiKeyError, InvalidRequestError, InvalidSettingError, NotFoundError } from '../../src/api/errors';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';

describe('API client: agent jobs against the emulator', () => {
  let api: ApiFixture;
  before(async () => {
    api = await startApiFixture();
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  it('creates a job with exactly the prompt, the bearer key and a User-Agent', async () => {
    const prompt = 'Fix the typo in the quickstart.\n\n  Keep the  spacing.  ';
    const job = await api.client().createJob(api.emulator.projectId, prompt);
    assert.equal(job.status, 'active');
    assert.equal(job.prLink, null);
    const [request] = await api.control.requests();
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, `/v2/agent/${api.emulator.projectId}/job`);
    assert.deepEqual(request?.body, { prompt });
    assert.equal(request?.auth, 'valid');
    assert.equal(request?.userAgent, 'mintlify-docs-agent-tests/0.0.0');
  });

  it('polls a job to completion with an https pull request link', async () => {
    const client = api.client();
    const created = await client.createJob(api.emulator.projectId, 'Add an example');
    await api.control.finishJob(created.id);
    const done = await client.getJob(api.emulator.projectId, created.id);
    assert.equal(done.status, 'completed');
    assert.match(done.prLink ?? '', /^https:\/\/github\.com\/.+\/pull\/\d+$/);
    assert.equal(done.repository, 'https://github.com/acme/docs');
  });

  it('reports completed without a PR, and failed, as the emulator decides', async () => {
    const client = api.client();
    const noChange = await client.createJob(api.emulator.projectId, 'Check links [no-change]');
    const failing = await client.createJob(api.emulator.projectId, 'Rewrite everything [fail]');
    await api.control.advance(4_000_000);
    assert.equal((await client.getJob(api.emulator.projectId, noChange.id)).prLink, null);
    assert.equal((await client.getJob(api.emulator.projectId, failing.id)).status, 'failed');
  });

  it('sends a follow-up that makes a finished job active again', async () => {
    const client = api.client();
    const job = await client.createJob(api.emulator.projectId, 'First pass');
    await api.control.finishJob(job.id);
    const followed = await client.sendFollowUp(api.emulator.projectId, job.id, 'Also fix the title');
    assert.equal(followed.status, 'active');
    const [tracked] = (await api.control.jobs()).filter((j) => j.id === job.id);
    assert.deepEqual(tracked?.prompts, ['First pass', 'Also fix the title']);
  });

  it('shows an unknown status as unknown and keeps the raw value', async () => {
    const client = api.client();
    const job = await client.createJob(api.emulator.projectId, 'Anything');
    await api.control.setJob(job.id, { status: 'paused', surprise: { nested: [1, 2] } });
    const seen = await client.getJob(api.emulator.projectId, job.id);
    assert.equal(seen.status, 'unknown');
    assert.equal(seen.rawStatus, 'paused');
  });

  for (const [id, encoded] of [
    ['../x', '..%2Fx'],
    ['a/b', 'a%2Fb'],
    ['..', '%2E%2E'],
    ['100%', '100%25'],
  ] as const) {
    it(`keeps the id "${id}" one encoded path segment`, async () => {
      const error = await failure(api.client().getJob(api.emulator.projectId, id));
      assert.ok(error instanceof NotFoundError);
      const [request] = await api.control.requests();
      assert.equal(request?.path, `/v2/agent/${api.emulator.projectId}/job/${encoded}`);
    });
  }

  it('refuses the wrong kind of key before any request leaves', async () => {
    for (const key of ['mint_dsc_public123', 'mint_us_search123', '', 'sk_other']) {
      const error = await failure(api.client({ getApiKey: () => key }).createJob(api.emulator.projectId, 'x'));
      assert.ok(error instanceof InvalidApiKeyError);
    }
    assert.deepEqual(await api.control.requests(), []);
  });

  it('refuses an empty prompt, an empty project id and a clear-text remote URL without sending', async () => {
    const client = api.client();
    assert.ok((await failure(client.createJob(api.emulator.projectId, ' \n\t '))) instanceof InvalidRequestError);
    assert.ok((await failure(client.createJob('  ', 'x'))) instanceof InvalidSettingError);
    const remote = api.client({ baseUrl: 'http://api.example.com' });
    const error = await failure(remote.getJob(api.emulator.projectId, 'j'));
    assert.ok(error instanceof InvalidSettingError);
    assert.equal(error.setting, 'docsAgent.baseUrl');
    assert.deepEqual(await api.control.requests(), []);
  });

  it('works under a base URL with a path prefix and a trailing slash', async () => {
    const error = await failure(api.client({ baseUrl: `${api.emulator.baseUrl}/gateway/` }).getJob('p', 'j'));
    assert.ok(error instanceof NotFoundError);
    const [request] = await api.control.requests();
    assert.equal(request?.path, '/gateway/v2/agent/p/job/j');
  });
});
