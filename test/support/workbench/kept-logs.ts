// A failed e2e test keeps the logs of its editor: the extension's own output channel, the
// extension host's and the window's, which the editor's state folder holds until it is removed.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const wanted = /Docs Agent|exthost\.log$|renderer\.log$|remoteagent\.log$|Git\.log$/;

/** Copies the wanted log files under `stateDir` into `into` (flattened, named by their path: a reload starts new ones), if there are any. */
export function keepLogs(stateDir: string, into: string): void {
  const logs = join(stateDir, 'user-data', 'logs');
  if (!existsSync(logs)) return;
  const found = readdirSync(logs, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && wanted.test(entry.name));
  if (!found.length) return;
  mkdirSync(into, { recursive: true });
  for (const entry of found) {
    const from = join(entry.parentPath, entry.name);
    copyFileSync(from, join(into, relative(logs, from).split(sep).join('-')));
  }
}
