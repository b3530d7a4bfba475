// The exact setup another AI agent needs to reach Docs Agent's MCP server: a line to paste in a
// terminal for Claude Code, and the `mcpServers` block most other clients read from their JSON
// settings. Both hold the token, so they are shown to the writer only when asked for.

/** The name clients list the server under (and its tools under: `mcp__docs-agent__…` in Claude Code). */
export const mcpServerName = 'docs-agent';

/**
 * `claude mcp add --transport http docs-agent <url> --header "Authorization: Bearer <token>"`, as
 * Claude Code's MCP docs write it. The header goes last: `--header` takes several values, so a name
 * or URL after it would be read as one. The URL (`http://127.0.0.1:<port>/mcp`) and the token
 * (URL-safe characters) need no quoting in any shell; the header's space does.
 */
export function claudeCodeCommand(url: string, token: string): string {
  // A command for a shell and Claude Code: stays English.
  return `claude mcp add --transport http ${mcpServerName} ${url} --header "Authorization: Bearer ${token}"`;
}

/**
 * `{"mcpServers":{"docs-agent":{"type":"http","url":…,"headers":{"Authorization":"Bearer …"}}}}`,
 * indented for pasting. `type: "http"` is what Claude Code's `.mcp.json` requires for a Streamable
 * HTTP server; Cursor and others that read only `url` ignore it.
 */
export function mcpServersJson(url: string, token: string): string {
  const block = { mcpServers: { [mcpServerName]: { type: 'http', url, headers: { Authorization: `Bearer ${token}` } } } };
  return JSON.stringify(block, null, 2);
}
