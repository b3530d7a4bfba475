// One MCP server per editor on this computer, at an address that stays: the windows of the editor
// elect one to serve through a lease (the polling lease's pattern), and when it closes another
// takes over at the same port, so an agent set up once keeps working. The holder publishes the
// address beside its lease, so every window can show the setup and register it with Cursor. A
// window in Restricted Mode never serves (the tools send the key), nor does any when the setting
// is off: then no port is opened at all. A window whose start fails lets the lease go (no agent
// waits on it) and tries again later. The server's code (and the SDK) loads only when it starts.
import type * as vscode from 'vscode';
import { Emitter } from '../platform/emitter';
import { Lease } from '../platform/machine/lease';
import { thisWindowId } from '../platform/machine/window-id';
import { Serial } from '../platform/serial';
import type { ToolDefinition } from '../tools/tool-definition';
import type { McpTokenStore } from '../editor/mcp-token-store';
import type { RunningMcpServer } from './mcp-server';
import type { AskWriter } from './tool-call';
import { chooseAddress, type PortMemo } from './port-choice';

/** Where the server answers, as the window holding it publishes. */
export interface McpAddress {
  url: string;
  port: number;
}

export interface McpServiceDeps {
  leaseFolder: string;
  tokens: Pick<McpTokenStore, 'get' | 'current'>;
  tools: () => Promise<readonly ToolDefinition[]>;
  ask: AskWriter;
  /** The extension's version, told to clients. */
  version: string;
  settings: () => { enabled: boolean; port: number };
  /** Whether this window may serve now (not in Restricted Mode). */
  mayServe: () => boolean;
  /** The port last used when the setting's was taken, kept for the next window that serves. */
  portMemo: { get(): PortMemo | undefined; set(memo: PortMemo): Thenable<void> };
  /** Told once when the address moves off the setting's port (another program holds it). */
  portMoved: (wanted: number, used: number) => void;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
  /** The wait before trying again after a failed start, doubled on each failure up to `max`. */
  retryMs?: { first: number; max: number };
}

const defaultRetryMs = { first: 15_000, max: 300_000 };

function addressOf(note: unknown): McpAddress | undefined {
  if (typeof note !== 'object' || note === null) return undefined;
  const { url, port } = note as Record<string, unknown>;
  return typeof url === 'string' && typeof port === 'number' ? { url, port } : undefined;
}

export class McpService {
  private readonly lease: Lease;
  private server: RunningMcpServer | undefined;
  private readonly steps = new Serial();
  private readonly changed = new Emitter<McpAddress | undefined>();
  /** Fires when the address any window serves at changes (or none serves). */
  readonly onDidChangeAddress = this.changed.event;
  private last: McpAddress | undefined;
  /** Failed starts in a row; while `retry` waits, this window lets the lease go (another may serve). */
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: McpServiceDeps) {
    this.lease = new Lease(deps.leaseFolder, 'mcp', {
      owner: thisWindowId,
      note: () => (this.server ? { url: this.server.url, port: this.server.port } : undefined),
      mayHold: () => deps.mayServe() && deps.settings().enabled && this.retry === undefined,
    });
    this.lease.onDidChange(() => void this.follow());
    this.lease.onDidChangeRecord(() => this.announce());
  }

  /** The address an agent reaches now, whichever window serves it; undefined while none does. */
  get address(): McpAddress | undefined {
    return addressOf(this.lease.record?.note);
  }

  /** Resolves once some window serves (or after `timeoutMs`): a window just opened takes a moment to start it. */
  async served(timeoutMs: number): Promise<McpAddress | undefined> {
    if (this.address) return this.address;
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(undefined), timeoutMs);
      const listener = this.changed.event((address) => address && done(address));
      const done = (address: McpAddress | undefined): void => {
        clearTimeout(timer);
        listener.dispose();
        resolve(address);
      };
    });
  }

  /** Settings or trust changed: let go, take over or restart on the new port. */
  async reconsider(restart: boolean): Promise<void> {
    if (restart) await this.steps.run(() => this.stop());
    await this.lease.check();
    await this.follow();
  }

  async dispose(): Promise<void> {
    clearTimeout(this.retry);
    this.retry = undefined;
    try {
      await this.steps.run(() => this.stop());
    } finally {
      // Whatever happened, let go: another window takes over at once.
      await this.lease.dispose();
      this.changed.dispose();
    }
  }

  private announce(): void {
    const now = this.address;
    if (now?.url === this.last?.url) return;
    this.last = now;
    this.changed.fire(now);
  }

  private follow(): Promise<void> {
    return this.steps.run(async () => {
      if (this.lease.held && !this.server) await this.start();
      else if (!this.lease.held && this.server) await this.stop();
    });
  }

  private async start(): Promise<void> {
    const { deps } = this;
    try {
      await deps.tokens.get();
      const { startMcpServer } = await import('./mcp-server');
      const wanted = deps.settings().port;
      const tools = await deps.tools();
      const log = (line: string): void => deps.log.warn(line);
      const listen = (port: number): Promise<RunningMcpServer> =>
        startMcpServer({ port, token: () => deps.tokens.current(), ask: deps.ask, tools, version: deps.version, log });
      const { server, memo, moved } = await chooseAddress(wanted, deps.portMemo.get(), listen);
      this.server = server;
      if (memo) await deps.portMemo.set(memo);
      if (moved) deps.portMoved(wanted, server.port);
      deps.log.info(`MCP server for other AI agents: ${server.url}`);
      this.failures = 0;
      this.lease.publish();
    } catch (error) {
      this.failedToStart(error);
    }
  }

  /** Lets the lease go, so no agent waits on a window that cannot serve, and tries again later. */
  private failedToStart(error: unknown): void {
    const { first, max } = this.deps.retryMs ?? defaultRetryMs;
    const waitMs = Math.min(first * 2 ** this.failures, max);
    this.failures++;
    this.deps.log.warn(
      `The MCP server did not start: ${error instanceof Error ? error.message : String(error)}. Trying again in ${Math.round(waitMs / 1000)} s.`,
    );
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.reconsider(false);
    }, waitMs);
    void this.lease.check();
  }

  private async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await server.close().catch(() => undefined);
    this.lease.publish();
    try {
      this.deps.log.info('MCP server stopped in this window.');
    } catch {
      // A closing window's log may be gone already.
    }
  }
}
