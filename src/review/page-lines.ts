// A page's lines as the editor counts them: `\r\n`, a lone `\r` and `\n` each end a line, so line
// N here is line N in every editor showing the page (the diff's two sides included). git counts
// only `\n`, so its hunks are numbered again in these lines (`inEditorLines`). Each line keeps
// its own line break, so a write puts back exactly the bytes that were there. Pure.
import type { Hunk } from './hunks';

export type LineBreak = '\r\n' | '\r' | '\n' | '';

export interface PageLines {
  /** Each line as lines are compared: its text, and `\n` when any line break ends it. */
  compared: string[];
  /** Each line's own line break ('' for a last line without one). */
  breaks: LineBreak[];
}

const lineBreak = /\r\n|\r|\n/g;

/** The page's lines; an empty page has none, and a last line break starts no line. */
export function pageLines(text: string): PageLines {
  const [compared, breaks] = [[] as string[], [] as LineBreak[]];
  // The next \r and \n, each looked for again only once passed (a page without \r is scanned once).
  const next = (char: string, from: number): number => {
    const found = text.indexOf(char, from);
    return found < 0 ? text.length : found;
  };
  let [at, cr, lf] = [0, next('\r', 0), next('\n', 0)];
  while (at < text.length) {
    if (cr < at) cr = next('\r', at);
    if (lf < at) lf = next('\n', at);
    const end = Math.min(cr, lf);
    const mark: LineBreak = end === text.length ? '' : cr === end && lf === end + 1 ? '\r\n' : cr === end ? '\r' : '\n';
    compared.push(mark ? `${text.slice(at, end)}\n` : text.slice(at));
    breaks.push(mark);
    at = end + mark.length;
  }
  return { compared, breaks };
}

/** A line as the page writes it: its text with its own line break. */
export const rawLine = (page: PageLines, index: number): string =>
  (page.compared[index] ?? '').replace(/\n$/, '') + (page.breaks[index] ?? '');

/** For each of git's lines (and one past the last), the editor's line it starts at. */
function editorStarts(text: string): number[] {
  const starts = [0];
  let lines = 0;
  for (const found of text.matchAll(lineBreak)) {
    lines++;
    if (found[0].endsWith('\n')) starts.push(lines);
  }
  const last = text.length > 0 && !/[\r\n]$/.test(text) ? lines + 1 : lines;
  if (starts.at(-1) !== last) starts.push(last);
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
export function inEditorLines(hunks: readonly Hunk[], before: string, after: string): Hunk[] {
  const [oldStarts, newStarts] = [editorStarts(before), editorStarts(after)];
  const [oldPage, newPage] = [pageLines(before), pageLines(after)];
  const text = (page: PageLines, start: number, count: number): string[] =>
    page.compared.slice(start - 1, start - 1 + count).map((line) => line.replace(/\n$/, ''));
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

/** The edit's lines for a page whose usual break is `usual`: where the source's usual break differs, the page's is written. */
function writtenLines(edit: LineEdit, usual: '\r\n' | '\n'): string[] {
  const { sourceBreak } = edit;
  return edit.lines.map((line) =>
    breakOf(line) === sourceBreak && usual !== sourceBreak ? line.slice(0, -sourceBreak.length) + usual : line,
  );
}

/** One replacement in the text: characters `start` to `end - 1` become `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The edit as a replacement in the page's text. A written line keeps its own line break, except
 * that where the page's usual break (`usual`) differs from its source's (git keeps `\n`, the
 * checkout has `\r\n`), the page's is written: a file gets no mix it did not have. A last line
 * without a break gets the usual one when lines are written after it.
 */
export function textEdit(text: string, edit: LineEdit, usual?: '\r\n' | '\n'): TextEdit {
  const page = pageLines(text);
  const eol = usual ?? usualBreak(page);
  const written = writtenLines(edit, eol);
  let [start, end] = [0, 0];
  for (let i = 0; i < edit.end && i < page.compared.length; i++) {
    const length = rawLine(page, i).length;
    if (i < edit.begin) start += length;
    end += length;
  }
  const lastBefore = edit.begin > 0 ? page.breaks[edit.begin - 1] : undefined;
  const head = written.length && lastBefore === '' ? eol : '';
  if (edit.end < page.compared.length && written.length && !breakOf(written.at(-1) ?? '')) written[written.length - 1] += eol;
  return { start, end, text: head + written.join('') };
}

/** The page's text with `edit` made (see textEdit). */
export function withLineEdit(text: string, edit: LineEdit): string {
  const { start, end, text: written } = textEdit(text, edit);
  return text.slice(0, start) + written + text.slice(end);
}
