// The stretches of a page the hunk reading works in. Around a hunk, between the nearest lines that
// appear once in the base and once in the working text and that nothing changed ("sure" lines:
// any diff aligns them alike), the working text is read as the base with some of the agent's
// hunks in and the writer's own edits. Each mix of those hunks is one candidate; the candidates'
// distances from the working lines are what the reading weighs. Pure.
import { boundedDistance, growthOf, type Difference } from './anchored-diff';
import type { Span } from './hunk-places';

/** One agent hunk: the base lines it replaces, its new lines (as numbers), and how far git could have slid it. */
export interface Piece {
  old: Span;
  lines: number[];
  reach: Span;
  /** Where its lines are in the agent's version. */
  newSpan: Span;
}

export interface Texts {
  base: readonly number[];
  working: readonly number[];
  pieces: readonly Piece[];
  /** The working text's differences from the base. */
  differences: readonly Difference[];
  /** Per base line: whether it is sure. */
  sure: readonly boolean[];
}

/**
 * Where git could equally have put a pure insertion or deletion: lines that repeat (a blank line
 * most often) let it slide up or down.
 */
export function reachOf(old: Span, lines: readonly number[], base: readonly number[]): Span {
  if (old.begin < old.end && lines.length) return old;
  const run = old.begin < old.end ? base.slice(old.begin, old.end) : [...lines];
  let [up, upRun] = [old.begin, [...run]];
  while (up > 0 && base[up - 1] === upRun.at(-1)) [up, upRun] = [up - 1, [base[up - 1] ?? -1, ...upRun.slice(0, -1)]];
  let [down, downRun] = [old.end, [...run]];
  while (down < base.length && base[down] === downRun[0]) [down, downRun] = [down + 1, [...downRun.slice(1), base[down] ?? -1]];
  return { begin: up, end: down };
}

/** Which base lines are sure: once in the base, once in the working text, and changed by neither the writer nor a hunk (lines numbered below `numbers`). */
export function sureLines(base: readonly number[], working: readonly number[], changes: readonly Span[], numbers: number): boolean[] {
  const counts = (lines: readonly number[]): Uint8Array => {
    const seen = new Uint8Array(numbers);
    for (const line of lines) seen[line] = Math.min((seen[line] ?? 0) + 1, 2);
    return seen;
  };
  const [inBase, inWorking] = [counts(base), counts(working)];
  const changed = new Uint8Array(base.length);
  for (const d of changes) changed.fill(1, d.begin, d.end);
  return base.map((line, i) => inBase[line] === 1 && inWorking[line] === 1 && !changed[i]);
}

/** The stretch of the base around `span` up to the nearest sure lines. */
export function stretchAround(span: Span, texts: Texts): Span {
  let [begin, end] = [span.begin, span.end];
  while (begin > 0 && !texts.sure[begin - 1]) begin--;
  while (end < texts.base.length && !texts.sure[end]) end++;
  return { begin, end };
}

/** The working lines that stand for a stretch of the base (no difference crosses a sure line). */
export function workingOf(stretch: Span, texts: Texts): { begin: number; lines: number[] } {
  let [growthBefore, growthWithin] = [0, 0];
  for (const d of texts.differences) {
    if (d.begin < stretch.begin) growthBefore += growthOf(d);
    else if (d.end <= stretch.end) growthWithin += growthOf(d);
  }
  const begin = stretch.begin + growthBefore;
  return { begin, lines: texts.working.slice(begin, begin + stretch.end - stretch.begin + growthWithin) };
}

/** A stretch of the base with some pieces in (bit k of `mask`: piece k of `inside`): its lines, and where each piece lies in them. */
export interface Candidate {
  lines: number[];
  spans: Span[];
}

export function candidateOf(stretch: Span, base: readonly number[], inside: readonly Piece[], mask: number): Candidate {
  const [lines, spans] = [[] as number[], [] as Span[]];
  let at = stretch.begin;
  inside.forEach((piece, k) => {
    for (let i = at; i < piece.old.begin; i++) lines.push(base[i] ?? -1);
    const begin = lines.length;
    if (mask & (1 << k)) lines.push(...piece.lines);
    else for (let i = piece.old.begin; i < piece.old.end; i++) lines.push(base[i] ?? -1);
    spans.push({ begin, end: lines.length });
    at = piece.old.end;
  });
  for (let i = at; i < stretch.end; i++) lines.push(base[i] ?? -1);
  return { lines, spans };
}

/**
 * At least how many of the writer's edits any candidate needs: working lines that no candidate
 * has, and base lines every candidate has that the working lines lack.
 */
export function fewestEdits(stretch: Span, inside: readonly Piece[], working: readonly number[], base: readonly number[]): number {
  const offered = new Set<number>();
  const kept: number[] = [];
  let at = stretch.begin;
  for (const piece of [...inside, { old: { begin: stretch.end, end: stretch.end }, lines: [] as number[] }]) {
    for (let i = at; i < piece.old.begin; i++) kept.push(base[i] ?? -1);
    for (let i = piece.old.begin; i < piece.old.end; i++) offered.add(base[i] ?? -1);
    for (const line of piece.lines) offered.add(line);
    at = piece.old.end;
  }
  for (const line of kept) offered.add(line);
  const present = new Set(working);
  return working.filter((line) => !offered.has(line)).length + kept.filter((line) => !present.has(line)).length;
}

/** The best candidate found with each piece in and with it out: its cost in the writer's edits and its mask. */
export interface Best {
  in: { cost: number; mask: number };
  out: { cost: number; mask: number };
}

/**
 * Tries every mix of the pieces (2^n, n capped by the caller), each distance stopped past the
 * edits that could still improve a piece's best or past `maxEdits`; `work` caps the whole search
 * (lines × edits tried). Yields after each distance. A side never found within the bounds stays
 * at an infinite cost.
 */
export function* bestMixes(
  stretch: Span,
  inside: readonly Piece[],
  working: readonly number[],
  texts: Texts,
  maxEdits: number,
  work: number,
): Generator<void, Best[]> {
  const best: Best[] = inside.map(() => ({ in: { cost: Infinity, mask: -1 }, out: { cost: Infinity, mask: -1 } }));
  const all = (1 << inside.length) - 1;
  const masks = [0, all, ...Array.from({ length: Math.max(all - 1, 0) }, (_, k) => k + 1)];
  let left = work;
  for (const mask of masks) {
    const sideOf = (k: number): 'in' | 'out' => (mask & (1 << k) ? 'in' : 'out');
    const useful = Math.max(...best.map((b, k) => b[sideOf(k)].cost - 1));
    const candidate = candidateOf(stretch, texts.base, inside, mask);
    const bound = Math.min(maxEdits, useful, Math.floor(left / Math.max(1, candidate.lines.length + working.length)));
    if (bound < 0) continue;
    left -= bound * (candidate.lines.length + working.length);
    const cost = boundedDistance(candidate.lines, working, bound);
    yield;
    if (cost === undefined) continue;
    best.forEach((b, k) => {
      if (cost < b[sideOf(k)].cost) b[sideOf(k)] = { cost, mask };
    });
  }
  return best;
}
