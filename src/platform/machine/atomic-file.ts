// Whole-file reads and writes that several processes can share: a write goes to a unique
// temporary name and is renamed over the target, so a reader sees the old text or the new,
// never half of one. A read goes through readShared (shared-file.ts), with the cap of its kind.
// No vscode import: plain-Node tests and child processes run it.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { messageOf } from '../checks';
import { readShared, RefusedFile } from './shared-file';
import { skipLog } from './skip-log';

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/**
 * The file's text, or undefined when it does not exist. A file that is not a plain one, or is
 * past `maxBytes` (fileCaps), is refused (RefusedFile); other failures throw.
 */
export async function readText(path: string, maxBytes: number): Promise<string | undefined> {
  return (await readShared(path, maxBytes))?.toString('utf8');
}

/** The file's JSON, or undefined when it is missing, refused or damaged (storage outlives versions). */
export async function readJson(path: string, maxBytes: number): Promise<unknown> {
  let text: string | undefined;
  try {
    text = await readText(path, maxBytes);
  } catch (error) {
    if (!(error instanceof RefusedFile)) skipLog.warn(path, `it could not be read (${messageOf(error)})`);
    return undefined;
  }
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    skipLog.warn(path, 'its JSON is damaged');
    return undefined;
  }
}

export async function writeAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    try {
      await writeFile(temp, text);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // The folder is made on the first write (or was removed meanwhile).
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, text);
    }
    await rename(temp, path);
  } catch (error) {
    // A write that failed halfway (a full disk, say) leaves no temporary file behind.
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}
