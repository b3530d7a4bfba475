// The MCP server of the real extension, as another AI agent meets it: set up from what Connect
// Another AI Agent (MCP)… shows, its live tools/list is exactly what package.json declares to the
// editor's chat (names, what the model reads, input schemas), so no tool exists in one place only.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { commandIds } from '../../src/platform/manifest-ids';
import { api } from './support';

interface DeclaredTool {
  name: string;
  modelDescription: string;
  inputSchema: unknown;
}

const declared = (): DeclaredTool[] =>
  (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { contributes: { languageModelTools: DeclaredTool[] } })
    .contributes.languageModelTools;

/** The address and token the setup page shows, once a window serves the tools. */
async function setup(): Promise<{ url: string; token: string }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await vscode.commands.executeCommand(commandIds.connectMcpAgent);
    const page = vscode.window.activeTextEditor?.document.getText() ?? '';
    const url = /Address: (\S+)/.exec(page)?.[1];
    const token = /Token: (\S+)/.exec(page)?.[1];
    if (url && token) return { url, token };
    // The window is still starting the server: the page says so, and is asked for again.
    if (Date.now() > deadline) assert.fail(`the setup page names no address and token: ${page}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Docs Agent’s tools for other AI agents (MCP)', () => {
  let client: Client | undefined;

  before(() => api());
  after(async () => {
    await client?.close();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists, live, exactly the tools package.json declares: names, model descriptions and input schemas', async () => {
    const { url, token } = await setup();
    client = new Client({ name: 'host-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
    );
    const listed = (await client.listTools()).tools.map((tool) => ({
      name: tool.name,
      modelDescription: tool.description,
      inputSchema: tool.inputSchema,
    }));
    const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
    const wanted = declared().map(({ name, modelDescription, inputSchema }) => ({ name, modelDescription, inputSchema }));
    assert.deepEqual(listed.sort(byName), wanted.sort(byName));
  });
});
