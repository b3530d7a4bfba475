import { join } from 'node:path';

/** Where the extension keeps what every window of this user shares (its global storage), under code-server's state folder. */
export function machineStorageIn(stateDir: string): string {
  return join(stateDir, 'user-data', 'User', 'globalStorage', 'docs-agent.mintlify-docs-agent');
}
