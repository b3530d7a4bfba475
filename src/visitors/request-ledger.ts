// Counts this organisation's analytics requests over the last hour, and the requests reads under
// way hold, so no read passes the platform's limit: each read reserves its cap before its first
// request (see platform/reserving-ledger.ts). Kept machine-wide (a shared file in the
// extension): a reload, or another window reading with the same key, uses the same budget.
import type { Memento } from '../platform/memento';
import { sharedKeys } from '../platform/storage-layout';
import { type Clock } from '../platform/clock';
import { ReservingLedger } from '../platform/reserving-ledger';

export const analyticsLimitPerHour = 100;

/**
 * Reads nobody asked for (the status bar, the panel loading by itself) reserve only while the
 * hour's used and held requests stay at or below this share of the budget: the last fifth is
 * kept for what the writer asks for.
 */
export const unaskedSharePercent = 80;
export const unaskedCeiling = Math.floor((analyticsLimitPerHour * unaskedSharePercent) / 100);

export class RequestLedger extends ReservingLedger {
  constructor(memento: Memento, clock: Pick<Clock, 'now'>) {
    super(memento, sharedKeys.analyticsRequests, sharedKeys.analyticsHeld, clock, analyticsLimitPerHour);
  }
}
