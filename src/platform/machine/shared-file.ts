// The one way to read a file of the machine's shared storage folder, which any process of this
// user can put anything into: a FIFO named like a record (a plain open waits for a writer for
// ever, and holds one of libuv's four threads while it waits), a link to /dev/zero (read without
// end), a file of gigabytes. So a file is opened without following a link and without waiting
// (O_NOFOLLOW | O_NONBLOCK), checked on the open descriptor (a check by path could be answered by
// another file than the one opened), and read only up to its cap. A refusal is logged once per
// file (skip-log). No vscode import: plain-Node tests and child processes run it.
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { skipLog } from './skip-log';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * How large each kind of shared file may be. Each is many times what this version writes, so
 * only damage or mischief is ever refused; a refused file is skipped like a damaged one.
 */
export const fileCaps = {
  /** A lock holder's token: a process id and a few random bytes. */
  token: 4 * KiB,
  /**
   * One small record: a job (its prompt and 20 follow-ups are cut to 4,000 characters each, about
   * 250 KB at most), a window's presence, the lease, a memento of counters and indexes.
   */
  record: 1 * MiB,
  /** A followed preview: it keeps the build log's last 2,000 lines, whose length the build decides. */
  preview: 8 * MiB,
  /** A job's review: every thread quotes the lines it is on, and holds the writer's comments. */
  review: 8 * MiB,
  /** A composer draft and its address: what the writer typed, far past any prompt the agent takes. */
  draft: 8 * MiB,
  /** Version 1's list of every tracked job in one file (read once, to move it). */
  legacyJobs: 16 * MiB,
  /** What a change journal adds between two reads: past it, the reader reads the whole folder instead. */
  journalStep: 4 * MiB,
} as const;

/** Why a file was not read. */
export type Refusal = 'link' | 'not-file' | 'too-large';

/** A file that is there but is not read; callers treat it as damaged. */
export class RefusedFile extends Error {
  constructor(
    readonly path: string,
    readonly refusal: Refusal,
  ) {
    super(`${path}: ${refusal}`);
  }
}

/** The refusal, told to the log once per file. */
function refuse(path: string, refusal: Refusal): RefusedFile {
  skipLog.warn(
    path,
    refusal === 'link'
      ? 'it is a link, which is not followed'
      : refusal === 'not-file'
        ? 'it is not a regular file'
        : 'it is larger than this kind of file may be',
  );
  return new RefusedFile(path, refusal);
}

// Windows has neither flag (nor FIFOs in a folder, nor /dev/zero); the check on the open file holds there too.
const readFlags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const inPlace = constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
/** For a file written in place (not by rename): a FIFO or a link at its name fails the write instead of holding it. */
export const writeFlags = inPlace | constants.O_TRUNC;
/** The same for a file appended to (a change journal). */
export const appendFlags = inPlace | constants.O_APPEND;

export interface OpenedFile {
  handle: FileHandle;
  /** The open file's own status (never a link's target, nor a file swapped in since). */
  info: Stats;
}

/** Opens a regular file for reading (close it), or undefined when there is none; anything else is refused (RefusedFile). */
export async function openShared(path: string): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, readFlags);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // What O_NOFOLLOW answers for a link: ELOOP (Linux, macOS), EMLINK (FreeBSD).
    if (code === 'ELOOP' || code === 'EMLINK') throw refuse(path, 'link');
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw refuse(path, 'not-file');
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export interface SharedRead {
  bytes: Buffer;
  /** The status of the very file read. */
  info: Stats;
}

/**
 * The file's bytes and status, or undefined when it does not exist. A link, anything but a
 * regular file and a file over `maxBytes` are refused (RefusedFile); other failures throw.
 */
export async function readSharedFile(path: string, maxBytes: number): Promise<SharedRead | undefined> {
  const opened = await openShared(path);
  if (!opened) return undefined;
  const { handle, info } = opened;
  try {
    if (info.size > maxBytes) throw refuse(path, 'too-large');
    return { bytes: await readUpTo(handle, path, info.size, maxBytes), info };
  } finally {
    await handle.close();
  }
}

/** The file's bytes, as readSharedFile reads them. */
export async function readShared(path: string, maxBytes: number): Promise<Buffer | undefined> {
  return (await readSharedFile(path, maxBytes))?.bytes;
}

/** Reads to the end: at most `maxBytes` + 1 bytes, so a file that grew past its cap since fstat is refused too. */
async function readUpTo(handle: FileHandle, path: string, expected: number, maxBytes: number): Promise<Buffer> {
  let buffer = Buffer.alloc(Math.min(expected, maxBytes) + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
    if (length > maxBytes) throw refuse(path, 'too-large');
    if (length === buffer.length) {
      const larger = Buffer.alloc(Math.min(2 * buffer.length, maxBytes + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  }
}
