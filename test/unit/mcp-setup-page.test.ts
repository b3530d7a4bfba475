// What Connect Another AI Agent (MCP)… shows: the exact setup with the address and token in use,
// or, while no window serves the tools, why and what to do.
import * as assert from 'node:assert/strict';
import { setupPage } from '../../src/mcp/setup-page';

const address = { url: 'http://127.0.0.1:51234/mcp', port: 51234 };
const token = 'tok_ABCdef-123';

describe('the MCP setup page', () => {
  it('gives the address, the token, Claude Code’s line and the mcpServers block, all with the port in use', () => {
    const page = setupPage({ address, token, inCursor: false });
    assert.match(page, /Address: http:\/\/127\.0\.0\.1:51234\/mcp/);
    assert.match(page, /Token: tok_ABCdef-123/);
    assert.ok(
      page.includes(
        'claude mcp add --transport http docs-agent http://127.0.0.1:51234/mcp --header "Authorization: Bearer tok_ABCdef-123"',
      ),
      page,
    );
    const json = /```json\n([\s\S]*?)\n```/.exec(page)?.[1] ?? '';
    assert.deepEqual(JSON.parse(json), {
      mcpServers: { 'docs-agent': { type: 'http', url: address.url, headers: { Authorization: `Bearer ${token}` } } },
    });
    assert.match(page, /add the JSON below to Cursor’s MCP settings/);
  });

  it('tells a writer in Cursor there is nothing to do', () => {
    assert.match(setupPage({ address, token, inCursor: true }), /Nothing to do: Docs Agent gave Cursor’s agent its tools\./);
  });

  it('shows no token while nothing serves, and says why: the setting, Restricted Mode, or starting', () => {
    const said = {
      off: /docsAgent\.mcp\.enabled is off/,
      restricted: /Restricted Mode/,
      starting: /starting/,
    } as const;
    for (const [notServing, reason] of Object.entries(said)) {
      const page = setupPage({ token, notServing: notServing as keyof typeof said, inCursor: false });
      assert.match(page, reason);
      assert.ok(!page.includes(token), `no token while ${notServing}`);
      assert.ok(!page.includes('claude mcp add'), `no setup while ${notServing}`);
    }
  });
});
