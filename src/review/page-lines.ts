// A page's lines as the editor counts them: `\r\n`, a lone `\r` and `\n` each end a line, so line
// N here is line N in every editor showing the page (the diff's two sides included). git counts
// only `\n`, so its hunks are numbered again in these lines (`inEditorLines`). Each line keeps
// its own line break, and lines compare with it, so a hunk is written only over the very bytes
// it replaces and unapplying puts back exactly the bytes that were there. Pure.
import { runToEnd } from '../platform/slices';
import type { Hunk } from './hunks';

export type LineBreak = '\r\n' | '\r' | '\n' | '';

export interface PageLines {
  /** Each line as the page writes it: its text and its own line break. */
  readonly lines: readonly string[];
  /** Each line's own line break ('' for a last line without one). */
  readonly breaks: readonly LineBreak[];
}

/** Lines split or numbered per step of a long page's work: a step stays short even on a cold start. */
export const linesPerStep = 2000;

/** The page's lines, step by step (see runInSlices). */
export function* pageLinesSteps(text: string): Generator<void, PageLines> {
  const lines: string[] = [];
  const breaks: LineBreak[] = [];
  // The next \r and \n, each looked for again only once passed (a page without \r is scanned once).
  const next = (char: string, from: number): number => {
    const found = text.indexOf(char, from);
    return found < 0 ? text.length : found;
  };
  let at = 0;
  let cr = next('\r', 0);
  let lf = next('\n', 0);
  while (at < text.length) {
    if (cr < at) cr = next('\r', at);
    if (lf < at) lf = next('\n', at);
    const end = Math.min(cr, lf);
    const mark: LineBreak = end === text.length ? '' : cr === end ? (text[end + 1] === '\n' ? '\r\n' : '\r') : '\n';
    lines.push(text.slice(at, end + mark.length));
    breaks.push(mark);
    at = end + mark.length;
    if (lines.length % linesPerStep === 0) yield;
  }
  return { lines, breaks };
}

/** The page's lines; an empty page has none, and a last line break starts no line. */
export function pageLines(text: string): PageLines {
  return runToEnd(pageLinesSteps(text));
}

/** For each of git's lines (and one past the last), the editor's line it starts at: git ends a line only at `\n`. */
function editorStarts(page: PageLines): number[] {
  const starts = [0];
  page.breaks.forEach((mark, i) => {
    if (mark.endsWith('\n')) starts.push(i + 1);
  });
  if (starts.at(-1) !== page.lines.length) starts.push(page.lines.length);
  return starts;
}

/** A hunk's side, git's `start`/`count`, as editor lines: the first line and how many. */
function sideInEditorLines(starts: readonly number[], start: number, count: number): [start: number, count: number] {
  // git names the line before an empty side; otherwise its first line, 1-based.
  if (!count) return [starts[start] ?? start, 0];
  const [begin, end] = [starts[start - 1] ?? start - 1, starts[start - 1 + count] ?? start - 1 + count];
  return [begin + 1, end - begin];
}

/** git's hunks between `before` and `after`, numbered in the editor's lines, their lines as the editor splits them. */
export function inEditorLines(hunks: readonly Hunk[], before: string | PageLines, after: string | PageLines): Hunk[] {
  const [oldPage, newPage] = [
    typeof before === 'string' ? pageLines(before) : before,
    typeof after === 'string' ? pageLines(after) : after,
  ];
  const [oldStarts, newStarts] = [editorStarts(oldPage), editorStarts(newPage)];
  const text = (page: PageLines, start: number, count: number): string[] =>
    page.lines.slice(start - 1, start - 1 + count).map((line) => line.replace(/\r\n$|\r$|\n$/, ''));
  return hunks.map((hunk) => {
    const [oldStart, oldCount] = sideInEditorLines(oldStarts, hunk.oldStart, hunk.oldCount);
    const [newStart, newCount] = sideInEditorLines(newStarts, hunk.newStart, hunk.newCount);
    return {
      ...hunk,
      oldStart,
      oldCount,
      newStart,
      newCount,
      oldLines: text(oldPage, oldStart, oldCount),
      newLines: text(newPage, newStart, newCount),
    };
  });
}

/** The line break most of the page's lines end with ('\n' when none do). */
export function usualBreak(page: PageLines): '\r\n' | '\n' {
  let crlf = 0;
  for (const b of page.breaks) crlf += b === '\r\n' ? 1 : b === '\n' ? -1 : 0;
  return crlf > 0 ? '\r\n' : '\n';
}

/** Lines `begin` to `end - 1` of a page become `lines`, each with its own line break as its source page wrote it. */
export interface LineEdit {
  begin: number;
  end: number;
  lines: string[];
  /** The usual line break of the page the lines come from. */
  sourceBreak: '\r\n' | '\n';
}

const breakOf = (line: string): string => /\r\n$|\r$|\n$/.exec(line)?.[0] ?? '';

/** Each page's one break, found once: a reading asks for every hunk it could write. */
const onlyBreaks = new WeakMap<PageLines, LineBreak | undefined>();

/** The one line break every line of the page ends with (its last may have none), or undefined for a mix or none. */
export function onlyBreak(page: PageLines): LineBreak | undefined {
  if (onlyBreaks.has(page)) return onlyBreaks.get(page);
  let only: LineBreak | undefined;
  for (const mark of page.breaks) {
    if (mark === '' || mark === only) continue;
    if (only !== undefined) {
      only = undefined;
      break;
    }
    only = mark;
  }
  onlyBreaks.set(page, only);
  return only;
}

/**
 * The edit's lines as the page gets them. Each keeps its own line break, except where every line
 * of the page ends with one kind and the source's usual kind differs (git keeps `\n`, the checkout
 * has `\r\n`): lines of the source's usual kind get the page's. For a document the editor holds,
 * whose lines all end with `documentEol`, every line gets that.
 */
function writtenLines(edit: LineEdit, page: PageLines, documentEol?: '\r\n' | '\n'): string[] {
  if (documentEol) return edit.lines.map((line) => line.slice(0, line.length - breakOf(line).length) + (breakOf(line) ? documentEol : ''));
  const only = onlyBreak(page);
  if (!only || only === edit.sourceBreak) return edit.lines;
  return edit.lines.map((line) => (breakOf(line) === edit.sourceBreak ? line.slice(0, -edit.sourceBreak.length) + only : line));
}

/**
 * Whether the edit's lines go into the page as the lines they are: no line but the last without
 * a break (its text would join the next line), and no lone `\r` before a line starting with `\n`
 * (the two would read as one `\r\n`). Where they would not, the hunk is not written.
 */
export function writesFaithfully(page: PageLines, edit: LineEdit): boolean {
  const lines = [
    ...(edit.begin > 0 ? [page.lines[edit.begin - 1] ?? ''] : []),
    ...writtenLines(edit, page),
    ...(edit.end < page.lines.length ? [page.lines[edit.end] ?? ''] : []),
  ];
  return lines.every(
    (line, i) => i === lines.length - 1 || (breakOf(line) !== '' && !(line.endsWith('\r') && lines[i + 1]?.startsWith('\n'))),
  );
}

/** One replacement in the text: characters `start` to `end - 1` become `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The edit as a replacement in the page's text (see writtenLines; `documentEol` for a document the editor holds). */
export function textEdit(text: string, edit: LineEdit, documentEol?: '\r\n' | '\n'): TextEdit {
  const page = pageLines(text);
  let [start, end] = [0, 0];
  for (let i = 0; i < edit.end && i < page.lines.length; i++) {
    const length = (page.lines[i] ?? '').length;
    if (i < edit.begin) start += length;
    end += length;
  }
  return { start, end, text: writtenLines(edit, page, documentEol).join('') };
}

/** The page's text with `edit` made (see textEdit). */
export function withLineEdit(text: string, edit: LineEdit): string {
  const { start, end, text: written } = textEdit(text, edit);
  return text.slice(0, start) + written + text.slice(end);
}
