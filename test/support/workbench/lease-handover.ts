// Waits for another window to take over a machine lease (polling, the MCP server) after the
// holder's window closed. A page closed before it could say goodbye leaves its extension host
// running for a reconnect (code-server keeps it for hours), still renewing the lease: after 10 s
// it is ended, as a window that dies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineStorage, type Workbench } from './workbench';

export interface LeaseFile {
  owner: string;
  pid: number;
  note?: unknown;
}

/** The lease file `name` (`poller.lease`, `mcp.lease`) as the windows share it; undefined while none holds it. */
export function leaseOf(workbench: Workbench, name: string): LeaseFile | undefined {
  try {
    return JSON.parse(readFileSync(join(machineStorage(workbench.server), 'lease', name), 'utf8')) as LeaseFile;
  } catch {
    return undefined;
  }
}

/**
 * Resolves with the new holder's lease once a window other than `previous` holds it (and, when
 * `ready` is given, its note says it is ready), within 30 s of `closedAt`.
 */
export async function leaseHandedOver(
  staying: Workbench,
  name: string,
  previous: string,
  closedAt: number,
  ready: (lease: LeaseFile) => boolean = () => true,
): Promise<LeaseFile> {
  const deadline = closedAt + 30_000;
  let ended = false;
  for (;;) {
    const lease = leaseOf(staying, name);
    if (lease && lease.owner !== previous && ready(lease)) return lease;
    if (Date.now() > deadline) throw new Error(`the lease is still ${JSON.stringify(lease)}`);
    if (!ended && lease?.owner === previous && Date.now() > closedAt + 10_000) {
      ended = true;
      try {
        process.kill(lease.pid, 'SIGKILL');
        console.log('      the closed window’s extension host outlived its page: ended it');
      } catch {
        // Already gone: the other window takes over by itself.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
