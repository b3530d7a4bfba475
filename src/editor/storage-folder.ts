// Files the extension keeps on disk, in its global storage folder. Global state (the memento)
// is one blob re-sent whole on every update, and in a browser window it can lose a moment's
// writes on reload; files written by the extension host are neither.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { TextFiles } from '../platform/text-files';

/**
 * Text files in a folder of the extension's global storage (created on the first write: the
 * editor makes it only on demand). Writes are atomic; a missing file reads as undefined.
 */
export function storageFolder(folder: vscode.Uri): TextFiles {
  const { fs } = vscode.workspace;
  const uri = (name: string): vscode.Uri => vscode.Uri.joinPath(folder, name);
  let created: Promise<void> | undefined;
  const createFolder = (): Promise<void> => {
    // Once a session; after a failure the next write tries again.
    created ??= Promise.resolve(fs.createDirectory(folder)).catch((error: unknown) => {
      created = undefined;
      throw error;
    });
    return created;
  };
  const isNotFound = (error: unknown): boolean => error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
  return {
    async read(name) {
      try {
        return new TextDecoder().decode(await fs.readFile(uri(name)));
      } catch {
        // Missing or unreadable alike: callers treat both as "not stored".
        return undefined;
      }
    },
    async write(name, text) {
      await createFolder();
      // Written aside, then renamed over the old file: a window reloading mid-write, or another
      // window reading meanwhile, sees the old text or the new one, never half of one.
      const temp = uri(`${name}.${randomBytes(6).toString('hex')}.tmp`);
      await fs.writeFile(temp, new TextEncoder().encode(text));
      try {
        await fs.rename(temp, uri(name), { overwrite: true });
      } catch (error) {
        await Promise.resolve(fs.delete(temp)).catch(() => undefined);
        throw error;
      }
    },
    async remove(name) {
      try {
        await fs.delete(uri(name));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
  };
}
