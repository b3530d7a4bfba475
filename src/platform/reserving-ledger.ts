// An hourly ledger whose reads reserve before they spend: a read takes its worst case (the cap it
// will stop at) as held slots, under the memento's machine-wide lock and in the same step as the
// check, so two windows or two processes can never both pass on the last room. Each request then
// turns one held slot into a use made at that moment, and the read gives back what it did not use
// when it ends. Uses stay the plain array of times older versions read (they count at least
// those); held slots live under a key of their own, which older versions neither read nor
// rewrite. No vscode import.
import { randomUUID } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import { isRecord } from './checks';
import type { Clock } from './clock';
import { HourlyLedger, hourMs } from './hourly-ledger';
import type { Memento } from './memento';
import { count, plural } from './words';

/** Slots one read holds, taken at `at`. */
interface Held {
  id: string;
  at: number;
  slots: number;
}

/** The read spent every slot it held (its cap): it stops here, the request is not made. */
export class ReservationSpentError extends Error {
  constructor(readonly slots: number) {
    super(
      plural(
        slots,
        l10n.t("The read stopped after the {0} analytics request it set aside, so the hour's budget is never passed.", count(slots)),
        l10n.t("The read stopped after the {0} analytics requests it set aside, so the hour's budget is never passed.", count(slots)),
      ),
    );
    this.name = 'ReservationSpentError';
  }
}

/** What a reservation that did not fit says: how much room there is, and how long until `wanted` fits. */
export interface NoRoom {
  room: number;
  waitMs: number;
}

export class ReservingLedger extends HourlyLedger {
  constructor(
    memento: Memento,
    key: string,
    private readonly heldKey: string,
    clock: Pick<Clock, 'now'>,
    readonly limit: number,
    windowMs = hourMs,
  ) {
    super(memento, key, clock, windowMs);
  }

  /** Slots held by reads under way, from this window's view. */
  heldLastHour(): number {
    return this.held(this.clock.now()).reduce((sum, h) => sum + h.slots, 0);
  }

  /** Used and held: what a new read must fit beside (this window's view). */
  committed(): number {
    return this.countLastHour() + this.heldLastHour();
  }

  /** Used and held as the store is now, other windows' latest writes included. */
  committedNow(): Promise<number> {
    return this.memento.exclusive(() => Promise.resolve(this.committed()));
  }

  /** true when `count` more would pass `ceiling` (the whole budget unless told), held slots included. */
  wouldExceed(count: number, ceiling = this.limit): boolean {
    return this.committed() + count > ceiling;
  }

  /**
   * Holds `most` slots, or as many as fit down to `least`, while used and held stay at or below
   * `ceiling`: checked and taken alone on the machine. Else nothing is taken.
   */
  reserve(most: number, options: { least?: number; ceiling?: number } = {}): Promise<Reservation | NoRoom> {
    const least = Math.max(1, options.least ?? most);
    const ceiling = Math.min(options.ceiling ?? this.limit, this.limit);
    return this.memento.exclusive(async () => {
      const room = Math.max(0, ceiling - this.committed());
      const slots = Math.min(Math.max(most, least), room);
      if (slots < least) return { room, waitMs: this.msUntilCommittedRoom(least, ceiling) };
      const held: Held = { id: randomUUID(), at: this.clock.now(), slots };
      await this.memento.update(this.heldKey, [...this.held(held.at), held]);
      return new Reservation(this, held.id, slots);
    });
  }

  /** A reservation of nothing, for a read that should cost nothing (every range kept): any request it tries is refused. */
  none(): Reservation {
    return new Reservation(this, '', 0);
  }

  /** How long until `count` more fit under `ceiling`: uses leave an hour after they were made, held slots (at the latest) an hour after they were taken. */
  msUntilCommittedRoom(count: number, ceiling = this.limit): number {
    const now = this.clock.now();
    const leaving = this.recent(now).map((t) => t + this.windowMs);
    for (const h of this.held(now)) for (let i = 0; i < h.slots; i++) leaving.push(h.at + this.windowMs);
    leaving.sort((a, b) => a - b);
    const over = leaving.length + count - ceiling;
    if (over <= 0) return 0;
    const freed = leaving[over - 1];
    return freed === undefined ? this.windowMs : Math.max(0, freed - now);
  }

  /** One held slot of `id` becomes a use made now; false when the hold is gone (given back, or an hour old). */
  async spendHeld(id: string): Promise<boolean> {
    return this.memento.exclusive(async () => {
      const now = this.clock.now();
      const held = this.held(now);
      const mine = held.find((h) => h.id === id);
      if (!mine || mine.slots < 1) return false;
      // The use first: were the window to die between the two writes, the slot counts twice, never not at all.
      await this.memento.update(this.key, [...this.recent(now), now]);
      mine.slots--;
      await this.memento.update(
        this.heldKey,
        held.filter((h) => h.slots > 0),
      );
      return true;
    });
  }

  /** Gives back what `id` still holds. */
  releaseHeld(id: string): Promise<void> {
    return this.memento.exclusive(async () => {
      const held = this.held(this.clock.now());
      if (held.some((h) => h.id === id))
        await this.memento.update(
          this.heldKey,
          held.filter((h) => h.id !== id),
        );
    });
  }

  /**
   * Holds younger than the window. A window that dies holding slots never gives them back: they
   * count until an hour after they were taken (over-counting for the rest of that hour, never
   * under: every request it made was made after the hold was taken, and is counted on its own).
   */
  private held(now: number): Held[] {
    const stored = this.memento.get<unknown>(this.heldKey);
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (h): h is Held =>
        isRecord(h) &&
        typeof h.id === 'string' &&
        typeof h.at === 'number' &&
        h.at > now - this.windowMs &&
        h.at <= now + this.windowMs &&
        typeof h.slots === 'number' &&
        Number.isInteger(h.slots) &&
        h.slots > 0,
    );
  }
}

/** Slots one read holds: it spends one per request, stops when none are left, and gives back the rest when it ends. */
export class Reservation {
  private taken = 0;
  private ended = false;

  constructor(
    private readonly ledger: Pick<ReservingLedger, 'spendHeld' | 'releaseHeld'>,
    private readonly id: string,
    /** The read's cap: it makes at most this many requests. */
    readonly slots: number,
  ) {}

  /** Requests it may still make. */
  get left(): number {
    return this.ended ? 0 : this.slots - this.taken;
  }

  /** Requests it made (or is about to). */
  get spent(): number {
    return this.taken;
  }

  /** Called just before a request leaves: one slot becomes a use now, or the read stops (ReservationSpentError). */
  async spend(): Promise<void> {
    // Counted here first, so reads sharing this reservation at once cannot take the same slot.
    if (this.left < 1) throw new ReservationSpentError(this.slots);
    this.taken++;
    if (!(await this.ledger.spendHeld(this.id))) {
      this.taken--;
      this.ended = true;
      throw new ReservationSpentError(this.slots);
    }
  }

  /** Gives back what was not spent (on success, error or cancel alike); once is enough, twice is harmless. */
  async release(): Promise<void> {
    if (this.ended || !this.id) return;
    this.ended = true;
    await this.ledger.releaseHeld(this.id);
  }
}
