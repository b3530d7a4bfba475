// One read at a time per key on the whole machine: a window asking for what another window is
// reading waits for that read (and can then take its result) instead of paying for it again.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { withLock } from './file-lock';

/** Runs each read alone on the machine by its key, waiting up to `waitMs` for another window's. */
export function machineReadAlone(folder: string, waitMs: number): <T>(key: string, read: () => Promise<T>) => Promise<T> {
  // The lock outlives a slow read, so only a dead holder (or one past the wait) is broken.
  return (key, read) =>
    withLock(join(folder, `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.lock`), read, {
      timeoutMs: waitMs,
      staleMs: waitMs,
    });
}
