// Text files by name in one folder on disk, written whole by rename (atomic-file), so a window
// reloading mid-write, or another window reading meanwhile, sees the old text or the new.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TextFiles } from '../text-files';
import { readText, writeAtomic } from './atomic-file';

/** `maxBytes`: the largest file of this kind the writer makes (a larger one is skipped as damaged). */
export function folderFiles(folder: string, maxBytes: number): TextFiles {
  const path = (name: string): string => join(folder, name);
  return {
    // Missing, refused or unreadable alike: callers treat them all as "not stored".
    read: (name) => readText(path(name), maxBytes).catch(() => undefined),
    write: (name, text) => writeAtomic(path(name), text),
    remove: (name) => rm(path(name), { force: true }),
  };
}
