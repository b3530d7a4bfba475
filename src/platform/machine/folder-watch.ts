// Tells when files in a folder change, whichever process changed them: fs.watch (inotify on
// Linux) for promptness, and a slow rescan in case the watch is lost or unsupported. Changes
// come in bursts (a temp file, then a rename), so they are gathered for a moment first, with
// the names the watch gave, so a listener can read again only what changed.
import { type FSWatcher, watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';

export interface FolderWatchOptions {
  /** Gather changes this long before calling back. */
  settleMs?: number;
  /** Call back this often anyway (the rescan); 0 for never. */
  rescanMs?: number;
}

/** The names of the files that changed, or undefined when anything may have (a rescan). */
export type FolderChange = (names: ReadonlySet<string> | undefined) => void;

export class FolderWatch {
  private watcher: FSWatcher | undefined;
  private settle: ReturnType<typeof setTimeout> | undefined;
  /** Names gathered while settling; undefined once an event came without one. */
  private names: Set<string> | undefined = new Set();
  private rescan: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly folder: string,
    private readonly onChange: FolderChange,
    private readonly options: FolderWatchOptions = {},
  ) {
    this.scheduleRescan();
    void this.start();
  }

  private scheduleRescan(): void {
    const rescanMs = this.options.rescanMs ?? 10_000;
    if (rescanMs <= 0 || this.disposed) return;
    this.rescan = setTimeout(() => {
      if (this.disposed) return;
      if (!this.watcher) void this.start();
      this.onChange(undefined);
      this.scheduleRescan();
    }, rescanMs);
    this.rescan.unref?.();
  }

  private async start(): Promise<void> {
    try {
      await mkdir(this.folder, { recursive: true });
      if (this.disposed || this.watcher) return;
      this.watcher = watch(this.folder, { persistent: false }, (_event, name) => {
        // A temp file's rename is the change that counts; locks come and go around every change.
        if (name && (name.endsWith('.tmp') || name.endsWith('.lock'))) return;
        this.changed(name ?? undefined);
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined; // the rescan starts it again
      });
    } catch {
      // No watch here: the rescan alone keeps others' changes coming.
    }
  }

  private changed(name: string | undefined): void {
    if (this.disposed) return;
    if (name === undefined) this.names = undefined;
    else this.names?.add(name);
    this.settle ??= setTimeout(() => {
      const names = this.names;
      this.settle = undefined;
      this.names = new Set();
      if (!this.disposed) this.onChange(names);
    }, this.options.settleMs ?? 30);
  }

  dispose(): void {
    this.disposed = true;
    this.watcher?.close();
    clearTimeout(this.settle);
    clearTimeout(this.rescan);
  }
}
