import * as assert from 'node:assert/strict';
import { type ApiFixture, startApiFixture } from '../support/api-fixture';
import { startConnectProxy, type TestProxy } from '../support/connect-proxy';

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
