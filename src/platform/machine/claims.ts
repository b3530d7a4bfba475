// Claims that exactly one process on the machine can win: a file created exclusively. Used so
// that one finish of a job is announced in one window only, once, even across reloads.
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from './atomic-file';

export class Claims {
  constructor(private readonly folder: string) {}

  /** true for the first caller on the machine, ever, for this name; false for every other. */
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
}
