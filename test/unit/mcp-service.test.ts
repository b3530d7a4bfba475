// The machine's one MCP server, elected through the lease in a real folder: a window whose start
// fails lets the lease go (an agent is never left waiting on a window that cannot serve) and
// tries again by itself.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpService } from '../../src/mcp/mcp-service';
import { answersWithProof } from '../../src/mcp/server-proof';
import { eventually } from '../support/eventually';

describe('MCP service: a failed start lets go and tries again', () => {
  let folder = '';
  let service: McpService | undefined;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'mcp-service-'));
  });
  afterEach(async () => {
    await service?.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('serves once the trouble passes, with nobody holding the lease meanwhile', async () => {
    let locked = true;
    const warnings: string[] = [];
    service = new McpService({
      leaseFolder: folder,
      // As when the editor's secret storage cannot be read yet.
      tokens: {
        get: () => (locked ? Promise.reject(new Error('the keychain is locked')) : Promise.resolve('token-1')),
        current: () => 'token-1',
      },
      tools: () => Promise.resolve([]),
      ask: () => Promise.resolve('refuse'),
      version: '0.0.0',
      settings: () => ({ enabled: true, port: 0 }),
      mayServe: () => true,
      portMemo: { get: () => undefined, set: () => Promise.resolve() },
      portMoved: () => undefined,
      log: { info: () => undefined, warn: (line: string) => void warnings.push(line) },
      retryMs: { first: 200, max: 1_000 },
    });
    await service.reconsider(false);
    assert.match(warnings.join('\n'), /did not start: the keychain is locked\. Trying again in/);
    assert.equal(service.address, undefined);
    await eventually(() => !existsSync(join(folder, 'mcp.lease')), 'the lease to be let go, for another window to take');

    locked = false;
    const address = await service.served(10_000);
    assert.ok(address, 'served after the retry');
    assert.equal(await answersWithProof(address.port, 'token-1'), true);
  });
});
