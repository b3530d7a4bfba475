// One MCP session: a client's connection, from its `initialize` until it says goodbye (DELETE) or
// the server stops. Each has its own SDK Server and Streamable HTTP transport, so what the writer
// allowed "for this session" and the client's name and roots belong to that client alone.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import * as l10n from '@vscode/l10n';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  RootsListChangedNotificationSchema,
  type CallToolRequest,
  type CallToolResult,
  type RequestId,
  type ServerNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolDefinition } from '../tools/tool-definition';
import { clientNameOf } from './client-name';
import { callTool, type AskWriter } from './tool-call';

/** Who the server is to its clients (the `initialize` answer: `name` is an id, `title` what a client shows). */
export const serverName = 'docs-agent';

/** How long a call waits for the client's roots before going on without them. */
const rootsWaitMs = 5_000;

export interface SessionOptions {
  tools: readonly ToolDefinition[];
  ask: AskWriter;
  version: string;
  log?: (line: string) => void;
}

/** What tools/list says of a definition: its name, model description and schema, as they are. */
export function listedTool(definition: ToolDefinition): Tool {
  return { name: definition.name, description: definition.modelDescription, inputSchema: definition.inputSchema as Tool['inputSchema'] };
}

/** The client's roots as folder paths (file:// only); undefined when it has none or did not answer. */
async function rootsOf(server: Server, relatedRequestId: RequestId, signal: AbortSignal): Promise<readonly string[] | undefined> {
  if (!server.getClientCapabilities()?.roots) return undefined;
  try {
    const { roots } = await server.listRoots(undefined, { relatedRequestId, signal, timeout: rootsWaitMs });
    return roots.flatMap((root) => (root.uri.startsWith('file:') ? [fileURLToPath(root.uri)] : []));
  } catch {
    return undefined; // A call never fails because the roots could not be read.
  }
}

/** What the SDK gives a request handler, as far as a tool call uses it. */
interface CallExtra {
  requestId: RequestId;
  signal: AbortSignal;
  sendNotification(notification: ServerNotification): Promise<void>;
}

export class McpSession {
  readonly server: Server;
  readonly transport: StreamableHTTPServerTransport;
  private readonly allowedForSession = new Set<string>();
  /** The client's roots once asked for (even unanswered: a client that never answers delays one call, not all), until it says they changed. */
  private roots: { paths: readonly string[] | undefined } | undefined;

  constructor(
    private readonly options: SessionOptions,
    private readonly onInitialized: (session: McpSession) => void,
    onClosed: (session: McpSession) => void,
  ) {
    this.server = new Server({ name: serverName, title: l10n.t('Docs Agent'), version: options.version }, { capabilities: { tools: {} } });
    this.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: () => this.onInitialized(this),
    });
    this.server.onclose = () => onClosed(this);
    this.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: options.tools.map(listedTool) }));
    this.server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.call(request.params, extra));
    // New roots (the client opened another folder): read them again on the next call.
    this.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
      this.roots = undefined;
    });
  }

  get id(): string | undefined {
    return this.transport.sessionId;
  }

  start(): Promise<void> {
    return this.server.connect(this.transport);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private async rootsFor(requestId: RequestId, signal: AbortSignal): Promise<readonly string[] | undefined> {
    this.roots ??= { paths: await rootsOf(this.server, requestId, signal) };
    return this.roots.paths;
  }

  private call(params: CallToolRequest['params'], extra: CallExtra): Promise<CallToolResult> {
    const { requestId, signal } = extra;
    const progressToken = params._meta?.progressToken;
    return callTool(this.options.tools, params.name, params.arguments, {
      signal,
      client: clientNameOf(this.server.getClientVersion()),
      roots: () => this.rootsFor(requestId, signal),
      allowedForSession: this.allowedForSession,
      ask: this.options.ask,
      progress: (message) => {
        if (progressToken === undefined) return;
        const notification = { method: 'notifications/progress' as const, params: { progressToken, progress: 0, message } };
        void extra.sendNotification(notification).catch(() => undefined);
      },
      log: this.options.log,
    });
  }
}
