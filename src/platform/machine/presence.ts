// Which windows on the machine are open and which has focus: one small file per window,
// written when its focus changes and removed when it closes. A window whose process is gone
// no longer counts. The poller reads this so its cadence follows the machine, not itself.
// A focused window writes its record again every `refreshMs`; a focused record further than
// `focusExpiryMs` from now (either way: a clock stepped back) is a hung or vanished window's
// (its process id alive but not its window, or reused) and no longer counts as focused.
import { readdir, rm } from 'node:fs/promises';
import { Serial } from '../serial';
import { join } from 'node:path';
import { readJson, writeAtomic } from './atomic-file';
import { fileCaps } from './shared-file';
import { isAlive } from './file-lock';
import { isPast } from '../clock';
import { FolderWatch } from './folder-watch';
import { Emitter } from '../emitter';

interface WindowRecord {
  pid: number;
  focused: boolean;
  at: number;
}

export interface PresenceOptions {
  /** Re-read the others' records this often anyway (also how soon an expired focus is noticed). */
  rescanMs?: number;
  /** How often a focused window writes its record again. */
  refreshMs?: number;
  /** A focused record not written for this long no longer counts (three missed refreshes). */
  focusExpiryMs?: number;
}

export class Presence {
  private readonly watcher: FolderWatch;
  private readonly changed = new Emitter<void>();
  /** Another window opened, closed, or gained or lost focus. */
  readonly onDidChange = this.changed.event;
  private others: WindowRecord[] = [];
  private focused = false;
  private readonly writing = new Serial();
  private refresh: ReturnType<typeof setTimeout> | undefined;
  private readonly refreshMs: number;
  private readonly focusExpiryMs: number;

  constructor(
    private readonly folder: string,
    private readonly owner: string,
    options: PresenceOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.focusExpiryMs = options.focusExpiryMs ?? 3 * this.refreshMs;
    this.watcher = new FolderWatch(folder, () => void this.read(), { rescanMs: options.rescanMs ?? 15_000 });
  }

  /** Records this window's focus (also when unchanged: the first call announces the window). */
  setFocused(focused: boolean): Promise<void> {
    this.focused = focused;
    clearTimeout(this.refresh);
    if (focused) {
      this.refresh = setTimeout(() => void this.setFocused(this.focused), this.refreshMs);
      this.refresh.unref?.();
    }
    const record: WindowRecord = { pid: process.pid, focused, at: Date.now() };
    return this.writing.run(() => writeAtomic(this.file(), JSON.stringify(record)).catch(() => undefined));
  }

  /** Whether this window or any other live one has focus. */
  anyFocused(): boolean {
    return this.focused || this.otherFocused();
  }

  /** Whether a window other than this one has focus. */
  otherFocused(): boolean {
    return this.others.some((w) => w.focused);
  }

  /** Re-reads the other windows' records; fires onDidChange when their focus changed. */
  async read(): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    const others: WindowRecord[] = [];
    const now = Date.now();
    for (const name of names) {
      if (!name.endsWith('.json') || name === `${this.owner}.json`) continue;
      const value = (await readJson(join(this.folder, name), fileCaps.record)) as Partial<WindowRecord> | undefined;
      if (typeof value?.pid !== 'number' || typeof value.focused !== 'boolean') continue;
      if (!isAlive(value.pid)) {
        await rm(join(this.folder, name), { force: true }); // a window that died without closing
        continue;
      }
      const at = typeof value.at === 'number' ? value.at : 0;
      others.push({ pid: value.pid, focused: value.focused && !isPast(at, this.focusExpiryMs, now), at });
    }
    const before = JSON.stringify(this.others.map((w) => [w.pid, w.focused]).sort());
    this.others = others;
    if (JSON.stringify(others.map((w) => [w.pid, w.focused]).sort()) !== before) this.changed.fire();
  }

  async dispose(): Promise<void> {
    clearTimeout(this.refresh);
    this.watcher.dispose();
    this.changed.dispose();
    await this.writing.settled();
    await rm(this.file(), { force: true }).catch(() => undefined);
  }

  private file(): string {
    return join(this.folder, `${this.owner}.json`);
  }
}
