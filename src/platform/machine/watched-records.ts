// A folder of JSON records, one file per key, that every window on the machine shares: read into
// memory, kept current by a folder watch (other windows' writes show within a moment), and one
// change event for each scan that found something new. The stores built on it (followed
// previews, draft reviews) change a record only under its own lock. No vscode import.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Emitter } from '../emitter';
import { FolderSnapshot } from './folder-snapshot';
import { FolderWatch } from './folder-watch';

/** A record's file name: a hash of its key, so any key makes a safe name of one length. */
export function recordFileName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`;
}

export class WatchedRecords<T> {
  protected readonly files: FolderSnapshot<T>;
  protected readonly changed = new Emitter<void>();
  /** A record changed here or in another window. */
  readonly onDidChange = this.changed.event;
  private readonly watcher: FolderWatch | undefined;
  /** Settles once the folder has been read. */
  readonly ready: Promise<void>;

  constructor(
    readonly folder: string,
    parse: (stored: unknown) => T | undefined,
    /** The largest record of this kind (fileCaps): a larger file is skipped. */
    maxBytes: number,
    options: { watch?: boolean } = {},
  ) {
    this.files = new FolderSnapshot(folder, (name) => name.endsWith('.json'), parse, maxBytes);
    this.ready = this.reload();
    if (options.watch !== false) this.watcher = new FolderWatch(folder, (names) => void this.reload(names));
  }

  /** Picks up other windows' writes: the files named, or every file. */
  async reload(names?: ReadonlySet<string>): Promise<void> {
    if (await (names ? this.files.scan(names) : this.files.scanAll())) this.changed.fire();
  }

  dispose(): void {
    this.watcher?.dispose();
    this.changed.dispose();
  }

  protected path(name: string): string {
    return join(this.folder, name);
  }
}
