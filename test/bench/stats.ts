// Small helpers the benches share: summaries of samples, rounding, and failures kept as data so
// one bench that cannot run does not hide the figures of the others.

export interface Summary {
  count: number;
  mean: number;
  p95: number;
  max: number;
}

/** Nearest-rank p95: with few samples an interpolated value would be a time nobody saw. */
export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) return { count: 0, mean: 0, p95: 0, max: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(0, Math.ceil(0.95 * sorted.length) - 1);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { count: sorted.length, mean: round(mean), p95: round(sorted[rank] ?? 0), max: round(sorted.at(-1) ?? 0) };
}

/** The middle sample (the upper one of an even count); NaN when there is none. */
export function median(samples: readonly number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;
}

export function round(value: number, digits = 1): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** One line of the table `npm run bench` prints after the JSON. */
export type Row = [figure: string, value: string, target: string];

export type BenchResult<T> = { ok: true; wallMs: number; figures: T } | { ok: false; wallMs: number; error: string };

/** Runs one bench, timing it and turning a throw into a result the report can show. */
export async function runBench<T>(name: string, bench: () => Promise<T>): Promise<BenchResult<T>> {
  const started = Date.now();
  process.stderr.write(`bench: ${name}…\n`);
  try {
    const figures = await bench();
    return { ok: true, wallMs: Date.now() - started, figures };
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`bench: ${name} could not run: ${text}\n`);
    return { ok: false, wallMs: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}
