// Places in a version of a file, and what hunks do to them: where a place of the old version is
// in the new one, and whether a hunk changed it. Pure.
import type { Hunk } from './hunks';

/**
 * Lines `begin` to `end - 1` of a version, counted from 0. An empty span (`begin === end`) is the
 * gap between two lines: where lines were removed, after line `begin` as the editor numbers lines.
 */
export interface Span {
  begin: number;
  end: number;
}

/** The span of 1-based lines `from` to `to`, both included. */
export const linesSpan = (from: number, to: number): Span => ({ begin: from - 1, end: to });

/** The lines a hunk replaces in the old version (a gap for a pure insertion). */
export const oldSpanOf = (hunk: Hunk): Span => {
  const begin = hunk.oldCount ? hunk.oldStart - 1 : hunk.oldStart;
  return { begin, end: begin + hunk.oldCount };
};

/** The lines a hunk puts in the new version (a gap for a pure deletion). */
export const newSpanOf = (hunk: Hunk): Span => {
  const begin = hunk.newCount ? hunk.newStart - 1 : hunk.newStart;
  return { begin, end: begin + hunk.newCount };
};

/** How far the lines after `hunk` moved in the new version (new line = old line + this). */
const offsetAfter = (hunk: Hunk): number => newSpanOf(hunk).end - oldSpanOf(hunk).end;

/** Whether the hunk replaces (not only inserts next to) line `line` of the old version. */
const replaces = (hunk: Hunk, line: number): boolean => {
  const old = oldSpanOf(hunk);
  return old.begin <= line && line < old.end;
};

/** Where old line `line` (a span's first) is in the new version: the start of the hunk that replaced it, else moved by those before. */
function mapBegin(line: number, hunks: readonly Hunk[]): number {
  let offset = 0;
  for (const hunk of hunks) {
    if (replaces(hunk, line)) return newSpanOf(hunk).begin;
    // Lines inserted just before it are not its own: it follows them.
    if (oldSpanOf(hunk).end > line) break;
    offset = offsetAfter(hunk);
  }
  return line + offset;
}

/** Where a span ending at `end` (its last line `end - 1`) ends in the new version: the end of the hunk that replaced that line, else moved. */
function mapEnd(end: number, hunks: readonly Hunk[]): number {
  let offset = 0;
  for (const hunk of hunks) {
    if (replaces(hunk, end - 1)) return newSpanOf(hunk).end;
    // Lines inserted just after it are not its own.
    if (oldSpanOf(hunk).end >= end) break;
    offset = offsetAfter(hunk);
  }
  return end + offset;
}

/**
 * Where `span` of the old version is in the new one, through the hunks between them (in order):
 * moved by the lines added or removed above it; where a hunk replaced lines of it, that hunk's new
 * lines are in their place (a gap when it only removed them). A gap stays just after the line it
 * follows; a gap inside lines a hunk replaced becomes those new lines.
 */
export function mapSpan(span: Span, hunks: readonly Hunk[]): Span {
  if (span.begin < span.end) return { begin: mapBegin(span.begin, hunks), end: mapEnd(span.end, hunks) };
  const gap = span.begin;
  let offset = 0;
  for (const hunk of hunks) {
    const old = oldSpanOf(hunk);
    if (old.begin < gap && gap < old.end) return newSpanOf(hunk);
    if (old.end > gap || (old.end === gap && old.begin === old.end)) break;
    offset = offsetAfter(hunk);
  }
  return { begin: gap + offset, end: gap + offset };
}

/**
 * Whether `hunk` changed the place `span` of its old version. Lines: the hunk replaced one of
 * them, or inserted lines right next to them (before the first, between, or after the last; git
 * may slide an insertion by a line where lines repeat, a blank line most often). A gap (where
 * lines were removed): lines were inserted there, or a line on either side of it was replaced.
 */
export function changesPlace(hunk: Hunk, span: Span): boolean {
  const old = oldSpanOf(hunk);
  const insertion = old.begin === old.end;
  if (span.begin < span.end)
    return insertion ? span.begin <= old.begin && old.begin <= span.end : old.begin < span.end && span.begin < old.end;
  return insertion ? old.begin === span.begin : old.begin <= span.begin && span.begin <= old.end;
}
