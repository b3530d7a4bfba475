// Docs Agent's MCP server: Streamable HTTP at /mcp on 127.0.0.1 only, so only this machine can
// reach it, and every request passes the guard (its own Host and Origin, then the token) before the
// SDK sees it; only the server's proof of holding the token (server-proof.ts) needs none. No CORS
// headers: a browser page is never meant to read an answer. The port is the writer's setting; when
// something else holds it the server takes a free one and says so, and the setup text then shows
// the port actually used. Sessions are capped and end when idle; slow requests are cut off.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolDefinition } from '../tools/tool-definition';
import { McpSession } from './mcp-session';
import { checkPlace, checkRequest } from './request-guard';
import { answerProof, mcpPath, nonceHeader, proofPath } from './server-proof';
import type { AskWriter } from './tool-call';

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
  /** Bounds on what clients may hold (defaultLimits); tests shorten them. */
  limits?: Partial<McpLimits>;
}

export interface McpLimits {
  /** Open sessions at most: one more ends the one idle longest (an agent that never said goodbye). */
  sessions: number;
  /** A session without a request for this long ends; its client starts a new one (the spec's 404). */
  idleMs: number;
  /** A request whose headers, or whole body, take longer than these is cut off (a stuck or slow client). */
  headersMs: number;
  requestMs: number;
}

export const defaultLimits: McpLimits = { sessions: 32, idleMs: 60 * 60_000, headersMs: 10_000, requestMs: 30_000 };

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
  badProof: JSON.stringify({ error: `GET ${proofPath} with a hex ${nonceHeader} header` }),
};

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(body);
}

/** The sessions by id, and the handling of one HTTP request among them; capped, and ended when idle. */
class Sessions {
  /** Open sessions, and when each last had a request, the longest idle first (a Map keeps insertion order). */
  private readonly open = new Map<string, { session: McpSession; usedAt: number }>();
  private readonly starting = new Set<McpSession>();
  private sweeper: ReturnType<typeof setTimeout> | undefined;
  private ended = false;

  constructor(
    private readonly options: McpServerOptions,
    private readonly limits: McpLimits,
  ) {
    this.sweepLater();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const entry = this.open.get(id);
      // The spec's answer to a session that ended: the client starts a new one.
      if (!entry) return answer(res, 404, protocolErrors.sessionGone);
      this.open.delete(id);
      this.open.set(id, { session: entry.session, usedAt: Date.now() });
      return entry.session.transport.handleRequest(req, res);
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
    if (session.id === undefined) return;
    this.open.set(session.id, { session, usedAt: Date.now() });
    for (const [id, { session: oldest }] of this.open) {
      if (this.open.size <= this.limits.sessions) break;
      this.end(id, oldest, 'crowded');
    }
  }

  private closed(session: McpSession): void {
    this.starting.delete(session);
    if (session.id !== undefined) this.open.delete(session.id);
  }

  private sweepLater(): void {
    if (this.ended) return;
    this.sweeper = setTimeout(
      () => {
        this.endIdle();
        this.sweepLater();
      },
      Math.max(50, Math.min(this.limits.idleMs / 2, 60_000)),
    );
    this.sweeper.unref();
  }

  private endIdle(): void {
    const now = Date.now();
    for (const [id, { session, usedAt }] of this.open) {
      if (now - usedAt < this.limits.idleMs) break;
      this.end(id, session, 'idle');
    }
  }

  private end(id: string, session: McpSession, why: 'crowded' | 'idle'): void {
    this.open.delete(id);
    const minutes = Math.round(this.limits.idleMs / 60_000);
    this.options.log?.(
      why === 'idle'
        ? `An AI agent's MCP session ended: it had no request for ${minutes} minutes. It starts a new one when it next asks.`
        : `An AI agent's MCP session ended: the most sessions at once were open. It starts a new one when it next asks.`,
    );
    void session.close().catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    this.ended = true;
    clearTimeout(this.sweeper);
    await Promise.allSettled(
      [...[...this.open.values()].map((entry) => entry.session), ...this.starting].map((session) => session.close()),
    );
  }
}

/** Starts the server; the lead's composition calls it through `await import('./mcp/mcp-server')`. */
export async function startMcpServer(options: McpServerOptions): Promise<RunningMcpServer> {
  const limits = { ...defaultLimits, ...options.limits };
  const sessions = new Sessions(options, limits);
  let port = 0;
  // A client that sends its request slowly, or stops halfway, is cut off: it holds no socket for minutes.
  const timeouts = {
    headersTimeout: limits.headersMs,
    requestTimeout: limits.requestMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersMs),
  };
  const server = createServer(timeouts, (req, res) => {
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
  const token = await options.token();
  const path = new URL(req.url ?? '/', `http://${loopback}`).pathname;
  if (path === proofPath) {
    const place = checkPlace({ host: req.headers.host, origin: req.headers.origin }, port);
    if (!place.allowed) return answer(res, place.status, place.body, place.headers);
    const proof = req.method === 'GET' ? answerProof(req.headers[nonceHeader], token) : undefined;
    return proof ? answer(res, 200, JSON.stringify({ proof })) : answer(res, 400, protocolErrors.badProof);
  }
  const verdict = checkRequest(
    { host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization },
    port,
    token,
  );
  if (!verdict.allowed) return answer(res, verdict.status, verdict.body, verdict.headers);
  if (path !== mcpPath) return answer(res, 404, protocolErrors.notFound);
  await sessions.handle(req, res);
}
