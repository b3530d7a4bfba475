// A wall-clock timer for a moment of emulator time. The clock can jump ahead (advance), so a
// caller re-arms after a jump; unref'd, so a pending schedule never keeps a process alive.
import type { EmulatorClock } from './clock';

// setTimeout fires at once for delays above 2^31-1 ms, so long waits are taken in hops.
const MAX_TIMER_MS = 0x7fffffff;

/** Calls `fire` once the clock reaches `due`; returns what cancels it. */
export function armAt(clock: EmulatorClock, due: number, fire: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const wait = (): void => {
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, due - clock.now()));
    timer = setTimeout(() => {
      // A hop short of a far moment (or a timer a hair early): wait again.
      if (clock.now() >= due) fire();
      else wait();
    }, delay);
    timer.unref();
  };
  wait();
  return () => clearTimeout(timer);
}
