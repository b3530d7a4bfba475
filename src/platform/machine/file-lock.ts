// A lock that several processes on this machine can share: a lock file created exclusively
// (O_EXCL), holding the owner's process id. A lock whose owner process is gone, or that is
// older than `staleMs`, is broken, so a window that died mid-change never blocks the others.
// Hold it only for a read-change-write of small files (milliseconds).
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isMissing } from './atomic-file';

export interface LockOptions {
  /** Give up waiting after this long (an error, never a silent skip). */
  timeoutMs?: number;
  /** A lock older than this is taken to belong to a stuck owner. */
  staleMs?: number;
}

export class LockTimeoutError extends Error {
  constructor(path: string) {
    super(`Another window kept ${path} locked for too long.`);
  }
}

/** Whether a process with this id is alive on this machine. */
export function isAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function tryCreate(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (!isMissing(error)) throw error;
    await mkdir(dirname(path), { recursive: true });
    return false;
  }
}

/** Whether the lock at `path` was left by a dead or stuck owner. */
async function isStale(path: string, staleMs: number): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    const pid = Number.parseInt(text, 10);
    // An empty file is a lock being created this very moment: not stale unless old.
    if (text !== '' && !isAlive(pid)) return true;
    return Date.now() - info.mtimeMs > staleMs;
  } catch (error) {
    if (isMissing(error)) return false; // released meanwhile: just try again
    throw error;
  }
}

export async function withLock<T>(path: string, run: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; !(await tryCreate(path)); attempt++) {
    if (await isStale(path, staleMs)) {
      await rm(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new LockTimeoutError(path);
    // Short random waits: holders keep the lock for a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 1 + attempt) * (0.5 + Math.random())));
  }
  try {
    return await run();
  } finally {
    await rm(path, { force: true });
  }
}
