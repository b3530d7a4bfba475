// Reservations for reads a test stands in for the writer asking for.
import { Reservation, type ReservingLedger } from '../../src/platform/reserving-ledger';

/** Reserves `slots` (or what fits, down to `least`) as a read the writer asked for would; throws when they do not fit. */
export async function asked(ledger: Pick<ReservingLedger, 'reserve'>, slots: number, least = slots): Promise<Reservation> {
  const taken = await ledger.reserve(slots, { least });
  if (!(taken instanceof Reservation)) throw new Error(`${slots} requests do not fit: ${JSON.stringify(taken)}`);
  return taken;
}
