// Cursor lets an extension register an MCP server, so a writer in Cursor sets up nothing: its
// agent finds Docs Agent's server with the URL and token. The API exists only in Cursor
// (`vscode.cursor.mcp`), and @types/vscode stays at the floor, so its shape is declared here from
// Cursor's Extension API reference and the namespace is narrowed at run time.
import { mcpServerName } from './setup-text';

/** Cursor's `vscode.cursor.mcp.RemoteServerConfig`. */
interface CursorRemoteServerConfig {
  name: string;
  server: { url: string; headers?: Record<string, string> };
}

/** The two functions of Cursor's `vscode.cursor.mcp` used here. */
interface CursorMcp {
  registerServer(config: CursorRemoteServerConfig): void;
  unregisterServer(serverName: string): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Cursor's MCP namespace when `vscodeApi` (the `vscode` module) has one, else undefined. */
export function cursorMcpOf(vscodeApi: unknown): CursorMcp | undefined {
  if (!isObject(vscodeApi) || !isObject(vscodeApi.cursor)) return undefined;
  const mcp = vscodeApi.cursor.mcp;
  if (!isObject(mcp) || typeof mcp.registerServer !== 'function' || typeof mcp.unregisterServer !== 'function') return undefined;
  return mcp as unknown as CursorMcp;
}

/**
 * Registers the server with Cursor's agent; undefined outside Cursor. The Disposable-like answer
 * unregisters it (when the server stops, or before registering again with a new token or port).
 */
export function registerWithCursor(vscodeApi: unknown, url: string, token: string): { dispose(): void } | undefined {
  const mcp = cursorMcpOf(vscodeApi);
  if (!mcp) return undefined;
  mcp.registerServer({ name: mcpServerName, server: { url, headers: { Authorization: `Bearer ${token}` } } });
  return { dispose: () => mcp.unregisterServer(mcpServerName) };
}
