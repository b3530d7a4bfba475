// Long work on the extension host's thread, done in slices: the work is a generator that yields
// between steps (each step bounded by its caller), and the runner gives the thread back between
// slices, so no single turn of the event loop holds every extension up. Pure.

/** Runs the steps to their end at once (tests, and work known to be short). */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * When the running turn of the event loop began its first slice. Slicers in one turn (a reading
 * that starts as a preparing ends, two files at once) share the turn's budget instead of each
 * taking a slice of its own.
 */
let turnBegan: number | undefined;

function turnStart(): number {
  if (turnBegan === undefined) {
    turnBegan = performance.now();
    // Runs once this turn is over; a later turn then starts its own count.
    setImmediate(() => (turnBegan = undefined));
  }
  return turnBegan;
}

/** Runs the steps, giving the thread back whenever the turn's slices have taken `sliceMs`. */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = 8): Promise<T> {
  for (;;) {
    // Checked again after the wait: another slicer may have taken the new turn's budget first.
    while (performance.now() - turnStart() >= sliceMs) await new Promise<void>((resolve) => setImmediate(resolve));
    const step = steps.next();
    if (step.done) return step.value;
  }
}
