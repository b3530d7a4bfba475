// Files that are not what their names say, put into a machine folder the way another process of
// the same user could: a FIFO, a link. A FIFO's reader or writer that still waits when a test
// ends is let go, so a failing test does not keep one of libuv's four threads for the rest of the run.
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, symlinkSync } from 'node:fs';
import { dirname } from 'node:path';

const fifos: string[] = [];

/** A FIFO at `path` (Linux and macOS: mkfifo). */
export function makeFifo(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync('mkfifo', [path]);
  fifos.push(path);
  return path;
}

/** A symbolic link at `path` to `target`. */
export function makeLink(path: string, target: string): string {
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path);
  return path;
}

/** Opens and closes both ends of every FIFO: a reader or a writer still waiting in open() goes on. */
export function releaseFifos(): void {
  for (const path of fifos.splice(0)) {
    try {
      const reading = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
      closeSync(reading);
    } catch {
      // Gone with its folder.
    }
  }
}

/** `work`, or a failure naming `what` once `ms` passed: a reader that waits for ever fails fast. */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
