// A real Docs Agent MCP server with small tool definitions of the tests' own, reached through the
// official SDK's client (as Claude Code or Cursor would reach it) or through raw HTTP requests
// (for what a misbehaving or hostile caller sends).
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startMcpServer, type McpServerOptions, type RunningMcpServer } from '../../src/mcp/mcp-server';
import type { ConsentAnswer } from '../../src/mcp/tool-call';
import { toolNames } from '../../src/platform/manifest-ids';
import type { ConsentQuestion, ToolCall, ToolDefinition } from '../../src/tools/tool-definition';

/** What the test tools saw: each ask and each run, in order. */
export interface Seen {
  asks: { question: ConsentQuestion; client: string }[];
  /** The folders (roots) each consent question was worked out for. */
  consents: { roots: readonly string[] | undefined }[];
  runs: { tool: string; input: Record<string, unknown>; call: ToolCall }[];
}

/** A read tool (no consent) and a write tool (asks unless its prompt is empty), recording what they get. */
export function testTools(seen: Seen): ToolDefinition[] {
  const read: ToolDefinition = {
    name: toolNames.pageVisitors,
    modelDescription: 'Reads how many people visited a page.',
    inputSchema: { type: 'object', properties: { page: { type: 'string', description: 'The page path.' } }, required: ['page'] },
    progress: () => 'Reading visitors',
    run(input, call) {
      seen.runs.push({ tool: read.name, input, call });
      return Promise.resolve({ text: `visitors of ${typeof input.page === 'string' ? input.page : '?'}: 12` });
    },
  };
  const write: ToolDefinition = {
    name: toolNames.createJob,
    modelDescription: 'Starts an agent job.',
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string', description: 'What to do.' },
        kind: { type: 'string', description: 'A kind.', enum: ['a', 'b'] },
        project: { type: 'string', description: 'The project.' },
      },
      required: ['prompt'],
    },
    progress: () => 'Starting a job',
    consent: (input, call) => {
      seen.consents.push({ roots: call.roots });
      return Promise.resolve(
        typeof input.prompt === 'string' && input.prompt
          ? {
              title: 'Start a Docs Agent job?',
              detail: `Prompt: ${input.prompt}`,
              ...(typeof input.project === 'string' ? { covers: input.project } : {}),
            }
          : undefined,
      );
    },
    async run(input, call) {
      seen.runs.push({ tool: write.name, input, call });
      if (input.prompt === 'wait') await new Promise((resolve) => call.signal.addEventListener('abort', resolve));
      return { text: 'job started', failed: input.prompt === 'fail' };
    },
  };
  return [read, write];
}

export interface TestServer {
  running: RunningMcpServer;
  seen: Seen;
  /** The token every request must bear; assign to change it. */
  token: { value: string | undefined };
  /** What the writer answers next (a queue; 'refuse' once empty). */
  answers: ConsentAnswer[];
}

export async function startTestServer(overrides: Partial<McpServerOptions> = {}): Promise<TestServer> {
  const seen: Seen = { asks: [], consents: [], runs: [] };
  const token = { value: 'test-token-1' as string | undefined };
  const answers: ConsentAnswer[] = [];
  const running = await startMcpServer({
    port: 0,
    token: () => token.value,
    tools: testTools(seen),
    ask: (question, client) => {
      seen.asks.push({ question, client });
      return Promise.resolve(answers.shift() ?? 'refuse');
    },
    version: '0.0.0-test',
    ...overrides,
  });
  return { running, seen, token, answers };
}

export interface ConnectOptions {
  token?: string;
  name?: string;
  title?: string;
  /** Folder URIs the client answers roots/list with; a function may throw. Absent: no roots capability. */
  roots?: () => string[];
}

export async function connect(
  url: string,
  options: ConnectOptions = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name: options.name ?? 'test-agent', version: '1.0.0', ...(options.title ? { title: options.title } : {}) },
    { capabilities: options.roots ? { roots: { listChanged: true } } : {} },
  );
  const roots = options.roots;
  if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots().map((uri) => ({ uri })) }));
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${options.token ?? 'test-token-1'}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: RequestOptions = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult;
}

export const textOf = (result: CallToolResult): string => result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request with exactly these headers (Host included: a browser after DNS rebinding sends its own). */
export function raw(
  port: number,
  options: { method?: string; path?: string; host?: string; headers?: Record<string, string>; body?: string; address?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.address ?? '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/mcp',
        headers: {
          host: options.host ?? `127.0.0.1:${port}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body ?? initializeBody);
  });
}

/** An `initialize` request as a client's first POST sends it. */
export const initializeBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
