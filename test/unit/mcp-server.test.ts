// Docs Agent's MCP server as another AI agent on this machine reaches it (the official SDK's
// client) and as anything else that tries to (a web page after DNS rebinding, a program without
// the token, another computer).
import * as assert from 'node:assert/strict';
import { connect as connectSocket, createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { answersWithProof, nonceHeader, proofFor, proofPath } from '../../src/mcp/server-proof';
import { call, connect, raw, startTestServer, textOf, type TestServer } from '../support/mcp-client';
import { eventually } from '../support/eventually';

describe('MCP server: reached from this machine only, with the token', () => {
  const servers: TestServer[] = [];
  const clients: Client[] = [];
  const blockers: Server[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await Promise.allSettled(servers.splice(0).map((server) => server.running.close()));
    for (const blocker of blockers.splice(0)) blocker.close();
  });
  async function start(...args: Parameters<typeof startTestServer>): Promise<TestServer> {
    const server = await startTestServer(...args);
    servers.push(server);
    return server;
  }
  async function client(url: string, options?: Parameters<typeof connect>[1]): Promise<ReturnType<typeof connect>> {
    const connected = await connect(url, options);
    clients.push(connected.client);
    return connected;
  }

  it('lists each tool’s name, model description and input schema exactly as defined', async () => {
    const server = await start();
    const { client: agent } = await client(server.running.url);
    const { tools } = await agent.listTools();
    assert.deepEqual(
      tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
      [
        {
          name: 'docsAgent_pageVisitors',
          description: 'Reads how many people visited a page.',
          inputSchema: { type: 'object', properties: { page: { type: 'string', description: 'The page path.' } }, required: ['page'] },
        },
        {
          name: 'docsAgent_createJob',
          description: 'Starts an agent job.',
          inputSchema: {
            type: 'object',
            properties: {
              prompt: { type: 'string', description: 'What to do.' },
              kind: { type: 'string', description: 'A kind.', enum: ['a', 'b'] },
              project: { type: 'string', description: 'The project.' },
            },
            required: ['prompt'],
          },
        },
      ],
    );
    assert.equal(agent.getServerVersion()?.name, 'docs-agent');
    assert.equal(textOf(await call(agent, 'docsAgent_pageVisitors', { page: '/quickstart' })), 'visitors of /quickstart: 12');
  });

  it('refuses a request without the token or with a wrong one (401, one sentence, nothing run)', async () => {
    const server = await start();
    const port = server.running.port;
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token' },
      { authorization: 'Basic test-token-1' },
      { authorization: 'Bearer test-token-1x' },
    ]) {
      const answer = await raw(port, { headers });
      assert.equal(answer.status, 401, JSON.stringify(headers));
      assert.equal(answer.headers['www-authenticate'], 'Bearer');
      assert.match((JSON.parse(answer.body) as { error: string }).error, /^The MCP token is missing or wrong: [^\n]+\.$/);
    }
    assert.equal((await raw(port, { headers: { authorization: 'Bearer test-token-1' } })).status, 200);
    await assert.rejects(client(server.running.url, { token: 'wrong-token' }));
    assert.deepEqual(server.seen.runs, []);
  });

  it('refuses a foreign Host (403) before looking at the token, as a page after DNS rebinding sends', async () => {
    const server = await start();
    const port = server.running.port;
    const withToken = { authorization: 'Bearer test-token-1' };
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, `localhost.evil.example:${port}`, '127.0.0.1']) {
      assert.equal((await raw(port, { host, headers: withToken })).status, 403, host);
      assert.equal((await raw(port, { host })).status, 403, `${host} without a token: 403 comes first`);
    }
    assert.equal((await raw(port, { host: `localhost:${port}`, headers: withToken })).status, 200);
  });

  it('proves it holds the token without it or any tool: the HMAC of a fresh nonce, after the Host and Origin checks', async () => {
    const server = await start();
    const port = server.running.port;
    const nonce = 'ab'.repeat(16);
    const asked = await raw(port, { method: 'GET', path: proofPath, body: '', headers: { [nonceHeader]: nonce } });
    assert.equal(asked.status, 200);
    assert.deepEqual(JSON.parse(asked.body), { proof: proofFor('test-token-1', nonce) });
    assert.ok(!asked.body.includes('test-token-1'));
    assert.equal(await answersWithProof(port, 'test-token-1'), true);
    assert.equal(await answersWithProof(port, 'another-token'), false, 'a window with another token is not fooled');
    for (const headers of [{}, { [nonceHeader]: 'not hex' }, { [nonceHeader]: 'ab' }] as Record<string, string>[]) {
      assert.equal((await raw(port, { method: 'GET', path: proofPath, body: '', headers })).status, 400, JSON.stringify(headers));
    }
    const page = { [nonceHeader]: nonce, origin: 'https://evil.example' };
    assert.equal((await raw(port, { method: 'GET', path: proofPath, body: '', headers: page })).status, 403, 'a web page gets no proof');
    assert.equal(
      (await raw(port, { method: 'GET', path: proofPath, body: '', host: 'evil.example', headers: { [nonceHeader]: nonce } })).status,
      403,
    );
    assert.equal(server.seen.runs.length, 0);
  });

  it('refuses a request from a web page (a foreign Origin, 403) even with the token', async () => {
    const server = await start();
    const port = server.running.port;
    for (const origin of [
      'https://evil.example',
      `http://evil.example:${port}`,
      'null',
      `https://127.0.0.1:${port}`,
      `http://localhost:${port + 1}`,
    ]) {
      const answer = await raw(port, { headers: { authorization: 'Bearer test-token-1', origin } });
      assert.equal(answer.status, 403, origin);
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
    }
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
      assert.equal((await raw(port, { headers: { authorization: 'Bearer test-token-1', origin } })).status, 200, origin);
  });

  it('answers no CORS preflight: a browser never gets leave to read an answer', async () => {
    const server = await start();
    const port = server.running.port;
    const preflight = await raw(port, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      body: '',
    });
    assert.equal(preflight.status, 403);
    assert.deepEqual(
      Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-')),
      [],
    );
  });

  it('listens on 127.0.0.1 only: another address of this machine is refused', async () => {
    const server = await start();
    assert.match(server.running.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const others = ['::1', ...(process.platform === 'linux' ? ['127.0.0.2'] : [])];
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) if (!address.internal && address.family === 'IPv4') others.push(address.address);
    for (const address of others) {
      await assert.rejects(raw(server.running.port, { address }), /ECONNREFUSED|EADDRNOTAVAIL|ENETUNREACH/, address);
    }
  });

  it('takes a free port when the wanted one is held, and says so', async () => {
    const blocker = createServer();
    blockers.push(blocker);
    const held = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    const server = await start({ port: held });
    assert.equal(server.running.wantedPortTaken, true);
    assert.notEqual(server.running.port, held);
    assert.equal(server.running.url, `http://127.0.0.1:${server.running.port}/mcp`);
    const { client: agent } = await client(server.running.url);
    assert.equal((await agent.listTools()).tools.length, 2);

    blocker.close();
    await new Promise((resolve) => blocker.once('close', resolve));
    const second = await start({ port: held });
    assert.deepEqual([second.running.port, second.running.wantedPortTaken], [held, false]);
  });

  it('a new token applies at once: a client with the old one is refused, one with the new one is served', async () => {
    const server = await start();
    const { client: old } = await client(server.running.url);
    await call(old, 'docsAgent_pageVisitors', { page: '/a' });
    server.token.value = 'test-token-2';
    await assert.rejects(call(old, 'docsAgent_pageVisitors', { page: '/b' }), /The MCP token is missing or wrong/);
    const { client: renewed } = await client(server.running.url, { token: 'test-token-2' });
    assert.equal(textOf(await call(renewed, 'docsAgent_pageVisitors', { page: '/c' })), 'visitors of /c: 12');
    server.token.value = undefined;
    assert.equal((await raw(server.running.port, { headers: { authorization: 'Bearer test-token-2' } })).status, 401);
    assert.deepEqual(
      server.seen.runs.map((run) => run.input.page),
      ['/a', '/c'],
    );
  });

  it('a session ends when its client says goodbye: its id is no longer served', async () => {
    const server = await start();
    const { client: agent, transport } = await client(server.running.url);
    const id = transport.sessionId;
    assert.ok(id);
    await transport.terminateSession();
    const answer = await raw(server.running.port, {
      headers: { authorization: 'Bearer test-token-1', 'mcp-session-id': id },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    assert.equal(answer.status, 404);
    await agent.close();
    const noSession = { authorization: 'Bearer test-token-1' };
    const listWithout = await raw(server.running.port, {
      headers: noSession,
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    assert.equal(listWithout.status, 400, 'anything but initialize needs a session');
    assert.equal((await raw(server.running.port, { method: 'GET', headers: noSession, body: '' })).status, 400);
  });

  it('close() ends every session and frees the port, even with a client still connected', async () => {
    const server = await start();
    const { client: agent } = await client(server.running.url);
    await agent.listTools();
    servers.splice(servers.indexOf(server), 1);
    await server.running.close();
    await assert.rejects(agent.listTools());
    const again = await start({ port: server.running.port });
    assert.deepEqual([again.running.port, again.running.wantedPortTaken], [server.running.port, false]);
  });

  it('close() does not wait for a request still arriving (a client stuck halfway)', async () => {
    const server = await start();
    const port = server.running.port;
    const socket = connectSocket(port, '127.0.0.1');
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.on('error', () => undefined);
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer test-token-1\r\n`);
    socket.write('Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc"');
    await raw(port, { headers: { authorization: 'Bearer test-token-1' } }); // the stuck request has reached the server by now
    servers.splice(servers.indexOf(server), 1);
    await server.running.close();
    await ended;
  });

  it('keeps at most so many sessions: one more ends the one idle longest, whose client reads “session not found”', async () => {
    const logged: string[] = [];
    const server = await start({ limits: { sessions: 2 }, log: (line) => logged.push(line) });
    const first = await client(server.running.url);
    const second = await client(server.running.url);
    await second.client.listTools(); // the second was used since: the first is the one idle longest
    const third = await client(server.running.url);
    await assert.rejects(first.client.listTools(), /Session not found|404/);
    assert.ok((await second.client.listTools()).tools.length > 0);
    assert.ok((await third.client.listTools()).tools.length > 0);
    assert.match(logged.join('\n'), /session ended: the most sessions at once were open/);
  });

  it('ends a session that has had no request for the idle time', async () => {
    const logged: string[] = [];
    const server = await start({ limits: { idleMs: 200 }, log: (line) => logged.push(line) });
    const idle = await client(server.running.url);
    await eventually(() => logged.some((line) => /session ended: it had no request/.test(line)), 'the idle session to end', 5_000);
    await assert.rejects(idle.client.listTools(), /Session not found|404/);
  });

  it('cuts off a client whose request headers never finish arriving', async () => {
    const server = await start({ limits: { headersMs: 300 } });
    const port = server.running.port;
    const socket = connectSocket(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.resume(); // reads what the server says (its 408), so its close arrives
    socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    const cutOff = await Promise.race([ended.then(() => true), new Promise((resolve) => setTimeout(resolve, 10_000, false))]);
    assert.equal(cutOff, true, 'the server closed the stuck socket');
  });
});
