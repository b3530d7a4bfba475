// A Memento kept in one JSON file that every window on the machine shares. get() answers from
// memory, kept current by a folder watch; every write happens under the file's lock after a
// fresh read, so windows writing at once never drop each other's keys. Used for the analytics
// request ledger and the visitors cache's index. No vscode import.
import { dirname } from 'node:path';
import { Serial } from '../serial';
import type { Memento } from '../memento';
import { Emitter } from '../emitter';
import { readJson, writeAtomic } from './atomic-file';
import { fileCaps } from './shared-file';
import { withLock } from './file-lock';
import { FolderWatch } from './folder-watch';
import { isRecord } from '../checks';

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values => isRecord(value);

export class SharedMemento implements Memento {
  private values: Values = {};
  /** Inside exclusive(): this process holds the lock and `values` is fresh. */
  private holding = false;
  private readonly queue = new Serial();
  /** Bumped by every read and write, so a read that finishes after a newer one is dropped. */
  private generation = 0;
  private readonly watcher: FolderWatch | undefined;
  private readonly changed = new Emitter<void>();
  /** Another window changed a value. */
  readonly onDidChange = this.changed.event;
  /** Settles once the file has been read. */
  readonly ready: Promise<void>;

  constructor(
    private readonly file: string,
    options: { watch?: boolean } = {},
  ) {
    this.ready = this.refresh();
    if (options.watch !== false) this.watcher = new FolderWatch(dirname(file), () => void this.refresh(), { rescanMs: 30_000 });
  }

  get<T>(key: string): T | undefined {
    const value = this.values[key];
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }

  update(key: string, value: unknown): Promise<void> {
    const write = async (): Promise<void> => {
      this.generation++;
      if (value === undefined) delete this.values[key];
      else this.values[key] = JSON.parse(JSON.stringify(value)) as unknown;
      await writeAtomic(this.file, JSON.stringify(this.values));
    };
    // Inside exclusive() the lock is held and the values are fresh: write straight away.
    return this.holding ? write() : this.exclusive(write);
  }

  exclusive<T>(change: () => Promise<T>): Promise<T> {
    const run = (): Promise<T> =>
      withLock(`${this.file}.lock`, async () => {
        this.apply(await readJson(this.file, fileCaps.record)); // fresh, whatever a watch read is still doing
        this.holding = true;
        try {
          return await change();
        } finally {
          this.holding = false;
        }
      });
    return this.queue.run(run);
  }

  /** Re-reads the file; fires onDidChange when a value differs. */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    const stored = await readJson(this.file, fileCaps.record);
    if (generation === this.generation) this.apply(stored); // else a newer read or write came meanwhile
  }

  private apply(stored: unknown): void {
    this.generation++;
    const next = isValues(stored) ? stored : {};
    if (JSON.stringify(next) === JSON.stringify(this.values)) return;
    this.values = next;
    this.changed.fire();
  }

  dispose(): void {
    this.watcher?.dispose();
    this.changed.dispose();
  }
}
