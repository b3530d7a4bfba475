// A docs root on disk as the site code reads it: its files relative to the root (posix), and a
// reader that answers undefined for a missing file, as the editor's does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir`, relative to it, with `/` separators. */
export function relativeFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** A file's text, or undefined when it cannot be read. */
export function readTextOrNothing(file: string): Promise<string | undefined> {
  try {
    return Promise.resolve(readFileSync(file, 'utf8'));
  } catch {
    return Promise.resolve(undefined);
  }
}
