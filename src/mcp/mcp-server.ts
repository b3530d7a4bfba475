// Docs Agent's MCP server: Streamable HTTP at /mcp on 127.0.0.1 only, so only this machine can
// reach it, and every request passes the guard (its own Host and Origin, then the token) before the
// SDK sees it. No CORS headers: a browser page is never meant to read an answer. The port is the
// writer's setting; when something else holds it the server takes a free one and says so, and the
// setup text then shows the port actually used.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolDefinition } from '../tools/tool-definition';
import { McpSession } from './mcp-session';
import { checkRequest } from './request-guard';
import type { AskWriter } from './tool-call';

export const mcpPath = '/mcp';
const loopback = '127.0.0.1';

export interface McpServerOptions {
  /** The port to listen on (0: any free one). */
  port: number;
  /** The token every request must bear, read on every request (a reset applies at once); undefined lets nobody in. */
  token: () => string | undefined | Promise<string | undefined>;
  tools: readonly ToolDefinition[];
  /** Asks the writer before a tool sends or spends something (consent-dialog.ts in the editor). */
  ask: AskWriter;
  /** The extension's version, told to clients in `initialize`. */
  version: string;
  /** A line for the output channel (never holds the token). */
  log?: (line: string) => void;
}

export interface RunningMcpServer {
  /** `http://127.0.0.1:<port>/mcp`: what clients are set up with. */
  url: string;
  port: number;
  /** The wanted port was held by something else, so `port` is another one: tell the writer. */
  wantedPortTaken: boolean;
  /** Ends every session and stops listening. */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port`; rejects with the listen error (EADDRINUSE when the port is held). */
function listen(server: HttpServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => reject(error);
    server.once('error', failed);
    server.listen(port, loopback, () => {
      server.off('error', failed);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function listenOrFree(server: HttpServer, wanted: number): Promise<{ port: number; wantedPortTaken: boolean }> {
  try {
    return { port: await listen(server, wanted), wantedPortTaken: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { port: await listen(server, 0), wantedPortTaken: true };
  }
}

// Answers to a client program that broke the protocol, not to the writer: stays English, as the SDK's own do.
const protocolErrors = {
  sessionGone: JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }),
  sessionMissing: JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
    id: null,
  }),
  notFound: JSON.stringify({ error: `Not found: the MCP endpoint is ${mcpPath}` }),
  internal: JSON.stringify({ error: 'Internal server error' }),
};

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(body);
}

/** The sessions by id, and the handling of one HTTP request among them. */
class Sessions {
  private readonly open = new Map<string, McpSession>();
  private readonly starting = new Set<McpSession>();

  constructor(private readonly options: McpServerOptions) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = this.open.get(id);
      // The spec's answer to a session that ended: the client starts a new one.
      if (!session) return answer(res, 404, protocolErrors.sessionGone);
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return answer(res, 400, protocolErrors.sessionMissing);
    await this.startSession(req, res);
  }

  /** A POST without a session: an `initialize` opens one (the transport refuses anything else). */
  private async startSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const session = new McpSession(
      this.options,
      (opened) => this.opened(opened),
      (closed) => this.closed(closed),
    );
    this.starting.add(session);
    try {
      await session.start();
      await session.transport.handleRequest(req, res);
    } finally {
      this.starting.delete(session);
      // Not an `initialize` (the transport answered 400): no session was opened, nothing is kept.
      if (session.id === undefined || !this.open.has(session.id)) await session.close();
    }
  }

  private opened(session: McpSession): void {
    if (session.id !== undefined) this.open.set(session.id, session);
  }

  private closed(session: McpSession): void {
    this.starting.delete(session);
    if (session.id !== undefined) this.open.delete(session.id);
  }

  async closeAll(): Promise<void> {
    await Promise.allSettled([...this.open.values(), ...this.starting].map((session) => session.close()));
  }
}

/** Starts the server; the lead's composition calls it through `await import('./mcp/mcp-server')`. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningMcpServer> {
  const sessions = new Sessions(options);
  let port = 0;
  const server = createServer((req, res) => {
    void guarded(req, res, port, options, sessions).catch((error: unknown) => {
      options.log?.(`MCP request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) answer(res, 500, protocolErrors.internal);
      else res.end();
    });
  });
  const listening = await listenOrFree(server, options.port);
  port = listening.port;
  return {
    url: `http://${loopback}:${port}${mcpPath}`,
    port,
    wantedPortTaken: listening.wantedPortTaken,
    async close() {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await sessions.closeAll();
      // Open SSE streams and idle keep-alive sockets would hold close() forever.
      server.closeAllConnections();
      await stopped;
    },
  };
}

async function guarded(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  options: McpServerOptions,
  sessions: Sessions,
): Promise<void> {
  const verdict = checkRequest(
    { host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization },
    port,
    await options.token(),
  );
  if (!verdict.allowed) return answer(res, verdict.status, verdict.body, verdict.headers);
  if (new URL(req.url ?? '/', `http://${loopback}`).pathname !== mcpPath) return answer(res, 404, protocolErrors.notFound);
  await sessions.handle(req, res);
}
