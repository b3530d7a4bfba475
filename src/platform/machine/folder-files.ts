// Text files by name in one folder on disk, written whole by rename (atomic-file), so a window
// reloading mid-write, or another window reading meanwhile, sees the old text or the new.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TextFiles } from '../text-files';
import { readText, writeAtomic } from './atomic-file';

export function folderFiles(folder: string): TextFiles {
  const path = (name: string): string => join(folder, name);
  return {
    // Missing or unreadable alike: callers treat both as "not stored".
    read: (name) => readText(path(name)).catch(() => undefined),
    write: (name, text) => writeAtomic(path(name), text),
    remove: (name) => rm(path(name), { force: true }),
  };
}
