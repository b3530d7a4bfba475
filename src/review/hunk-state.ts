// Whether each hunk of the agent's change is in the writer's working text, and the edit that puts
// one in or takes it out. Read from the text alone, so it holds across reloads and windows with
// nothing stored. Around a hunk, between the nearest sure lines (hunk-stretch.ts), the working
// text is read as the version the agent started from with some of the agent's hunks in and the
// writer's own edits: the reading that needs the fewest of the writer's edits says whether the
// hunk is in. Where the writer's edits touch the hunk's lines, or both readings need as many, the
// hunk is not forced. Every step is bounded: where the writer changed a part so much that a bound
// is reached, its hunks read as changed by the writer ("a lot"), never as a guess. Lines are the
// editor's (page-lines.ts), and the hunks come numbered in them. Pure.
import { anchoredDifferences, boundedDistance, growthOf, myersDifferences, type Difference } from './anchored-diff';
import type { Hunk } from './hunks';
import { newSpanOf, oldSpanOf, type Span } from './hunk-places';
import {
  bestMixes,
  candidateOf,
  fewestEdits,
  reachOf,
  stretchAround,
  sureLines,
  workingOf,
  type Best,
  type Piece,
  type Texts,
} from './hunk-stretch';
import {
  inEditorLines,
  linesPerStep,
  onlyBreak,
  pageLines,
  pageLinesSteps,
  usualBreak,
  writesFaithfully,
  type LineEdit,
  type PageLines,
} from './page-lines';
import { runInSlices, runToEnd } from '../platform/slices';

export type { LineEdit } from './page-lines';

export type HunkState = 'applied' | 'notApplied' | 'changedByYou';

export interface HunkReading {
  state: HunkState;
  /** What applying it (when not applied) or unapplying it (when applied) does to the working text. */
  toggle?: LineEdit;
  /** The writer changed the part around it so much that it was not read line by line. */
  muchChanged?: boolean;
}

/** More pieces than this in one stretch are not tried every way (2^n): the stretch reads as changed a lot. */
const maxPiecesInOneStretch = 8;
/** More of the writer's edits (lines removed and added) than this in one stretch: changed a lot. */
const maxWriterEdits = 120;
/** Lines of a stretch (its base and working lines) past which it reads as changed a lot. */
const maxStretchLines = 4000;
/** The search of one stretch's mixes stops past this work (lines × edits tried). */
const mixWork = 3_000_000;

const changedALot: HunkReading = { state: 'changedByYou', muchChanged: true };

/** What the reading knows of the three versions. */
interface Versions {
  texts: Texts;
  change: PreparedChange;
  working: PageLines;
  /** Per line number: too common to anchor a diff on. */
  weak: Uint8Array;
}

/** A line with no letter or digit (blank, a fence, a rule): too common to anchor a diff on. */
const isWeak = (line: string): boolean => !/[\p{L}\p{N}]/u.test(line);

/** Lines as numbers: from `numbers`, else from `more` (given new numbers past both); step by step. */
function* numberedLines(
  lines: readonly string[],
  more: Map<string, number>,
  numbers?: ReadonlyMap<string, number>,
): Generator<void, number[]> {
  const known = numbers?.size ?? 0;
  const ids: number[] = [];
  for (const line of lines) {
    let id = numbers?.get(line) ?? more.get(line);
    if (id === undefined) more.set(line, (id = known + more.size));
    if (ids.push(id) % linesPerStep === 0) yield;
  }
  return ids;
}

/** Per line number, whether the line is too common to anchor on (`known` of them set already); step by step. */
function* markWeak(weak: Uint8Array, lines: ReadonlyMap<string, number>, known = 0): Generator<void, void> {
  let seen = 0;
  for (const [line, id] of lines) {
    if (id >= known) weak[id] = isWeak(line) ? 1 : 0;
    if (++seen % linesPerStep === 0) yield;
  }
}

/** Whether one of the writer's differences (from the candidate) changes the piece's lines, or adds lines where it inserts. */
function hits(d: Difference, span: Span): boolean {
  if (span.begin < span.end) return d.begin < span.end && span.begin < d.end;
  return (d.begin === d.end && d.begin === span.begin) || (d.begin < span.begin && span.begin < d.end);
}

/** The working lines of a stretch, with the edit, against the stretch with every piece in and with none. */
interface Local {
  lines: readonly number[];
  after: readonly number[];
  head: readonly number[];
  base: readonly number[];
}

/** Exact distances (Myers) for stretches up to this much work (lines × lines); past it, the anchored diff's, bounded. */
const exactWork = 400_000;

/** How many lines an edit from one to the other removes and adds: exact where cheap, else as the anchored diff finds it. */
function* distanceSteps(a: readonly number[], b: readonly number[], weak: Uint8Array): Generator<void, number> {
  const lines = a.length + b.length;
  if (lines * lines <= exactWork) return boundedDistance(a, b, lines) ?? lines;
  const found = yield* anchoredDifferences(a, b, weak);
  return found.reduce((sum, d) => sum + d.end - d.begin + d.count, 0);
}

/**
 * An edit must bring the stretch nearer the agent's version and further from the base when it
 * applies, and the other way round when it unapplies: a last check that the hunk is never written
 * twice, nor the writer's line taken for it.
 */
function* confirmedSteps(isIn: boolean, local: Local, weak: Uint8Array): Generator<void, boolean> {
  const headNow = yield* distanceSteps(local.head, local.lines, weak);
  const headAfter = yield* distanceSteps(local.head, local.after, weak);
  const baseNow = yield* distanceSteps(local.base, local.lines, weak);
  const baseAfter = yield* distanceSteps(local.base, local.after, weak);
  const [toHead, toBase] = [headAfter - headNow, baseAfter - baseNow];
  return isIn ? toHead > 0 && toBase < 0 : toHead < 0 && toBase > 0;
}

/**
 * The working lines as they compare with the base's: as written, except that where every line of
 * the page ends with one kind of break and the base's usual kind differs (a CRLF checkout of a
 * page git keeps with LF), they compare as if they had the base's.
 */
function comparedLines(page: PageLines, baseBreak: '\r\n' | '\n'): readonly string[] {
  const only = onlyBreak(page);
  if (!only || only === baseBreak) return page.lines;
  return page.lines.map((line) => (line.endsWith(only) ? line.slice(0, -only.length) + baseBreak : line));
}

const rawLines = (page: PageLines, span: Span): string[] => page.lines.slice(span.begin, span.end);

/** Piece `k` of a stretch, read from the best mixes found with it in and with it out. */
function* decide(
  k: number,
  stretch: Span,
  inside: readonly Piece[],
  working: { begin: number; lines: number[] },
  best: Best,
  v: Versions,
): Generator<void, HunkReading> {
  if (best.in.cost === Infinity && best.out.cost === Infinity) return changedALot;
  if (best.in.cost === best.out.cost) return { state: 'changedByYou' };
  const isIn = best.in.cost < best.out.cost;
  const chosen = isIn ? best.in : best.out;
  const { lines: read, spans } = candidateOf(stretch, v.texts.base, inside, chosen.mask);
  const [span, piece] = [spans[k], inside[k]];
  const writers = myersDifferences(read, working.lines, chosen.cost) ?? [];
  if (writers.some((d) => hits(d, span))) return { state: 'changedByYou' };
  const local = span.begin + writers.filter((d) => d.end <= span.begin).reduce((sum, d) => sum + growthOf(d), 0);
  const other = isIn ? v.texts.base.slice(piece.old.begin, piece.old.end) : piece.lines;
  const after = [...working.lines.slice(0, local), ...other, ...working.lines.slice(local + span.end - span.begin)];
  const withAll = candidateOf(stretch, v.texts.base, inside, (1 << inside.length) - 1).lines;
  const around: Local = { lines: working.lines, after, head: withAll, base: candidateOf(stretch, v.texts.base, inside, 0).lines };
  if (!(yield* confirmedSteps(isIn, around, v.weak))) return { state: 'changedByYou' };
  const [begin, end] = [working.begin + local, working.begin + local + span.end - span.begin];
  const toggle: LineEdit = isIn
    ? { begin, end, lines: rawLines(v.change.base, piece.old), sourceBreak: v.change.breaks.base }
    : { begin, end, lines: rawLines(v.change.head, piece.newSpan), sourceBreak: v.change.breaks.head };
  return writesFaithfully(v.working, toggle) ? { state: isIn ? 'applied' : 'notApplied', toggle } : { state: 'changedByYou' };
}

/** Reads every piece of one stretch into `readings`. */
function* readStretch(stretch: Span, ks: readonly number[], v: Versions, readings: HunkReading[]): Generator<void, void> {
  const inside = ks.map((k) => v.texts.pieces[k]);
  const working = workingOf(stretch, v.texts);
  const size = stretch.end - stretch.begin + working.lines.length;
  const tooMuch =
    inside.length > maxPiecesInOneStretch ||
    size > maxStretchLines ||
    fewestEdits(stretch, inside, working.lines, v.texts.base) > maxWriterEdits;
  const best = tooMuch ? [] : yield* bestMixes(stretch, inside, working.lines, v.texts, maxWriterEdits, mixWork);
  for (const [i, k] of ks.entries()) {
    const found = best[i];
    readings[k] = found ? yield* decide(i, stretch, inside, working, found, v) : changedALot;
    yield;
  }
}

/** The agent's change to one page, made ready once: a change's two versions never change, the working text does. */
export interface PreparedChange {
  /** The hunks, numbered in the editor's lines. */
  hunks: Hunk[];
  base: PageLines;
  head: PageLines;
  /** Each line's number (equal lines, equal numbers) in the base and the agent's version. */
  numbers: Map<string, number>;
  baseLines: number[];
  pieces: Piece[];
  breaks: { base: '\r\n' | '\n'; head: '\r\n' | '\n' };
  /** Per number of `numbers`: a line too common to anchor on. */
  weak: Uint8Array;
}

/** Readies `hunks` (numbered in the editor's lines) between the base and the agent's version, step by step. */
function* preparedSteps(hunks: readonly Hunk[], base: PageLines, head: PageLines): Generator<void, PreparedChange> {
  const numbers = new Map<string, number>();
  const baseLines = yield* numberedLines(base.lines, numbers);
  yield;
  const headLines = yield* numberedLines(head.lines, numbers);
  yield;
  const pieces: Piece[] = hunks.map((hunk) => {
    const [old, newSpan] = [oldSpanOf(hunk), newSpanOf(hunk)];
    const lines = headLines.slice(newSpan.begin, newSpan.end);
    return { old, lines, newSpan, reach: reachOf(old, lines, baseLines) };
  });
  yield;
  const weak = new Uint8Array(numbers.size);
  yield* markWeak(weak, numbers);
  const breaks = { base: usualBreak(base), head: usualBreak(head) };
  return { hunks: [...hunks], base, head, numbers, baseLines, pieces, breaks, weak };
}

/** Readies `hunks` between `baseText` (what the agent started from) and `headText` (its version), numbered in the editor's lines. */
export function prepareChange(hunks: readonly Hunk[], baseText: string, headText: string): PreparedChange {
  return runToEnd(preparedSteps(hunks, pageLines(baseText), pageLines(headText)));
}

/** Readies git's hunks of a page (numbered as git numbers lines), giving the thread back between steps: for the extension host. */
export function prepareChangeInSlices(gitHunks: readonly Hunk[], baseText: string, headText: string): Promise<PreparedChange> {
  return runInSlices(
    (function* (): Generator<void, PreparedChange> {
      const base = yield* pageLinesSteps(baseText);
      yield;
      const head = yield* pageLinesSteps(headText);
      yield;
      const hunks = inEditorLines(gitHunks, base, head);
      yield;
      return yield* preparedSteps(hunks, base, head);
    })(),
  );
}

/** The reading of a working text, step by step (see runInSlices). */
function* readingSteps(change: PreparedChange, workingText: string): Generator<void, HunkReading[]> {
  const { pieces, baseLines: base } = change;
  // Lines neither version has get numbers of their own, without growing the change's.
  const more = new Map<string, number>();
  const workingPage = yield* pageLinesSteps(workingText);
  yield;
  const working = yield* numberedLines(comparedLines(workingPage, change.breaks.base), more, change.numbers);
  yield;
  const numbers = change.numbers.size + more.size;
  const weak = new Uint8Array(numbers);
  weak.set(change.weak);
  yield* markWeak(weak, more, change.numbers.size);
  const differences = yield* anchoredDifferences(base, working, weak);
  const sure = sureLines(base, working, [...differences, ...pieces.map((p) => p.reach)], numbers);
  const v: Versions = { texts: { base, working, pieces, differences, sure }, change, working: workingPage, weak };
  const readings: HunkReading[] = pieces.map(() => changedALot);
  let k = 0;
  while (k < pieces.length) {
    const stretch = stretchAround(pieces[k].reach, v.texts);
    // Pieces are in order, and a stretch holds whole pieces: the ones it holds follow each other.
    const ks: number[] = [];
    for (; k < pieces.length && pieces[k].old.end <= stretch.end; k++) ks.push(k);
    yield* readStretch(stretch, ks, v, readings);
  }
  return readings;
}

/** Each hunk's state in `workingText`, in order, at once (tests, small pages). */
export function readHunks(hunks: readonly Hunk[], baseText: string, headText: string, workingText: string): HunkReading[] {
  return runToEnd(readingSteps(prepareChange(hunks, baseText, headText), workingText));
}

/** The same, giving the thread back between bounded steps: for the extension host. */
export function readHunksInSlices(change: PreparedChange, workingText: string): Promise<HunkReading[]> {
  return runInSlices(readingSteps(change, workingText));
}

/**
 * The hunk a line of one side of the diff belongs to (1-based `line`), or undefined: on the
 * agent's side the hunks' new lines, on the old side their old lines; a hunk with no lines on that
 * side (a pure insertion or deletion) belongs to the line before it (the first line at the top).
 */
export function hunkAtLine(hunks: readonly Hunk[], side: 'agent' | 'before', line: number): number | undefined {
  const index = hunks.findIndex((hunk) => {
    const [start, count] = side === 'agent' ? [hunk.newStart, hunk.newCount] : [hunk.oldStart, hunk.oldCount];
    return count ? start <= line && line < start + count : Math.max(start, 1) === line;
  });
  return index >= 0 ? index : undefined;
}
