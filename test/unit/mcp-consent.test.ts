// What an AI agent's tool call does through Docs Agent's MCP server: a tool that sends something
// asks the writer first, naming the agent; a refusal reaches the agent as a tool error and nothing
// runs; "for this session" lasts as long as that agent's connection. The agent's name, folders
// (roots) and cancellation reach the tool.
import * as assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { call, connect, startTestServer, textOf, type TestServer } from '../support/mcp-client';
import { eventually } from '../support/eventually';
import { leftWhatWasAllowed, projectsCovered } from '../../src/tools/tool-definition';

describe('MCP server: tool calls and the writer’s consent', () => {
  const servers: TestServer[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await Promise.allSettled(servers.splice(0).map((server) => server.running.close()));
  });
  async function start(overrides?: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
    const server = await startTestServer(overrides);
    servers.push(server);
    return server;
  }
  async function agent(server: TestServer, options?: Parameters<typeof connect>[1]): Promise<Client> {
    const { client } = await connect(server.running.url, options);
    clients.push(client);
    return client;
  }
  const createJob = (client: Client, prompt: string): ReturnType<typeof call> => call(client, 'docsAgent_createJob', { prompt });

  it('a refusal is a tool error the agent reads, and the tool never runs', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('refuse');
    const result = await createJob(client, 'Fix the quickstart');
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^The writer refused this in the editor; nothing was sent\./);
    assert.deepEqual(
      server.seen.asks.map((ask) => ask.question),
      [{ title: 'Start a Docs Agent job?', detail: 'Prompt: Fix the quickstart' }],
    );
    assert.deepEqual(server.seen.runs, []);
  });

  it('“Allow once” runs this call only: the next call asks again', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('once', 'once');
    assert.deepEqual(await createJob(client, 'one'), { content: [{ type: 'text', text: 'job started' }], isError: false });
    await createJob(client, 'two');
    assert.equal(server.seen.asks.length, 2);
    assert.deepEqual(
      server.seen.runs.map((run) => run.input.prompt),
      ['one', 'two'],
    );
  });

  it('“Allow for this session” is not asked again in that session, and is asked again in a new one', async () => {
    const server = await start();
    const first = await agent(server);
    server.answers.push('session');
    await createJob(first, 'one');
    await createJob(first, 'two');
    assert.equal(server.seen.asks.length, 1);
    const second = await agent(server);
    server.answers.push('refuse');
    assert.equal((await createJob(second, 'three')).isError, true);
    assert.equal(server.seen.asks.length, 2);
    await createJob(first, 'four');
    assert.deepEqual(
      server.seen.runs.map((run) => run.input.prompt),
      ['one', 'two', 'four'],
    );
  });

  it('“Allow for this session” holds for the project it was asked for: a job for another project asks again (L1)', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('session', 'refuse');
    const job = (prompt: string, project: string): ReturnType<typeof call> => call(client, 'docsAgent_createJob', { prompt, project });
    assert.equal((await job('one', 'acme-docs')).isError, false);
    assert.equal((await job('two', 'acme-docs')).isError, false);
    assert.equal(server.seen.asks.length, 1, 'the same project: allowed');
    assert.equal((await job('three', 'other-docs')).isError, true, 'another project: asked, and refused');
    assert.equal(server.seen.asks.length, 2);
    assert.deepEqual(
      server.seen.runs.map((run) => run.input.prompt),
      ['one', 'two'],
    );
  });

  it('the run is told what the writer allowed, to act within it: the question asked, also when allowed for the session', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('session');
    await call(client, 'docsAgent_createJob', { prompt: 'one', project: 'acme-docs' });
    await call(client, 'docsAgent_createJob', { prompt: 'two', project: 'acme-docs' });
    await call(client, 'docsAgent_pageVisitors', { page: '/a' });
    const asked = { title: 'Start a Docs Agent job?', detail: 'Prompt: one', covers: 'acme-docs' };
    assert.deepEqual(
      server.seen.runs.map((run) => run.call.allowed),
      [asked, { ...asked, detail: 'Prompt: two' }, undefined],
    );
  });

  it('tells a client that asks for progress what runs, in the tool’s own words', async () => {
    const server = await start();
    const client = await agent(server);
    const heard: (string | undefined)[] = [];
    await call(client, 'docsAgent_pageVisitors', { page: '/a' }, { onprogress: (progress) => heard.push(progress.message) });
    assert.deepEqual(heard, ['Reading visitors']);
  });

  it('asks nothing when the tool would send nothing, nor for a tool that only reads', async () => {
    const server = await start();
    const client = await agent(server);
    await createJob(client, '');
    await call(client, 'docsAgent_pageVisitors', { page: '/a' });
    assert.deepEqual(server.seen.asks, []);
    assert.equal(server.seen.runs.length, 2);
  });

  it('names the agent from its initialize, in the question and in the call', async () => {
    const server = await start();
    server.answers.push('once', 'once');
    await createJob(await agent(server, { name: 'claude-code', title: 'Claude Code' }), 'x');
    await createJob(await agent(server, { name: 'cursor-vscode' }), 'y');
    assert.deepEqual(
      server.seen.asks.map((ask) => ask.client),
      ['Claude Code', 'cursor-vscode'],
    );
    assert.deepEqual(
      server.seen.runs.map((run) => run.call.client),
      ['Claude Code', 'cursor-vscode'],
    );
  });

  it('a failed run is a tool error; an unknown tool is one too', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('once');
    assert.equal((await createJob(client, 'fail')).isError, true);
    const unknown = await call(client, 'docsAgent_noSuchTool', {});
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /docsAgent_noSuchTool/);
  });

  it('gives the tool the agent’s folders (file roots) and never fails a call for want of them', async () => {
    const server = await start();
    const folders = [join(tmpdir(), 'docs site'), join(tmpdir(), 'другой')];
    await call(await agent(server, { roots: () => folders.map((folder) => pathToFileURL(folder).href) }), 'docsAgent_pageVisitors', {
      page: '/a',
    });
    await call(await agent(server), 'docsAgent_pageVisitors', { page: '/b' });
    const broken = await agent(server, {
      roots: () => {
        throw new Error('roots are broken');
      },
    });
    assert.equal((await call(broken, 'docsAgent_pageVisitors', { page: '/c' })).isError, false);
    assert.deepEqual(
      server.seen.runs.map((run) => run.call.roots),
      [folders, undefined, undefined],
    );
  });

  it('what the writer allowed is what runs: folders the agent changes while the question is open do not move the call', async () => {
    const [first, second] = [join(tmpdir(), 'project a'), join(tmpdir(), 'project b')];
    let folders = [first];
    let client: Client | undefined;
    const server = await start({
      // While the writer reads the question, the agent opens another folder and says so.
      ask: async () => {
        folders = [second];
        await client?.sendRootsListChanged();
        return 'once';
      },
    });
    client = await agent(server, { roots: () => folders.map((folder) => pathToFileURL(folder).href) });
    assert.equal((await createJob(client, 'Fix the quickstart')).isError, false);
    assert.deepEqual(
      server.seen.consents.map((c) => c.roots),
      [[first]],
    );
    assert.deepEqual(
      server.seen.runs.map((run) => run.call.roots),
      [[first]],
      'the call ran for the folders the question was asked for',
    );
  });

  it('the agent’s cancellation reaches the running tool as its abort signal', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('once');
    const abort = new AbortController();
    const pending = call(client, 'docsAgent_createJob', { prompt: 'wait' }, { signal: abort.signal });
    await eventually(() => server.seen.runs.length === 1, 'the tool to run');
    const signal = server.seen.runs[0]?.call.signal;
    assert.equal(signal?.aborted, false);
    abort.abort();
    await assert.rejects(pending);
    await eventually(() => signal?.aborted === true, 'the tool’s signal to abort');
  });

  it('stopping the server ends a call still running: its tool is cancelled', async () => {
    const server = await start();
    const client = await agent(server);
    server.answers.push('once');
    // The SDK's client waits for its own timeout once the stream ends; closing it ends the wait.
    const pending = call(client, 'docsAgent_createJob', { prompt: 'wait' }).catch(() => undefined);
    await eventually(() => server.seen.runs.length === 1, 'the tool to run');
    servers.splice(servers.indexOf(server), 1);
    await server.running.close();
    assert.equal(server.seen.runs[0]?.call.signal.aborted, true);
    await client.close();
    await pending;
  });
});

describe('what a run may do, against what the writer allowed', () => {
  it('a run leaves what was allowed only when its projects differ from the question’s', () => {
    const allowed = { title: 't', detail: 'd', covers: projectsCovered([{ baseUrl: 'https://a', projectId: 'acme-docs' }]) };
    assert.equal(leftWhatWasAllowed({ allowed }, projectsCovered([{ baseUrl: 'https://a', projectId: 'acme-docs' }])), false);
    assert.equal(leftWhatWasAllowed({ allowed }, projectsCovered([{ baseUrl: 'https://a', projectId: 'other-docs' }])), true);
    assert.equal(leftWhatWasAllowed({}, 'anything'), false, 'nothing was asked: nothing to leave');
  });
});
