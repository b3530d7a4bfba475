import * as assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readManifest } from '../../support/manifest';
import { leaseHandedOver, leaseOf } from '../../support/workbench/lease-handover';
import { Workbench } from '../../support/workbench/workbench';

interface Manifest {
  contributes: { languageModelTools: { name: string }[] };
}

/** An agent outside the editor: the SDK's own client, set up with what the setup page says. */
async function agent(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'Writer’s Terminal Agent', version: '1.0.0' });
  const headers = { Authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The address and token Connect Another AI Agent (MCP)… shows in this window. */
async function setupIn(workbench: Workbench): Promise<{ url: string; token: string; text: string }> {
  await workbench.runCommand('Docs Agent: Connect Another AI Agent (MCP)…');
  const page = workbench.page.locator('.editor-instance .view-lines', { hasText: 'Token:' });
  await page.waitFor({ timeout: 30_000 });
  const text = (await workbench.text(page)).replace(/\u00a0/g, ' ');
  const url = /Address: (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(text)?.[1] ?? '';
  const token = /Token: (\S+)/.exec(text)?.[1] ?? '';
  assert.ok(url && token, `the setup page names an address and a token: ${text}`);
  return { url, token, text };
}

function textOf(result: unknown): string {
  const { content } = result as CallToolResult;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

// A writer who works with an agent outside the editor's own chat (Claude Code, Cursor's…): set up
// once from Connect Another AI Agent, the agent reads visitors, and starts a job only when the
// writer, in the editor, allows it.
describe('e2e: Docs Agent’s tools for another AI agent (MCP)', () => {
  let workbench: Workbench;
  let second: Workbench | undefined;
  let client: Client | undefined;
  let url = '';
  let token = '';

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      userSettings: { 'docsAgent.jobs.maxCheckIntervalSeconds': 5 },
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    await workbench.screenshotFailure(this.currentTest.fullTitle());
    await second?.screenshotFailure(`${this.currentTest.fullTitle()} (second window)`);
  });
  after(async () => {
    await client?.close().catch(() => undefined);
    await second?.close();
    await workbench?.close();
  });

  it('the setup page gives the address and token; with them an agent lists every Docs Agent tool', async () => {
    const setup = await setupIn(workbench);
    ({ url, token } = setup);
    assert.match(setup.text, /claude mcp add --transport http docs-agent/);

    const refused = await fetch(url, { method: 'POST', headers: { Authorization: 'Bearer wrong' } });
    assert.equal(refused.status, 401, 'a wrong token is refused');
    client = await agent(url, token);
    const { tools } = await client.listTools();
    const declared = readManifest<Manifest>().contributes.languageModelTools.map((tool) => tool.name);
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...declared].sort());
  });

  it('reads a page’s visitors once the writer allows the cost: one request to the service, none the second time', async () => {
    const agentClient = client as Client;
    await workbench.control.clearRequests();
    const visitors = (records: { path: string }[]) => records.filter((r) => r.path.includes('/visitors'));
    const input = { file: 'docs/quickstart.mdx', range: '30d' };
    const asked = agentClient.callTool({ name: 'docsAgent_pageVisitors', arguments: input });
    const said = await workbench.answerDialog('Writer’s Terminal Agent', 'Allow Once');
    assert.match(said, /an hour your organisation has/, `the question says what the read costs: ${said}`);
    const first = await asked;
    assert.ok(!first.isError, textOf(first));
    assert.match(textOf(first), /visitors/i);
    assert.equal(visitors(await workbench.control.requests()).length, 1);
    const again = await agentClient.callTool({ name: 'docsAgent_pageVisitors', arguments: input });
    const numbers = (text: string): string => text.split('\n').slice(0, -1).join('\n');
    assert.equal(numbers(textOf(again)), numbers(textOf(first)));
    assert.match(textOf(again), /no request/, 'the answer says it cost nothing');
    assert.equal(visitors(await workbench.control.requests()).length, 1, 'the second read costs nothing');
  });

  it('starts a job only once the writer allows it in the editor: one POST, and its row in Agent Jobs', async () => {
    const prompt = 'Explain the rate limits on the quickstart page, from the MCP agent';
    await workbench.control.clearRequests();
    const asked = (client as Client).callTool({ name: 'docsAgent_createJob', arguments: { prompt, folder: workbench.folder } });
    const said = await workbench.answerDialog('Writer’s Terminal Agent', 'Allow Once');
    assert.ok(said.includes(prompt), `the question shows the whole prompt: ${said}`);
    const result = await asked;
    assert.ok(!result.isError, textOf(result));
    const posts = (await workbench.control.requests()).filter((r) => r.method === 'POST' && /\/job$/.test(r.path));
    assert.equal(posts.length, 1);
    await workbench.openDocsAgentView();
    await workbench.jobRow(prompt).waitFor({ timeout: 30_000 });
    // Its finish is announced like any other's, saying which agent asked for it.
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job, 'the emulator has the job');
    await workbench.control.finishJob(job.id);
    await workbench.notification(/completed with a pull request\. An AI agent started it: Writer’s Terminal Agent\./, 60_000);
  });

  it('a question that opens while the writer types is refused by their next Enter, never approved: the agent reads a tool error, and nothing is sent', async () => {
    const prompt = 'Rewrite every page in pirate speak';
    await workbench.control.clearRequests();
    // The writer is typing in a page when the agent asks.
    await workbench.selectLine('docs/quickstart.mdx', 'Install the CLI');
    await workbench.page.keyboard.press('End');
    await workbench.page.keyboard.type(' Typing');
    // No project and no folder, and the agent declares no roots: the workspace's one project is
    // meant, as the tool's description says (the question used to be refused before it was asked).
    const asked = (client as Client).callTool({ name: 'docsAgent_createJob', arguments: { prompt } });
    const dialog = workbench.page.locator('.monaco-dialog-box', { hasText: 'Writer’s Terminal Agent' });
    await dialog.waitFor({ timeout: 30_000 });
    const said = await workbench.text(dialog);
    assert.match(said, /acme-docs/, `the question names the project: ${said}`);
    // The Enter meant to end the writer's line.
    await workbench.page.keyboard.press('Enter');
    const result = await asked;
    assert.equal(result.isError, true, textOf(result));
    assert.match(textOf(result), /refused/i);
    assert.equal((await workbench.control.requests()).filter((r) => r.method === 'POST').length, 0, 'nothing was sent');
    await dialog.waitFor({ state: 'hidden' });
    await workbench.runCommand('File: Revert File');
  });

  it('when the window serving it closes, another window answers at the same address', async () => {
    await client?.close();
    client = undefined;
    second = await workbench.openWindow();
    const serving = leaseOf(workbench, 'mcp.lease');
    assert.ok(serving, 'a window serves the tools');
    await workbench.closeWindow();
    const served = await leaseHandedOver(second, 'mcp.lease', serving.owner, Date.now(), (lease) => lease.note !== undefined);
    assert.deepEqual(served.note, serving.note, 'the same address');
    // code-server keeps secrets in each browser window, so the token is read where it now serves.
    const now = await setupIn(second);
    assert.equal(now.url, url);
    client = await agent(now.url, now.token);
    const { tools } = await client.listTools();
    assert.ok(tools.length > 0);
  });
});
