// Which files of a folder changed, for every process that shares it: each writer appends the
// changed file's name, one line, after its rename. A reader keeps its place (a cursor) and
// reads only the lines added since, so finding what changed costs by what changed, not by what
// the folder holds. The journal is replaced when it grows (a new file, so every reader sees a
// new identity and reads the whole folder once). No vscode import.
import { appendFile, stat } from 'node:fs/promises';
import { writeAtomic } from './atomic-file';
import { appendFlags, fileCaps, openShared } from './shared-file';

export interface JournalCursor {
  /** The journal file's identity (device and inode): a replaced journal has a new one. */
  id: string;
  offset: number;
}

export interface JournalRead {
  cursor: JournalCursor;
  /** The names appended since the cursor; undefined when the caller must read everything. */
  names: string[] | undefined;
}

export class ChangeJournal {
  constructor(readonly file: string) {}

  /** Records that the file `name` changed (written or removed). */
  append(name: string): Promise<void> {
    return appendFile(this.file, `${name}\n`, { flag: appendFlags });
  }

  /** What changed since `cursor` (undefined: never read; every file counts as changed). */
  async since(cursor: JournalCursor | undefined): Promise<JournalRead> {
    // Identity, size and lines from one open file (a journal replaced meanwhile is not mixed in).
    const opened = await openShared(this.file);
    if (!opened) return cursor?.id === 'none' ? { cursor, names: [] } : { cursor: { id: 'none', offset: 0 }, names: undefined };
    const { handle, info } = opened;
    try {
      const id = `${info.dev}:${info.ino}`;
      const size = info.size;
      // Replaced, shrunk, or more added than is worth reading name by name: read the whole folder.
      if (!cursor || cursor.id !== id || size < cursor.offset || size - cursor.offset > fileCaps.journalStep)
        return { cursor: { id, offset: size }, names: undefined };
      if (size === cursor.offset) return { cursor, names: [] };
      const buffer = Buffer.alloc(size - cursor.offset);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, cursor.offset);
      // Only whole lines: a line being appended this very moment is read next time.
      const end = buffer.subarray(0, bytesRead).lastIndexOf(10) + 1;
      const names = buffer
        .subarray(0, end)
        .toString('utf8')
        .split('\n')
        .filter((name) => name !== '' && !name.includes('/') && !name.includes('\\'));
      return { cursor: { id, offset: cursor.offset + end }, names };
    } finally {
      await handle.close();
    }
  }

  /** Starts a new, empty journal when this one is past `maxBytes`; true when it did. */
  async rotate(maxBytes: number): Promise<boolean> {
    const info = await stat(this.file).catch(() => undefined);
    if (!info || info.size <= maxBytes) return false;
    await writeAtomic(this.file, '');
    return true;
  }
}
