// What an analytics read may spend: its cap (the worst case it reserves before its first request)
// and the reservation it spends from. A read the writer asked for brings the reservation its
// caller took (after asking, past the budget); any other read takes one itself, only inside the
// share of the budget kept for reads nobody asked for, and gives it back when it ends.
import { OverBudgetError } from '../api/errors';
import { formatWait } from '../api/wait-text';
import { Reservation } from '../platform/reserving-ledger';
import { analyticsLimitPerHour, type RequestLedger, unaskedCeiling } from './request-ledger';

/** A read of a range of unknown size stops here: 10,000 paths at 250 a page. */
export const unknownSizeCap = 40;

/** The requests a read of about `estimate` reserves and stops at: room for the range to have grown, or the fixed cap when nothing is known. */
export function readCap(estimate: { requests: number; from: 'report' | 'site' | 'nothing' }): number {
  if (estimate.from === 'nothing') return unknownSizeCap;
  return estimate.requests + Math.max(2, Math.ceil(estimate.requests / 2));
}

/** "Visitors of the last 7 days were not read: …; room frees up in about 12 minutes." */
export function noRoomText(what: string, used: number, waitMs: number, unasked: boolean): string {
  const why = unasked
    ? `reads nobody asked for stop at ${unaskedCeiling} of the ${analyticsLimitPerHour} analytics requests an hour, and ${used} are used or held by reads under way`
    : `all ${analyticsLimitPerHour} analytics requests of this hour are used or held by reads under way`;
  return `${what} ${unasked ? 'was not read on its own' : 'was not read'}: ${why}; room frees up in about ${formatWait(waitMs)}.`;
}

/** The panel's line when it will not read on its own: "Reading the last 90 days needs up to 6 requests, and …". */
export function unaskedStopText(what: string, cap: number, used: number): string {
  return `${what} needs up to ${cap} request${cap === 1 ? '' : 's'}, and ${used} of the ${analyticsLimitPerHour} analytics requests an hour are used or under way: reads you did not ask for stop at ${unaskedCeiling}, reads you ask for at ${analyticsLimitPerHour}.`;
}

/** Takes `slots` for a read nobody asked for, inside the unasked share; else OverBudgetError. */
export async function unaskedReservation(ledger: RequestLedger, slots: number, what: string): Promise<Reservation> {
  const taken = await ledger.reserve(slots, { ceiling: unaskedCeiling });
  if (taken instanceof Reservation) return taken;
  throw new OverBudgetError(noRoomText(what, ledger.committed(), taken.waitMs, true), taken.waitMs);
}

/**
 * Runs `read` spending from `given` (a read the writer asked for: its caller gives it back), else
 * from `slots` taken now inside the unasked share and given back when the read ends, however it ends.
 */
export async function withBudget<T>(
  ledger: RequestLedger,
  given: Reservation | undefined,
  slots: number,
  what: string,
  read: (reservation: Reservation) => Promise<T>,
): Promise<T> {
  const reservation = given ?? (await unaskedReservation(ledger, slots, what));
  try {
    return await read(reservation);
  } finally {
    // A failed give-back only over-counts: the slots leave the hour on their own.
    if (!given) await reservation.release().catch(() => undefined);
  }
}
