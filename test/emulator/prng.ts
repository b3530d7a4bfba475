// Seeded randomness. Every random choice the emulator makes (visit log, job ids, job
// durations, the default key) comes from here, so one seed reproduces a whole run.
import { createHash } from 'node:crypto';

export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for test data; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An independent stream per purpose, so adding a random call to one (say, job ids) never
 * shifts another (the visit log).
 */
export function stream(seed: number, purpose: string): Rng {
  const digest = createHash('sha256').update(`${seed}:${purpose}`).digest();
  return mulberry32(digest.readUInt32LE(0));
}

/** Integer in [min, max], both inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function hex(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(rng() * 16).toString(16);
  return out;
}

/** Exponentially distributed integer with the given mean (floor of the continuous one). */
export function expInt(rng: Rng, mean: number): number {
  return Math.floor(-Math.log(1 - rng()) * mean);
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const held = items[i];
    items[i] = items[j];
    items[j] = held;
  }
  return items;
}

/** Weighted picker: cumulative weights plus a binary search, O(log n) per pick. */
export function weightedPicker(rng: Rng, weights: readonly number[]): () => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += weight;
    cumulative[i] = sum;
  });
  return () => {
    const target = rng() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
