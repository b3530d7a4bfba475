// Whether each hunk of the agent's change is in the writer's working text, and the edit that puts
// one in or takes it out. Read from the text alone, so it holds across reloads and windows with
// nothing stored. Around a hunk, between the nearest lines that appear once and that nothing
// changed, the working text is read as the version the agent started from with some of the
// agent's hunks in and the writer's own edits: the reading that needs the fewest of the writer's
// edits says whether the hunk is in. Where the writer's edits touch the hunk's lines, or both
// readings need as many, the hunk is not forced. Pure.
import type { Hunk } from './hunks';
import { newSpanOf, oldSpanOf, type Span } from './hunk-places';
import { comparedLines, differencesOf, distance, growthOf, type Difference } from './line-diff';

export type HunkState = 'applied' | 'notApplied' | 'changedByYou';

/** Lines `begin` to `end - 1` of the working text become `lines`. */
export interface LineEdit {
  begin: number;
  end: number;
  lines: string[];
}

export interface HunkReading {
  state: HunkState;
  /** What applying it (when not applied) or unapplying it (when applied) does to the working text. */
  toggle?: LineEdit;
}

/** One agent hunk: the base lines it replaces, its new lines, and how far git could have slid it. */
interface Piece {
  old: Span;
  lines: string[];
  reach: Span;
}

/**
 * Where git could equally have put a pure insertion or deletion: lines that repeat (a blank line
 * most often) let it slide up or down.
 */
function reachOf(old: Span, lines: readonly string[], base: readonly string[]): Span {
  if (old.begin < old.end && lines.length) return old;
  const run = old.begin < old.end ? base.slice(old.begin, old.end) : [...lines];
  let [up, upRun] = [old.begin, [...run]];
  while (up > 0 && base[up - 1] === upRun.at(-1)) [up, upRun] = [up - 1, [base[up - 1], ...upRun.slice(0, -1)]];
  let [down, downRun] = [old.end, [...run]];
  while (down < base.length && base[down] === downRun[0]) [down, downRun] = [down + 1, [...downRun.slice(1), base[down]]];
  return { begin: up, end: down };
}

function piecesOf(hunks: readonly Hunk[], base: readonly string[], head: readonly string[]): Piece[] {
  return hunks.map((hunk) => {
    const old = oldSpanOf(hunk);
    const span = newSpanOf(hunk);
    const lines = head.slice(span.begin, span.end);
    return { old, lines, reach: reachOf(old, lines, base) };
  });
}

interface Texts {
  base: readonly string[];
  head: readonly string[];
  working: readonly string[];
  /** The working text's distance from the agent's version and from the base. */
  toHead: number;
  toBase: number;
  pieces: readonly Piece[];
  /** The working text's differences from the base. */
  differences: readonly Difference[];
  /** Per base line: whether it is sure (sureLines). */
  sure: readonly boolean[];
}

/**
 * Which base lines are sure: they appear once in the base and once in the working text, and
 * neither the writer nor a hunk changed them. Any diff aligns those two alike; between them,
 * repeated lines may be aligned more than one way.
 */
function sureLines(base: readonly string[], working: readonly string[], changes: readonly Span[]): boolean[] {
  const counts = (lines: readonly string[]): Map<string, number> => {
    const seen = new Map<string, number>();
    for (const line of lines) seen.set(line, (seen.get(line) ?? 0) + 1);
    return seen;
  };
  const [inBase, inWorking] = [counts(base), counts(working)];
  const changed = new Array<boolean>(base.length).fill(false);
  for (const d of changes) changed.fill(true, d.begin, d.end);
  return base.map((text, line) => inBase.get(text) === 1 && inWorking.get(text) === 1 && !changed[line]);
}

/** The stretch of the base around `span` up to the nearest sure lines. */
function stretchAround(span: Span, texts: Texts): Span {
  let [begin, end] = [span.begin, span.end];
  while (begin > 0 && !texts.sure[begin - 1]) begin--;
  while (end < texts.base.length && !texts.sure[end]) end++;
  return { begin, end };
}

/** The working lines that stand for a stretch of the base (no difference crosses a sure line). */
function workingOf(stretch: Span, texts: Texts): { begin: number; lines: string[] } {
  const before = texts.differences.filter((d) => d.begin < stretch.begin);
  const within = texts.differences.filter((d) => d.begin >= stretch.begin && d.end <= stretch.end);
  const begin = stretch.begin + before.reduce((sum, d) => sum + growthOf(d), 0);
  const end = begin + stretch.end - stretch.begin + within.reduce((sum, d) => sum + growthOf(d), 0);
  return { begin, lines: texts.working.slice(begin, end) };
}

/** A stretch of the base with some pieces in: its lines, and where the piece read lies in them. */
interface Candidate {
  lines: string[];
  span: Span;
}

function candidateOf(
  stretch: Span,
  base: readonly string[],
  inside: readonly Piece[],
  applied: ReadonlySet<Piece>,
  read: Piece,
): Candidate {
  const lines: string[] = [];
  let [at, span] = [stretch.begin, { begin: 0, end: 0 }];
  for (const piece of inside) {
    lines.push(...base.slice(at, piece.old.begin));
    const begin = lines.length;
    lines.push(...(applied.has(piece) ? piece.lines : base.slice(piece.old.begin, piece.old.end)));
    if (piece === read) span = { begin, end: lines.length };
    at = piece.old.end;
  }
  lines.push(...base.slice(at, stretch.end));
  return { lines, span };
}

/** More pieces than this in one stretch are not tried every way (2^n): the stretch reads as the writer's. */
const maxPiecesInOneStretch = 8;

/** The candidate needing the fewest of the writer's edits, with the piece in and with it out. */
function closest(stretch: Span, inside: readonly Piece[], piece: Piece, lines: readonly string[], texts: Texts) {
  const best = {
    in: { cost: Infinity, candidate: undefined as Candidate | undefined },
    out: { cost: Infinity, candidate: undefined as Candidate | undefined },
  };
  const others = inside.filter((p) => p !== piece);
  for (let mask = 0; mask < 1 << others.length; mask++) {
    const applied = others.filter((_, i) => mask & (1 << i));
    for (const side of ['in', 'out'] as const) {
      const candidate = candidateOf(stretch, texts.base, inside, new Set(side === 'in' ? [...applied, piece] : applied), piece);
      const cost = distance(candidate.lines, lines);
      if (cost < best[side].cost) best[side] = { cost, candidate };
    }
  }
  return best;
}

/** Whether one of the writer's differences (from the candidate) changes the piece's lines, or adds lines where it inserts. */
function hits(d: Difference, span: Span): boolean {
  if (span.begin < span.end) return d.begin < span.end && span.begin < d.end;
  return (d.begin === d.end && d.begin === span.begin) || (d.begin < span.begin && span.begin < d.end);
}

function readPiece(index: number, texts: Texts): HunkReading {
  const piece = texts.pieces[index];
  const stretch = stretchAround(piece.reach, texts);
  const inside = texts.pieces.filter((p) => p.old.begin >= stretch.begin && p.old.end <= stretch.end);
  if (inside.length > maxPiecesInOneStretch) return { state: 'changedByYou' };
  const { begin, lines } = workingOf(stretch, texts);
  const best = closest(stretch, inside, piece, lines, texts);
  if (best.in.cost === best.out.cost) return { state: 'changedByYou' };
  const isIn = best.in.cost < best.out.cost;
  const { span, lines: read } = (isIn ? best.in.candidate : best.out.candidate) as Candidate;
  const writers = differencesOf(read, lines);
  if (writers.some((d) => hits(d, span))) return { state: 'changedByYou' };
  const at = begin + span.begin + writers.filter((d) => d.end <= span.begin).reduce((sum, d) => sum + growthOf(d), 0);
  const other = isIn ? texts.base.slice(piece.old.begin, piece.old.end) : piece.lines;
  const reading: HunkReading = {
    state: isIn ? 'applied' : 'notApplied',
    toggle: { begin: at, end: at + span.end - span.begin, lines: other },
  };
  return confirmed(reading, texts) ? reading : { state: 'changedByYou' };
}

/**
 * A reading's edit must bring the working text nearer the agent's version and further from the
 * base when it applies, and the other way round when it unapplies: a last check that the hunk is
 * never written twice, nor the writer's line taken for it.
 */
function confirmed(reading: HunkReading, texts: Texts): boolean {
  if (!reading.toggle) return false;
  const after = withLineEdit(texts.working, reading.toggle);
  const [toHead, toBase] = [distance(texts.head, after) - texts.toHead, distance(texts.base, after) - texts.toBase];
  return reading.state === 'notApplied' ? toHead < 0 && toBase > 0 : toHead > 0 && toBase < 0;
}

/**
 * Each hunk's state in `workingText`, in order: the hunks git gave between `baseText` (what the
 * agent started from) and `headText` (its version), as `git diff -U0` numbers them.
 */
export function readHunks(hunks: readonly Hunk[], baseText: string, headText: string, workingText: string): HunkReading[] {
  const [base, head, working] = [baseText, headText, workingText].map(comparedLines) as [string[], string[], string[]];
  const pieces = piecesOf(hunks, base, head);
  const differences = differencesOf(base, working);
  const sure = sureLines(base, working, [...differences, ...pieces.map((p) => p.reach)]);
  const texts: Texts = { base, head, working, toHead: distance(head, working), toBase: distance(base, working), pieces, differences, sure };
  return texts.pieces.map((_, index) => readPiece(index, texts));
}

function withLineEdit(lines: readonly string[], edit: LineEdit): string[] {
  return [...lines.slice(0, edit.begin), ...edit.lines, ...lines.slice(edit.end)];
}

/** The working text with `edit` made. */
export function withEdit(workingText: string, edit: LineEdit): string {
  return withLineEdit(comparedLines(workingText), edit).join('');
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
