// Which windows on the machine are open and which has focus: one small file per window,
// written when its focus changes and removed when it closes. A window whose process is gone
// no longer counts. The poller reads this so its cadence follows the machine, not itself.
import { readdir, rm } from 'node:fs/promises';
import { Serial } from '../serial';
import { join } from 'node:path';
import { readJson, writeAtomic } from './atomic-file';
import { isAlive } from './file-lock';
import { FolderWatch } from './folder-watch';
import { Emitter } from '../emitter';

interface WindowRecord {
  pid: number;
  focused: boolean;
  at: number;
}

export class Presence {
  private readonly watcher: FolderWatch;
  private readonly changed = new Emitter<void>();
  /** Another window opened, closed, or gained or lost focus. */
  readonly onDidChange = this.changed.event;
  private others: WindowRecord[] = [];
  private focused = false;
  private readonly writing = new Serial();

  constructor(
    private readonly folder: string,
    private readonly owner: string,
  ) {
    this.watcher = new FolderWatch(folder, () => void this.read(), { rescanMs: 15_000 });
  }

  /** Records this window's focus (also when unchanged: the first call announces the window). */
  setFocused(focused: boolean): Promise<void> {
    this.focused = focused;
    const record: WindowRecord = { pid: process.pid, focused, at: Date.now() };
    return this.writing.run(() => writeAtomic(this.file(), JSON.stringify(record)).catch(() => undefined));
  }

  /** Whether this window or any other live one has focus. */
  anyFocused(): boolean {
    return this.focused || this.others.some((w) => w.focused);
  }

  /** Whether a window other than this one has focus. */
  otherFocused(): boolean {
    return this.others.some((w) => w.focused);
  }

  /** Re-reads the other windows' records; fires onDidChange when their focus changed. */
  async read(): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const others: WindowRecord[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name === `${this.owner}.json`) continue;
      const value = (await readJson(join(this.folder, name))) as Partial<WindowRecord> | undefined;
      if (typeof value?.pid !== 'number' || typeof value.focused !== 'boolean') continue;
      if (!isAlive(value.pid)) {
        await rm(join(this.folder, name), { force: true }); // a window that died without closing
        continue;
      }
      others.push({ pid: value.pid, focused: value.focused, at: typeof value.at === 'number' ? value.at : 0 });
    }
    const before = JSON.stringify(this.others.map((w) => [w.pid, w.focused]).sort());
    this.others = others;
    if (JSON.stringify(others.map((w) => [w.pid, w.focused]).sort()) !== before) this.changed.fire();
  }

  async dispose(): Promise<void> {
    this.watcher.dispose();
    this.changed.dispose();
    await this.writing.settled();
    await rm(this.file(), { force: true }).catch(() => undefined);
  }

  private file(): string {
    return join(this.folder, `${this.owner}.json`);
  }
}
