import * as assert from 'node:assert/strict';
import { checkApiKey } from '../../src/api/api-key';
import { checkConnection } from '../../src/api/connection-check';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';

describe('Connect: one free request says whether the key and the project work', () => {
  let api: ApiFixture;
  let projectId: string;
  before(async () => {
    api = await startApiFixture();
    projectId = api.emulator.projectId;
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  it('says connected, naming the project, after one GET and no agent use', async () => {
    const verdict = await checkConnection(api.client(), projectId);
    assert.deepEqual(verdict, {
      ok: true,
      message: `Connected to project “${projectId}”. Agent jobs and visitor numbers for this folder use it.`,
    });
    const requests = await api.control.requests();
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET'],
    );
    assert.equal((await api.control.jobs()).length, 0, 'no job made');
  });

  it('an assistant key is named as the wrong kind, and nothing is sent', async () => {
    const verdict = await checkConnection(api.client({ getApiKey: () => checkApiKey('mint_dsc_public_assistant_key') }), projectId);
    assert.equal(verdict.ok, false);
    assert.equal(!verdict.ok && verdict.problem, 'key');
    assert.match(verdict.message, /assistant \(public\) key/);
    assert.equal((await api.control.requests()).length, 0);
  });

  it('an expired key, and a key refused for its scope or address, each get their sentence', async () => {
    await api.control.setKeyState('revoked');
    const expired = await checkConnection(api.client(), projectId);
    assert.match(expired.message, /^Mintlify refused the key: it may have expired or been revoked/);
    await api.control.setKeyState('forbidden');
    const refused = await checkConnection(api.client(), projectId);
    assert.match(refused.message, /^Mintlify knows the key but refused the request/);
    assert.equal(!refused.ok && refused.problem, 'key');
  });

  it('a project the service does not know is named, and told apart from an address that is not the API', async () => {
    await api.control.fault({ kind: 'status', status: 404, body: { error: 'Project not found' }, match: { path: '/job/' } });
    const unknown = await checkConnection(api.client(), 'proj_typo');
    assert.equal(!unknown.ok && unknown.problem, 'project');
    assert.match(unknown.message, /knows no project “proj_typo”/);
    await api.control.reset();
    await api.control.fault({ kind: 'status', status: 404, body: { error: 'Not Found' }, match: { path: '/job/' } });
    const elsewhere = await checkConnection(api.client(), projectId);
    assert.equal(!elsewhere.ok && elsewhere.problem, 'address');
  });

  it('a service out of reach keeps what was entered and says to connect again', async () => {
    const closed = api.client({ baseUrl: 'http://127.0.0.1:9', retry: { maxAttempts: 1 } });
    const verdict = await checkConnection(closed, projectId);
    assert.equal(!verdict.ok && verdict.problem, 'unreachable');
    assert.match(verdict.message, /could not be reached/);
  });
});
