// Counts this organisation's analytics requests over the last hour, so the panel can warn
// before a read would run into the platform's limit. Kept machine-wide (a shared file in the
// extension): a reload, or another window reading visitors with the same key, uses the same
// budget.
import type { Memento } from '../platform/memento';
import { sharedKeys } from '../platform/storage-layout';
import { type Clock } from '../platform/clock';
import { HourlyLedger } from '../platform/hourly-ledger';

export const analyticsLimitPerHour = 100;

export class RequestLedger extends HourlyLedger {
  constructor(memento: Memento, clock: Pick<Clock, 'now'>) {
    super(memento, sharedKeys.analyticsRequests, clock);
  }

  /** true when `count` more would pass the limit */
  wouldExceed(count: number): boolean {
    return this.countLastHour() + count > analyticsLimitPerHour;
  }
}
