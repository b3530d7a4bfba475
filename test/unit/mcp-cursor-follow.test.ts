// Which server Cursor's agent is given: Docs Agent's real MCP server on a real port, an impostor
// at an address written to the shared folder, and a window in Restricted Mode.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CursorFollower, type CursorFollowDeps } from '../../src/mcp/cursor-follow';
import type { McpAddress } from '../../src/mcp/mcp-service';
import { isOwnServer } from '../../src/mcp/server-proof';
import { startTestServer, type TestServer } from '../support/mcp-client';

/** A program on another loopback port that answers anything, keeping what it was sent. */
async function impostor(): Promise<{ server: Server; port: number; seen: IncomingMessage[] }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ proof: '0'.repeat(64) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

describe('Cursor is given Docs Agent’s server only by a trusted window, and only once the address proves itself', () => {
  let real: TestServer;
  const closers: (() => Promise<unknown>)[] = [];
  before(async () => {
    real = await startTestServer();
  });
  after(() => real.running.close());
  afterEach(async () => {
    await Promise.allSettled(closers.splice(0).map((close) => close()));
  });

  function follower(address: () => McpAddress | undefined, overrides: Partial<CursorFollowDeps> = {}) {
    const registered: { url: string; token: string }[] = [];
    const logged: string[] = [];
    const follow = new CursorFollower({
      address,
      token: () => Promise.resolve(real.token.value ?? ''),
      mayRegister: () => true,
      verify: isOwnServer,
      register: (url, token) => {
        registered.push({ url, token });
        return { dispose: () => registered.splice(0) };
      },
      log: (line) => logged.push(line),
      ...overrides,
    });
    closers.push(() => Promise.resolve(follow.dispose()));
    return { follow, registered, logged };
  }

  it('registers the address of Docs Agent’s own server, with its token', async () => {
    const { follow, registered } = follower(() => ({ url: real.running.url, port: real.running.port }));
    await follow.follow();
    assert.deepEqual(registered, [{ url: real.running.url, token: 'test-token-1' }]);
  });

  it('an address another program wrote to the shared folder gets no registration, and never sees the token', async () => {
    const other = await impostor();
    closers.push(() => new Promise((resolve) => other.server.close(resolve)));
    const { follow, registered, logged } = follower(() => ({ url: `http://127.0.0.1:${other.port}/mcp`, port: other.port }));
    await follow.follow();
    assert.deepEqual(registered, []);
    assert.match(logged.join('\n'), /did not prove to be Docs Agent's server/);
    assert.equal(other.seen.length, 1, 'it was asked for its proof');
    const sent = JSON.stringify([other.seen[0]?.url, other.seen[0]?.headers]);
    assert.ok(!sent.includes('test-token-1') && !/authorization/i.test(sent), `nothing of the token was sent: ${sent}`);
  });

  it('a URL that is not the server’s own loopback address is refused, even beside the real port', async () => {
    for (const url of [
      `http://evil.example:${real.running.port}/mcp`,
      `http://127.0.0.1:${real.running.port}/elsewhere`,
      'http://127.0.0.1:1/mcp',
    ]) {
      const { follow, registered } = follower(() => ({ url, port: real.running.port }));
      await follow.follow();
      assert.deepEqual(registered, [], url);
    }
  });

  it('a window that may not send the key (Restricted Mode) registers nothing, and asks nothing', async () => {
    let verified = 0;
    const { follow, registered } = follower(() => ({ url: real.running.url, port: real.running.port }), {
      mayRegister: () => false,
      verify: () => Promise.resolve(++verified > 0),
    });
    await follow.follow();
    assert.deepEqual(registered, []);
    assert.equal(verified, 0);
  });

  it('a check that ends late never registers an old address over a newer one', async () => {
    let address: McpAddress = { url: 'http://127.0.0.1:1111/mcp', port: 1111 };
    let release: (value: boolean) => void = () => undefined;
    const { follow, registered } = follower(() => address, {
      verify: (checked) => (checked.port === 1111 ? new Promise<boolean>((resolve) => (release = resolve)) : Promise.resolve(true)),
    });
    const first = follow.follow();
    address = { url: 'http://127.0.0.1:2222/mcp', port: 2222 };
    await follow.follow();
    release(true);
    await first;
    assert.deepEqual(
      registered.map((r) => r.url),
      ['http://127.0.0.1:2222/mcp'],
    );
  });
});
