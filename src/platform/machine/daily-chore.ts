// Work that one window on the machine does at most once a day (pruning what is kept): whoever
// finds the day's turn free takes it under a lock, by writing when it ran, then does the work
// outside the lock. Windows starting together, or one left open for weeks, run it once a day
// between them. It starts a while after activation and is checked hourly, never on the way
// of anything a person waits for. No vscode import.
import { readJson, writeAtomic } from './atomic-file';
import { fileCaps } from './shared-file';
import { withLock } from './file-lock';
import { isPast } from '../clock';
import { isRecord } from '../checks';

export interface DailyChoreOptions {
  /** At most once per this long on the machine. */
  everyMs?: number;
  /** The first check, after activation. */
  firstCheckMs?: number;
  /** Later checks (a window open for days). */
  checkMs?: number;
  /** Whether this window may take the day's turn now (a window in Restricted Mode leaves it to another). */
  mayRun?: () => boolean;
}

export class DailyChore {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly everyMs: number;

  constructor(
    private readonly file: string,
    private readonly work: () => Promise<void>,
    private readonly options: DailyChoreOptions = {},
  ) {
    this.everyMs = options.everyMs ?? 86_400_000;
    this.schedule(options.firstCheckMs ?? 60_000);
  }

  /** Runs the work now when no window ran it within `everyMs` (and this one may); resolves with whether this call did. */
  async runIfDue(): Promise<boolean> {
    if (this.options.mayRun && !this.options.mayRun()) return false;
    const due = await withLock(`${this.file}.lock`, async () => {
      const stored = await readJson(this.file, fileCaps.record);
      const ranAt = isRecord(stored) && typeof stored.ranAt === 'number' ? stored.ranAt : undefined;
      // Either way from now: after a clock stepped back, a turn "in the future" does not hold it for ever.
      if (ranAt !== undefined && !isPast(ranAt, this.everyMs)) return false;
      await writeAtomic(this.file, JSON.stringify({ ranAt: Date.now(), pid: process.pid }));
      return true;
    });
    if (due && !this.disposed) await this.work();
    return due;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    this.timer = setTimeout(() => {
      // A failure (storage trouble) waits for the next check; the turn was taken, so that is tomorrow.
      void this.runIfDue()
        .catch(() => undefined)
        .finally(() => this.schedule(this.options.checkMs ?? 3_600_000));
    }, ms);
    this.timer.unref?.();
  }
}
