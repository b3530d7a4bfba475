// Line diffs with a bound on their work, for pages as writers have them (10,000 lines, a page
// re-indented, the same line a hundred times). Lines that appear once on each side and keep their
// order anchor the diff (as patience diff does), and only the short runs between anchors go
// through jsdiff's Myers diff, itself stopped past an edit length; a run it cannot finish within
// that reads as replaced whole. Pure.
import { diffArrays } from 'diff';
import type { Span } from './hunk-places';

/** One run of differences: lines `begin` to `end - 1` of the first text became `count` lines of the second. */
export interface Difference extends Span {
  count: number;
}

/** How many lines a difference adds (negative: removes) overall. */
export const growthOf = (d: Difference): number => d.count - (d.end - d.begin);

/** Myers' work past which a run between anchors reads as replaced whole: (its lines) × (edits tried). */
const myersWork = 200_000;

/** The runs of lines that differ between `from` and `to`, in order, from jsdiff within `maxEdits`; undefined past it. */
export function myersDifferences(from: readonly number[], to: readonly number[], maxEdits: number): Difference[] | undefined {
  const changes = diffArrays([...from], [...to], { maxEditLength: maxEdits });
  if (!changes) return undefined;
  const found: Difference[] = [];
  let [at, open] = [0, undefined as Difference | undefined];
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      at += change.count;
      continue;
    }
    if (!open) found.push((open = { begin: at, end: at, count: 0 }));
    if (change.removed) [open.end, at] = [open.end + change.count, at + change.count];
    else open.count += change.count;
  }
  return found;
}

/** How many lines a shortest edit from one to the other removes and adds, or undefined when more than `maxEdits`. */
export function boundedDistance(from: readonly number[], to: readonly number[], maxEdits: number): number | undefined {
  if (Math.abs(from.length - to.length) > maxEdits) return undefined;
  return myersDifferences(from, to, maxEdits)?.reduce((sum, d) => sum + d.end - d.begin + d.count, 0);
}

/** For each line number in `span` of `lines`, its one place there, or -1 when it is there more than once. */
function placesOnce(lines: readonly number[], span: Span): Map<number, number> {
  const seen = new Map<number, number>();
  for (let i = span.begin; i < span.end; i++) {
    const line = lines[i] ?? -1;
    seen.set(line, seen.has(line) ? -1 : i);
  }
  return seen;
}

/** The same pairs as `anchors` finds, for long ranges: places kept in arrays indexed by line number (`numbers` of them). */
function* pairsOnce(
  from: readonly number[],
  to: readonly number[],
  a: Span,
  b: Span,
  numbers: number,
  weak: Uint8Array,
): Generator<void, [number, number][]> {
  // 0: not seen; i + 1: seen once, at i; -1: seen more than once.
  const mark = (lines: readonly number[], span: Span): Int32Array => {
    const places = new Int32Array(numbers);
    for (let i = span.begin; i < span.end; i++) {
      const line = lines[i] ?? 0;
      places[line] = places[line] === 0 ? i + 1 : -1;
    }
    return places;
  };
  const inFrom = mark(from, a);
  yield;
  const inTo = mark(to, b);
  yield;
  const pairs: [number, number][] = [];
  for (let i = a.begin; i < a.end; i++) {
    const line = from[i] ?? 0;
    const j = inTo[line] ?? 0;
    if ((inFrom[line] ?? 0) > 0 && j > 0 && !weak[line]) pairs.push([i, j - 1]);
  }
  return pairs;
}

/**
 * Pairs of lines that appear once in each range, in the order of `from`, longest run keeping the
 * order of `to` (patience). Over a long range, finding the pairs is a step of its own.
 */
function* anchors(from: readonly number[], to: readonly number[], a: Span, b: Span, diffing: Diffing): Generator<void, [number, number][]> {
  let pairs: [number, number][] = [];
  if (a.end - a.begin + b.end - b.begin > 256) {
    pairs = yield* pairsOnce(from, to, a, b, diffing.numbers, diffing.weak);
    yield;
  } else {
    const inTo = placesOnce(to, b);
    for (const [line, i] of placesOnce(from, a)) {
      const j = inTo.get(line);
      if (i >= 0 && j !== undefined && j >= 0 && !diffing.weak[line]) pairs.push([i, j]);
    }
    pairs.sort((x, y) => x[0] - y[0]);
  }
  // Longest increasing run of `to` positions: patience sorting, O(n log n). Plain loops, no
  // destructuring: this runs over a whole page while the code is still cold.
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const j = pairs[k][1];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (pairs[tails[mid]][1] < j) low = mid + 1;
      else high = mid;
    }
    previous[k] = low > 0 ? tails[low - 1] : -1;
    tails[low] = k;
  }
  const kept: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k >= 0; k = previous[k]) kept.push(pairs[k]);
  return kept.reverse();
}

/** Myers' work, over all runs of one diff, past which the runs left read as replaced whole. */
const totalMyersWork = 4_000_000;

/** What one diff finds, and the Myers work it has left. */
interface Diffing {
  /** Line numbers run from 0 to `numbers - 1`. */
  numbers: number;
  /** Per line number: a line too common to anchor on (blank, a fence, a rule: nothing but punctuation). */
  weak: Uint8Array;
  from: readonly number[];
  to: readonly number[];
  found: Difference[];
  workLeft: number;
}

/**
 * The differences within ranges `a` of `from` and `b` of `to`, appended to `found`, numbered in
 * the whole texts. Yields after each run it gave to Myers.
 */
function* differ(diffing: Diffing, a: Span, b: Span, depth: number): Generator<void, void> {
  const { from, to, found } = diffing;
  let a0 = a.begin;
  let a1 = a.end;
  let b0 = b.begin;
  let b1 = b.end;
  while (a0 < a1 && b0 < b1 && from[a0] === to[b0]) {
    a0++;
    b0++;
  }
  while (a0 < a1 && b0 < b1 && from[a1 - 1] === to[b1 - 1]) {
    a1--;
    b1--;
  }
  if (a0 === a1 || b0 === b1) {
    if (a0 < a1 || b0 < b1) found.push({ begin: a0, end: a1, count: b1 - b0 });
    return;
  }
  const lines = a1 - a0 + b1 - b0;
  const pairs = depth < 4 ? yield* anchors(from, to, { begin: a0, end: a1 }, { begin: b0, end: b1 }, diffing) : [];
  if (pairs.length) {
    // Finding anchors over a long range is a step of its own.
    if (lines > 1000) yield;
    let i = a0;
    let j = b0;
    for (let k = 0; k <= pairs.length; k++) {
      const pair = pairs[k];
      const x = pair ? pair[0] : a1;
      const y = pair ? pair[1] : b1;
      // Most anchors follow one another: nothing between them, no generator for it.
      if (i < x || j < y) yield* differ(diffing, { begin: i, end: x }, { begin: j, end: y }, depth + 1);
      i = x + 1;
      j = y + 1;
    }
    return;
  }
  const maxEdits = Math.floor(Math.min(myersWork, diffing.workLeft) / lines);
  const run = maxEdits > 0 ? myersDifferences(from.slice(a0, a1), to.slice(b0, b1), maxEdits) : undefined;
  diffing.workLeft -= lines * maxEdits;
  if (!run) found.push({ begin: a0, end: a1, count: b1 - b0 });
  else for (const d of run) found.push({ begin: d.begin + a0, end: d.end + a0, count: d.count });
  yield;
}

/**
 * The runs of lines that differ between `from` and `to` (their lines numbered below `weak.length`,
 * `weak` marking those that never anchor), in order; bounded work on any input. Runs
 * never touch: an anchor or a prefix both share stands between any two.
 */
export function* anchoredDifferences(from: readonly number[], to: readonly number[], weak: Uint8Array): Generator<void, Difference[]> {
  const diffing: Diffing = { numbers: weak.length, weak, from, to, found: [], workLeft: totalMyersWork };
  yield* differ(diffing, { begin: 0, end: from.length }, { begin: 0, end: to.length }, 0);
  return diffing.found;
}
