// Times of uses over the last hour, kept under one key of a shared Memento: the platform's
// hourly limits (analytics requests, agent uses) are counted this way, machine-wide, so a
// reload or another window counts against the same hour, and two windows recording at once
// never drop each other's entries.
import type { Memento } from './memento';
import type { Clock } from './clock';

export const hourMs = 3_600_000;

export class HourlyLedger {
  constructor(
    protected readonly memento: Memento,
    protected readonly key: string,
    protected readonly clock: Pick<Clock, 'now'>,
    /** The window a limit counts over: an hour, or a minute for previews' 5 a minute. */
    protected readonly windowMs = hourMs,
  ) {}

  /** Notes `count` uses made now: read, change and write alone on the machine. */
  record(count = 1): Promise<void> {
    return this.recordAt(this.clock.now(), count);
  }

  /** Notes `count` uses made at `at` (an earlier version's ledger moving in). */
  recordAt(at: number, count = 1): Promise<void> {
    const write = async (): Promise<void> => {
      const times = this.recent(this.clock.now());
      for (let i = 0; i < count; i++) times.push(at);
      await this.memento.update(this.key, times);
    };
    return this.memento.exclusive(write);
  }

  /**
   * Takes one use if it fits under `limit` now, alone on the machine (two windows cannot both
   * take the last one). Returns 0 when taken, else how long until one fits (nothing taken).
   */
  take(limit: number): Promise<number> {
    return this.memento.exclusive(async () => {
      const wait = this.msUntilRoom(1, limit);
      if (wait === 0) await this.memento.update(this.key, [...this.recent(this.clock.now()), this.clock.now()]);
      return wait;
    });
  }

  /** From what this window last read (kept current by a watch, so it may lag another window's write briefly). */
  countLastHour(): number {
    return this.recent(this.clock.now()).length;
  }

  /** From the store as it is now, other windows' latest writes included: for a decision about spending. */
  countLastHourNow(): Promise<number> {
    return this.memento.exclusive(() => Promise.resolve(this.countLastHour()));
  }

  /** How long until `count` more fit under `limit` (0: they fit now), as the oldest uses leave the hour. */
  msUntilRoom(count: number, limit: number): number {
    const now = this.clock.now();
    const times = this.recent(now).sort((a, b) => a - b);
    const over = times.length + count - limit;
    if (over <= 0) return 0;
    const freed = times[over - 1];
    return freed === undefined ? this.windowMs : freed + this.windowMs - now;
  }

  /** Stored times within the hour before `now`; anything that is not a number is ignored. */
  protected recent(now: number): number[] {
    const stored = this.memento.get<unknown>(this.key);
    if (!Array.isArray(stored)) return [];
    return stored.filter((t): t is number => typeof t === 'number' && Number.isFinite(t) && t > now - this.windowMs);
  }
}
