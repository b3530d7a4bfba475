// Reservations for reads a test stands in for the writer asking for.
import { Reservation, type ReservingLedger } from '../../src/platform/reserving-ledger';

/** Reserves `slots` as a read the writer asked for would; fails the test when they do not fit. */
export async function asked(ledger: Pick<ReservingLedger, 'reserve'>, slots: number): Promise<Reservation> {
  const taken = await ledger.reserve(slots);
  if (!(taken instanceof Reservation)) throw new Error(`${slots} requests do not fit: ${JSON.stringify(taken)}`);
  return taken;
}
