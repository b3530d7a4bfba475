// What a folder of small JSON files holds, as this process last read it: each file's parsed
// value and its signature (inode, size, mtime; a file rewritten by rename has a new one), so a
// file is read again only when it changed. `scanAll` lists the folder (what exists); `scan`
// looks only at the names it is given (what a change journal or a watch says changed). A file it
// cannot use (refused, damaged, a newer version's) is kept as unreadable and told to the log
// once; the others are read as usual.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJson } from './atomic-file';
import { skipLog } from './skip-log';

interface Entry<T> {
  signature: string;
  /** Undefined: the file exists but this version cannot read it. */
  value: T | undefined;
}

function signatureOf(info: { ino: number; size: number; mtimeMs: number }): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
}

/** Files read at once by a full scan: enough to keep the file system busy, not to flood it. */
const parallelReads = 16;

export class FolderSnapshot<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Files looked at (stat) by scans so far: what a rescan costs. */
  examined = 0;

  constructor(
    readonly folder: string,
    private readonly accepts: (name: string) => boolean,
    private readonly parse: (stored: unknown) => T | undefined,
    /** The largest file of this kind (fileCaps): a larger one is skipped. */
    private readonly maxBytes: number,
  ) {}

  /** Every readable file's value by name. */
  *values(): IterableIterator<[name: string, value: T]> {
    for (const [name, { value }] of this.entries) if (value !== undefined) yield [name, value];
  }

  /** The file's value: undefined when missing or unreadable (`has` tells which). */
  get(name: string): T | undefined {
    return this.entries.get(name)?.value;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  get size(): number {
    return this.entries.size;
  }

  /** This process just wrote `value` to the file: known at once, not at the next scan. */
  async remember(name: string, value: T): Promise<void> {
    const info = await lstat(join(this.folder, name));
    this.entries.set(name, { signature: signatureOf(info), value });
  }

  /** This process just removed the file. */
  forget(name: string): void {
    this.entries.delete(name);
  }

  /** Lists the folder and reads what is new or changed; true when any value differs. */
  async scanAll(): Promise<boolean> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const present = new Set(names.filter(this.accepts));
    let differs = false;
    for (const name of [...this.entries.keys()]) {
      if (!present.has(name)) differs = this.entries.delete(name) || differs;
    }
    const queue = [...present];
    const worker = async (): Promise<void> => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) differs = (await this.refresh(name)) || differs;
    };
    await Promise.all(Array.from({ length: parallelReads }, worker));
    return differs;
  }

  /** Reads again only these files (those the folder does not hold any more are dropped). */
  async scan(names: Iterable<string>): Promise<boolean> {
    let differs = false;
    for (const name of new Set(names)) if (this.accepts(name)) differs = (await this.refresh(name)) || differs;
    return differs;
  }

  private async refresh(name: string): Promise<boolean> {
    const before = this.entries.get(name);
    this.examined++;
    const path = join(this.folder, name);
    // The entry itself, not what a link points to (a link is never read, and never followed here).
    const info = await lstat(path).catch(() => undefined);
    if (!info) return this.entries.delete(name);
    const signature = signatureOf(info);
    if (before?.signature === signature) return false;
    const stored = await readJson(path, this.maxBytes);
    const value = this.parse(stored);
    // Missing or refused files and damaged JSON were told by readJson.
    if (stored !== undefined && value === undefined) skipLog.warn(path, 'this version cannot read it (damaged, or a newer version’s)');
    // This process wrote the file while it was read: its own write is newer.
    if (this.entries.get(name) !== before) return false;
    this.entries.set(name, { signature, value });
    return JSON.stringify(before?.value) !== JSON.stringify(value);
  }
}
