// Time and timers behind one interface, so tests and benches can drive them by hand.

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock. Timers stay ref'd: a pending check is work the process should finish. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Whether a stored time is more than `bound` away from now, in either direction: a time in the
 * future (the clock was stepped back since it was stored) is as stale as an old one, so a hung
 * holder's lease or lock does not outlive a clock change.
 */
export function isPast(then: number, bound: number, now = Date.now()): boolean {
  return Math.abs(now - then) > bound;
}
