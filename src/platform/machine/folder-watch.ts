// Tells when files in a folder change, whichever process changed them: fs.watch (inotify on
// Linux) for promptness, and a slow rescan in case the watch is lost or unsupported. Changes
// come in bursts (a temp file, then a rename), so they are gathered for a moment first.
import { type FSWatcher, watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';

export interface FolderWatchOptions {
  /** Gather changes this long before calling back. */
  settleMs?: number;
  /** Call back this often anyway (the rescan); 0 for never. */
  rescanMs?: number;
}

export class FolderWatch {
  private watcher: FSWatcher | undefined;
  private settle: ReturnType<typeof setTimeout> | undefined;
  private rescan: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly folder: string,
    private readonly onChange: () => void,
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
      this.onChange();
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
        this.changed();
      });
      this.watcher.on('error', () => {
        this.watcher?.close();
        this.watcher = undefined; // the rescan starts it again
      });
    } catch {
      // No watch here: the rescan alone keeps others' changes coming.
    }
  }

  private changed(): void {
    if (this.disposed || this.settle) return;
    this.settle = setTimeout(() => {
      this.settle = undefined;
      if (!this.disposed) this.onChange();
    }, this.options.settleMs ?? 30);
  }

  dispose(): void {
    this.disposed = true;
    this.watcher?.close();
    clearTimeout(this.settle);
    clearTimeout(this.rescan);
  }
}
