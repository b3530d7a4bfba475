// What an analytics read may spend: its cap (the worst case it reserves before its first request)
// and the reservation it spends from. A read the writer asked for brings the reservation its
// caller took (after asking, past the budget); any other read takes one itself, only inside the
// share of the budget kept for reads nobody asked for, and gives it back when it ends.
import * as l10n from '@vscode/l10n';
import { OverBudgetError } from '../api/errors';
import { formatWait } from '../api/wait-text';
import { Reservation } from '../platform/reserving-ledger';
import { count, plural } from '../platform/words';
import { analyticsLimitPerHour, type RequestLedger, unaskedCeiling } from './request-ledger';
import { rangeInSentence } from './date-range';
import type { RangeChoice } from './protocol';

/** A read of a range of unknown size stops here: 10,000 paths at 250 a page. */
export const unknownSizeCap = 40;

/** The requests a read of about `estimate` reserves and stops at: room for the range to have grown, or the fixed cap when nothing is known. */
export function readCap(estimate: { requests: number; from: 'report' | 'site' | 'nothing' }): number {
  if (estimate.from === 'nothing') return unknownSizeCap;
  return estimate.requests + Math.max(2, Math.ceil(estimate.requests / 2));
}

/** "Reading last 30 days": a read of the range, starting a sentence (`afterPath`: after "/quickstart: ", in lower case). */
export function readingText(range: RangeChoice, afterPath = false): string {
  const days = rangeInSentence(range);
  return afterPath
    ? l10n.t({
        message: 'reading {0}',
        args: [days],
        comment: ['Starts a sentence after a page path: "/quickstart: reading last 30 days needs …"'],
      })
    : l10n.t({ message: 'Reading {0}', args: [days], comment: ['Starts a sentence: "Reading last 30 days needs up to 6 requests, …"'] });
}

/** "Visitors of the last 7 days were not read: …; room frees up in about 12 minutes." `what` is translated by the caller. */
export function noRoomText(what: string, used: number, waitMs: number, unasked: boolean): string {
  const [ceiling, limit, wait] = [count(unaskedCeiling), count(analyticsLimitPerHour), formatWait(waitMs)];
  return unasked
    ? l10n.t(
        '{0} was not read on its own: reads nobody asked for stop at {1} of the {2} analytics requests an hour, and {3} are used or held by reads under way; room frees up in about {4}.',
        what,
        ceiling,
        limit,
        count(used),
        wait,
      )
    : l10n.t(
        '{0} was not read: all {1} analytics requests of this hour are used or held by reads under way; room frees up in about {2}.',
        what,
        limit,
        wait,
      );
}

/** The panel's line when it will not read on its own: "Reading last 90 days needs up to 6 requests, and …". `what` is translated by the caller. */
export function unaskedStopText(what: string, cap: number, used: number): string {
  const args = [what, count(cap), count(used), count(analyticsLimitPerHour), count(unaskedCeiling)];
  return plural(
    cap,
    l10n.t(
      '{0} needs up to {1} request, and {2} of the {3} analytics requests an hour are used or under way: reads you did not ask for stop at {4}, reads you ask for at {3}.',
      ...args,
    ),
    l10n.t(
      '{0} needs up to {1} requests, and {2} of the {3} analytics requests an hour are used or under way: reads you did not ask for stop at {4}, reads you ask for at {3}.',
      ...args,
    ),
  );
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
