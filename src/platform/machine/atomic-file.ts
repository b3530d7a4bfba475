// Whole-file reads and writes that several processes can share: a write goes to a unique
// temporary name and is renamed over the target, so a reader sees the old text or the new,
// never half of one. No vscode import: plain-Node tests and child processes run it.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** The file's text, or undefined when it does not exist. Other failures throw. */
export async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

/** The file's JSON, or undefined when it is missing or damaged (storage outlives versions). */
export async function readJson(path: string): Promise<unknown> {
  const text = await readText(path).catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
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
