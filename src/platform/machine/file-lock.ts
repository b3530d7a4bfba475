// A lock that several processes on this machine can share: a lock file created exclusively
// (O_EXCL), holding a token unique to this acquisition (its first part the owner's process id).
// A lock whose owner process is gone, or whose age is past `staleMs` either way (a clock
// stepped back makes it look young for ever), is broken, so a window that died mid-change never
// blocks the others. Hold it only for a read-change-write of small files (milliseconds).
//
// A lock file is only ever removed by compare-and-remove (`removeIf`): under a claim named after
// the token being removed, the remover checks the file at the path is still that holder's (same
// token, same file). The owner's release and every process breaking that same stale lock contend
// for the same claim, so only one of them removes it, and nobody removes a newer holder's lock by
// its path. A holder's token and age are read from one open file: read by path in two calls, a
// stale lock replaced in between would have its new, live holder judged by the old file's age.
import * as l10n from '@vscode/l10n';
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isMissing } from './atomic-file';
import { fileCaps, readSharedFile, RefusedFile } from './shared-file';
import { isPast } from '../clock';

export interface LockOptions {
  /** Give up waiting after this long (an error, never a silent skip). */
  timeoutMs?: number;
  /** A lock older than this is taken to belong to a stuck owner. */
  staleMs?: number;
}

export class LockTimeoutError extends Error {
  constructor(path: string) {
    super(l10n.t('Another window kept {0} locked for too long.', path));
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

interface Holder {
  token: string;
  mtimeMs: number;
  /** Which file it is: a new lock at the same path is another file. */
  dev: number;
  ino: number;
}

/** Creates the lock file holding `token`: this holder, or undefined when a lock exists already. */
async function tryCreate(path: string, token: string): Promise<Holder | undefined> {
  try {
    const handle = await open(path, 'wx');
    try {
      await handle.writeFile(token);
      const { mtimeMs, dev, ino } = await handle.stat();
      return { token, mtimeMs, dev, ino };
    } finally {
      await handle.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return undefined;
    if (!isMissing(error)) throw error;
    await mkdir(dirname(path), { recursive: true });
    return undefined;
  }
}

/** Who holds the lock at `path` (undefined when nobody does): token and age from the same open file. */
async function holderOf(path: string): Promise<Holder | undefined> {
  try {
    const read = await readSharedFile(path, fileCaps.token);
    if (!read) return undefined; // released meanwhile: just try again
    const { mtimeMs, dev, ino } = read.info;
    return { token: read.bytes.toString('utf8'), mtimeMs, dev, ino };
  } catch (error) {
    if (!(error instanceof RefusedFile)) throw error;
    // Not a lock file at all (a FIFO, a link, a large file): a holder without a token, broken
    // once past `staleMs` like a lock whose owner died while creating it.
    const info = await lstat(path).catch(() => undefined);
    return info && { token: '', mtimeMs: info.mtimeMs, dev: info.dev, ino: info.ino };
  }
}

const sameHolder = (a: Holder | undefined, b: Holder): boolean => a?.token === b.token && a.dev === b.dev && a.ino === b.ino;

function isStale(holder: Holder, staleMs: number): boolean {
  // An empty file is a lock being created this very moment: not stale unless old.
  if (holder.token !== '' && !isAlive(Number.parseInt(holder.token, 10))) return true;
  return isPast(holder.mtimeMs, staleMs);
}

/** Removes the lock at `path` only if it is still `holder`'s file; true when this call removed it. */
async function removeIf(path: string, holder: Holder, staleMs: number): Promise<boolean> {
  const claim = `${path}.${createHash('sha256').update(holder.token).digest('hex').slice(0, 16)}.lock`;
  if (!(await tryCreate(claim, `${process.pid}-${randomBytes(6).toString('hex')}`))) {
    // Someone else is removing this very lock. A claim left by a remover that died is cleared
    // (by path: that needs a second crash inside the same few milliseconds to go wrong).
    const other = await holderOf(claim);
    if (other && isStale(other, staleMs)) await rm(claim, { force: true });
    return false;
  }
  try {
    // Nobody else can remove this holder's file while the claim is held, so what is read here is what goes.
    if (!sameHolder(await holderOf(path), holder)) return false;
    await rm(path, { force: true });
    return true;
  } finally {
    await rm(claim, { force: true });
  }
}

/** Removes the lock at `path` if its holder is gone or past `staleMs`; true when it did. */
export async function breakIfStale(path: string, staleMs: number): Promise<boolean> {
  const holder = await holderOf(path);
  return holder !== undefined && isStale(holder, staleMs) && (await removeIf(path, holder, staleMs));
}

/** Takes the lock at `path`, breaking a stale one, waiting for a live one up to `timeoutMs`. */
async function acquire(path: string, staleMs: number, timeoutMs: number): Promise<Holder> {
  const deadline = Date.now() + timeoutMs;
  const token = `${process.pid}-${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    const mine = await tryCreate(path, token);
    if (mine) return mine;
    if (await breakIfStale(path, staleMs)) continue;
    if (Date.now() > deadline) throw new LockTimeoutError(path);
    // Short random waits: holders keep the lock for a few milliseconds.
    await new Promise((resolve) => setTimeout(resolve, Math.min(50, 1 + attempt) * (0.5 + Math.random())));
  }
}

export async function withLock<T>(path: string, run: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const staleMs = options.staleMs ?? 30_000;
  const mine = await acquire(path, staleMs, options.timeoutMs ?? 10_000);
  try {
    return await run();
  } finally {
    // Only our own lock: if it was broken as stale meanwhile, a newer holder's stays.
    await removeIf(path, mine, staleMs);
  }
}
