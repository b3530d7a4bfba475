// Figure 10: what an outside agent waits on Docs Agent's MCP server itself: a tools/list and a
// read answered from what Docs Agent keeps (a kept report costs no request), each a whole round
// trip through the official SDK's client over loopback HTTP, guard and session included.
import { call, connect, startTestServer } from '../support/mcp-client';
import { toolNames } from '../../src/platform/manifest-ids';
import { summarize, type Summary } from './stats';

export interface McpFigures {
  /** tools/list, client to server and back. */
  listTools: Summary;
  /** tools/call of a read answered from memory: the server's own share of a cached read. */
  cachedRead: Summary;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

export async function mcpBench(): Promise<McpFigures> {
  const server = await startTestServer();
  const { client } = await connect(server.running.url);
  try {
    await timed(10, () => client.listTools()); // warm-up: the first calls compile the paths
    const listTools = await timed(200, () => client.listTools());
    const cachedRead = await timed(200, () => call(client, toolNames.pageVisitors, { page: '/quickstart' }));
    return { listTools, cachedRead };
  } finally {
    await client.close();
    await server.running.close();
  }
}
