import * as assert from 'node:assert/strict';
import { InvalidSettingError } from '../../src/api/errors';
import { actionCommand, describeError } from '../../src/editor/error-text';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { startConnectProxy, type TestProxy } from '../support/emulator/connect-proxy';

describe('API client: proxies', () => {
  let api: ApiFixture;
  let proxy: TestProxy;
  const saved = { ...process.env };
  before(async () => {
    api = await startApiFixture();
    proxy = await startConnectProxy();
  });
  after(async () => {
    await proxy.close();
    await api.close();
  });
  afterEach(() => {
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    proxy.tunnels.length = 0;
  });

  const host = (): string => new URL(api.emulator.baseUrl).host;

  it('goes through the proxy the editor setting names', async () => {
    await api.client({ transport: { proxy: proxy.url } }).getVisitors(api.emulator.projectId, { limit: 1 });
    assert.deepEqual(proxy.tunnels, [host()]);
  });

  it('says a malformed http.proxy is that setting being invalid, without repeating it, and sends nothing', async () => {
    await api.control.clearRequests();
    for (const bad of ['proxy.corp:8080', 'socks5://user:secret@proxy.corp:1080', 'not a url']) {
      const error = await failure(api.client({ transport: { proxy: bad } }).getVisitors(api.emulator.projectId, { limit: 1 }));
      assert.ok(error instanceof InvalidSettingError, `${bad}: ${String(error)}`);
      assert.equal(error.setting, 'http.proxy');
      assert.match(error.message, /http\.proxy setting is not a proxy address/);
      assert.ok(!error.message.includes('secret') && !error.message.includes('proxy.corp'), 'the setting’s value is not repeated');
    }
    assert.deepEqual(proxy.tunnels, []);
    assert.equal((await api.control.requests()).length, 0);
  });

  it('offers Open Settings on the malformed http.proxy, opening the Settings editor at that setting', async () => {
    const error = await failure(api.client({ transport: { proxy: 'proxy.corp:8080' } }).getVisitors(api.emulator.projectId, { limit: 1 }));
    const text = describeError(error, true);
    assert.deepEqual(text.actions, ['openSettings'], 'one action, and no Retry: retrying cannot fix a setting');
    assert.equal(text.setting, 'http.proxy');
    assert.deepEqual(actionCommand('openSettings', text.setting), { command: 'workbench.action.openSettings', args: ['http.proxy'] });
  });

  it('goes through HTTP_PROXY when no setting names one', async () => {
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.http_proxy;
    await api.client().getVisitors(api.emulator.projectId, { limit: 1 });
    assert.deepEqual(proxy.tunnels, [host()]);
  });

  it('goes direct for hosts in NO_PROXY', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = '127.0.0.1';
    delete process.env.http_proxy;
    delete process.env.no_proxy;
    await api.client().getVisitors(api.emulator.projectId, { limit: 1 });
    assert.deepEqual(proxy.tunnels, []);
  });
});
