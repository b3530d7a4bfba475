// What the writer pastes into another AI agent's setup, and Cursor's registration without any.
import * as assert from 'node:assert/strict';
import { claudeCodeCommand, mcpServersJson } from '../../src/mcp/setup-text';
import { registerWithCursor } from '../../src/mcp/cursor-registration';

const url = 'http://127.0.0.1:43117/mcp';
const token = 'Zk3_x-9aQ';

describe('MCP setup for other AI agents', () => {
  it('gives Claude Code’s command, header last, as its MCP docs write it', () => {
    assert.equal(
      claudeCodeCommand(url, token),
      'claude mcp add --transport http docs-agent http://127.0.0.1:43117/mcp --header "Authorization: Bearer Zk3_x-9aQ"',
    );
  });

  it('gives the mcpServers block other clients read, with the URL and the token header', () => {
    assert.deepEqual(JSON.parse(mcpServersJson(url, token)), {
      mcpServers: { 'docs-agent': { type: 'http', url, headers: { Authorization: 'Bearer Zk3_x-9aQ' } } },
    });
  });
});

describe('MCP registration with Cursor', () => {
  function cursorLike(): { api: unknown; calls: unknown[][] } {
    const calls: unknown[][] = [];
    const mcp = {
      registerServer: (config: unknown) => calls.push(['register', config]),
      unregisterServer: (name: unknown) => calls.push(['unregister', name]),
    };
    return { api: { window: {}, cursor: { mcp } }, calls };
  }

  it('registers the URL and the token where vscode.cursor.mcp exists, and unregisters on dispose', () => {
    const { api, calls } = cursorLike();
    const registration = registerWithCursor(api, url, token);
    assert.deepEqual(calls, [['register', { name: 'docs-agent', server: { url, headers: { Authorization: 'Bearer Zk3_x-9aQ' } } }]]);
    registration?.dispose();
    assert.deepEqual(calls[1], ['unregister', 'docs-agent']);
  });

  it('does nothing in VS Code (no vscode.cursor.mcp, or only part of it)', () => {
    for (const api of [undefined, null, {}, { cursor: {} }, { cursor: { mcp: { registerServer: () => undefined } } }, { cursor: 'yes' }])
      assert.equal(registerWithCursor(api, url, token), undefined, JSON.stringify(api));
  });
});
