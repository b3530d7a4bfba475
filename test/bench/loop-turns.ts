// The turns of this thread's event loop while some work runs: how long the thread held everything
// else up at once. A 1 ms interval timer notes the time between its runs, so its longest gap is
// the longest turn (plus up to a millisecond). The same in plain Node and in the extension host
// (no vscode import); the long turns' times are on the clock of V8's CPU profiles (turn-owners.ts).
import { round } from './stats';

/** A long turn, in microseconds of the monotonic clock. */
export interface Turn {
  startUs: number;
  endUs: number;
}

export interface Watched<T> {
  value: T;
  /** The longest the loop was held in one turn while the work ran, ms (one decimal). */
  longestTurnMs: number;
  /** The turns of `longMs` or more. */
  longTurns: Turn[];
}

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Gives the loop a turn, so the watch's timer has run before the work starts and after it ends. */
const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 2));

/** Runs `work` while the event loop's turns are watched. */
export async function watchTurns<T>(work: () => Promise<T>, longMs = 20): Promise<Watched<T>> {
  const longTurns: Turn[] = [];
  let [last, longest] = [nowUs(), 0];
  const timer = setInterval(() => {
    const now = nowUs();
    longest = Math.max(longest, now - last);
    if (now - last >= longMs * 1000) longTurns.push({ startUs: last, endUs: now });
    last = now;
  }, 1);
  try {
    await turn();
    [last, longest, longTurns.length] = [nowUs(), 0, 0];
    const value = await work();
    await turn();
    return { value, longestTurnMs: round(longest / 1000), longTurns };
  } finally {
    clearInterval(timer);
  }
}
