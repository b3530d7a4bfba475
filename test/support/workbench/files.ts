// Walks a folder the way a leak search needs: every regular file, symlinks left alone (the
// linked extension folder is the repo itself, not something the editor wrote).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path);
      return entry.isFile() ? [path] : [];
    });
  } catch {
    return [];
  }
}
