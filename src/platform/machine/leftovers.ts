// Clears what writers that crashed leave behind in the machine's folders: a temporary file
// whose rename never came, a lock whose holder is gone. Both live milliseconds when all goes
// well, so one past `maxAgeMs` (either way: a clock stepped back) is garbage. A lock goes only
// by the lock's own compare-and-remove, so a lock taken meanwhile stays.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { breakIfStale } from './file-lock';
import { isPast } from '../clock';

/** Removes stale `.tmp` and `.lock` files from these folders; returns how many went. */
export async function sweepLeftovers(folders: readonly string[], maxAgeMs: number): Promise<number> {
  let removed = 0;
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(folder, name);
      if (name.endsWith('.lock')) {
        if (await breakIfStale(path, maxAgeMs).catch(() => false)) removed++;
      } else if (name.endsWith('.tmp')) {
        const info = await stat(path).catch(() => undefined);
        if (!info || !isPast(info.mtimeMs, maxAgeMs)) continue;
        await rm(path, { force: true });
        removed++;
      }
    }
  }
  return removed;
}
