// Counts this organisation's analytics requests over the last hour, so the panel can warn
// before a read would run into the platform's limit. Kept in global storage: a reload, or
// another window reading visitors with the same key, uses the same budget.
import type { Memento } from '../util/memento';
import type { Clock } from '../jobs/poll-scheduler';

export const analyticsLimitPerHour = 100;

export const ledgerKey = 'docsAgent.analyticsRequests';

const hourMs = 3_600_000;

export class RequestLedger {
  constructor(
    private readonly memento: Memento,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /**
   * Notes `count` requests made now. Read, change and write happen in one synchronous step
   * (the memento updates its value before the returned promise settles), so two records at
   * once never drop each other's entries.
   */
  record(count = 1): Promise<void> {
    const now = this.clock.now();
    const times = this.recent(now);
    for (let i = 0; i < count; i++) times.push(now);
    return Promise.resolve(this.memento.update(ledgerKey, times));
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
