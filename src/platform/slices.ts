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

/** Runs the steps, giving the thread back whenever a slice has taken `sliceMs`. */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = 8): Promise<T> {
  let started = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - started >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      started = performance.now();
    }
  }
}
