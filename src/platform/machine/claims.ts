// Claims that exactly one process on the machine can win: a file created exclusively. Used so
// that one finish of a job is announced in one window only, once, even across reloads.
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from './atomic-file';

export class Claims {
  constructor(private readonly folder: string) {}

  /** true for the first caller on the machine for this name (while its claim is kept); false for every other. */
  async claim(name: string): Promise<boolean> {
    const path = join(this.folder, name);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const handle = await open(path, 'wx');
        await handle.writeFile(`${process.pid} ${new Date().toISOString()}`);
        await handle.close();
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        if (!isMissing(error) || attempt > 0) throw error;
        await mkdir(this.folder, { recursive: true });
      }
    }
    return false;
  }

  /** The names of the claims held now (none before the first claim). */
  names(): Promise<string[]> {
    return readdir(this.folder).catch(() => []);
  }

  /**
   * Removes claims older than `minAgeMs` that `keep` does not hold on to; returns how many went.
   * Ages count forward only: a claim dated ahead (a clock stepped back) waits for the clock.
   */
  async prune(minAgeMs: number, keep: (name: string) => boolean, now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await this.names()) {
      if (keep(name)) continue;
      const info = await stat(join(this.folder, name)).catch(() => undefined);
      if (!info || now - info.mtimeMs <= minAgeMs) continue;
      await rm(join(this.folder, name), { force: true });
      removed++;
    }
    return removed;
  }
}
