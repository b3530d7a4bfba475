// Counts this organisation's analytics requests over the last hour, so the panel can warn
// before a read would run into the platform's limit. Kept machine-wide (a shared file in the
// extension): a reload, or another window reading visitors with the same key, uses the same
// budget, and two windows recording at once never drop each other's entries.
import type { Memento } from '../platform/memento';
import { sharedKeys } from '../platform/storage-layout';
import { type Clock } from '../platform/clock';

export const analyticsLimitPerHour = 100;

const ledgerKey = sharedKeys.analyticsRequests;

const hourMs = 3_600_000;

export class RequestLedger {
  constructor(
    private readonly memento: Memento,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** Notes `count` requests made now: read, change and write alone on the machine. */
  record(count = 1): Promise<void> {
    return this.recordAt(this.clock.now(), count);
  }

  /** Notes `count` requests made at `at` (an earlier version's ledger moving in). */
  recordAt(at: number, count = 1): Promise<void> {
    const write = async (): Promise<void> => {
      const times = this.recent(this.clock.now());
      for (let i = 0; i < count; i++) times.push(at);
      await this.memento.update(ledgerKey, times);
    };
    return this.memento.exclusive(write);
  }

  countLastHour(): number {
    return this.recent(this.clock.now()).length;
  }

  /** true when `count` more would pass the limit */
  wouldExceed(count: number): boolean {
    return this.countLastHour() + count > analyticsLimitPerHour;
  }

  /** Stored times within the hour before `now`; anything that is not a number is ignored. */
  private recent(now: number): number[] {
    const stored = this.memento.get<unknown>(ledgerKey);
    if (!Array.isArray(stored)) return [];
    return stored.filter((t): t is number => typeof t === 'number' && Number.isFinite(t) && t > now - hourMs);
  }
}
