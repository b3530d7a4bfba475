// The agent's change as hunks: each run of changed lines as `git diff -U0` gives it, read from
// git's own output (never worked out again here, so a hunk is exactly where git puts it). Output
// with context lines (`git diff`'s default) gives the same hunks: each run of changed lines
// between context lines is one. Pure: the caller runs git (file-hunks.ts).

/** One run of changed lines between two versions of a file. */
export interface Hunk {
  /** 1-based first old line; when `oldCount` is 0, the old line the new lines go after (0: the top of the file). */
  oldStart: number;
  oldCount: number;
  /** 1-based first new line; when `newCount` is 0, the new line the old lines were after. */
  newStart: number;
  newCount: number;
  /** The lines as git shows them (a line's `\r` kept), without their line break. */
  oldLines: string[];
  newLines: string[];
  /** The old side's last line here ends the file with no line break after it. */
  oldNoNewlineAtEnd: boolean;
  newNoNewlineAtEnd: boolean;
}

/**
 * What a diff did to one file. An added, deleted or renamed file is taken or left whole: one hunk
 * (a renamed file may have none, when only its name changed).
 */
export interface FileHunks {
  kind: 'added' | 'deleted' | 'renamed' | 'modified';
  /** The path on each side, as git names it without its `a/` or `b/`; undefined for /dev/null. */
  oldPath: string | undefined;
  newPath: string | undefined;
  /** git said "Binary files … differ": no lines to read. */
  binary: boolean;
  hunks: Hunk[];
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** A run of changed lines starting at the old and new lines `oldNext` and `newNext` (1-based, the next line on each side). */
function openRun(oldNext: number, newNext: number): Hunk {
  return {
    oldStart: oldNext,
    oldCount: 0,
    newStart: newNext,
    newCount: 0,
    oldLines: [],
    newLines: [],
    oldNoNewlineAtEnd: false,
    newNoNewlineAtEnd: false,
  };
}

/** git's numbering for an empty side: the line before (`@@ -5,0 +6,2 @@` goes after old line 5). */
function closeRun(run: Hunk): Hunk {
  return { ...run, oldStart: run.oldCount ? run.oldStart : run.oldStart - 1, newStart: run.newCount ? run.newStart : run.newStart - 1 };
}

/**
 * Reads one `@@` section's body from `lines[at]` on: exactly as many lines as its header counts
 * (a removed line reading `-- a` shows as `--- a`, which only the count tells from a file header).
 * Returns its runs of changed lines and where the next section starts.
 */
function readSection(lines: readonly string[], at: number, header: RegExpExecArray): { runs: Hunk[]; next: number } {
  const [oldStart, newStart] = [Number(header[1]), Number(header[3])];
  let [oldLeft, newLeft] = [Number(header[2] ?? 1), Number(header[4] ?? 1)];
  let [oldNext, newNext] = [oldLeft ? oldStart : oldStart + 1, newLeft ? newStart : newStart + 1];
  const runs: Hunk[] = [];
  let run: Hunk | undefined;
  let last: ' ' | '-' | '+' = ' ';
  let i = at;
  for (; i < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i]?.startsWith('\\')); i++) {
    const line = lines[i] ?? '';
    // "\ No newline at end of file" follows the side's last line.
    if (line.startsWith('\\')) {
      if (run && last === '-') run.oldNoNewlineAtEnd = true;
      if (run && last === '+') run.newNoNewlineAtEnd = true;
      continue;
    }
    // A context line: with diff.suppressBlankEmpty an empty line stands for " ".
    const mark = line === '' ? ' ' : line[0];
    if (mark !== ' ' && mark !== '-' && mark !== '+') break;
    last = mark;
    if (mark === ' ') {
      if (run) runs.push(closeRun(run));
      run = undefined;
      [oldLeft, newLeft, oldNext, newNext] = [oldLeft - 1, newLeft - 1, oldNext + 1, newNext + 1];
      continue;
    }
    run ??= openRun(oldNext, newNext);
    if (mark === '-') {
      run.oldLines.push(line.slice(1));
      [run.oldCount, oldLeft, oldNext] = [run.oldCount + 1, oldLeft - 1, oldNext + 1];
    } else {
      run.newLines.push(line.slice(1));
      [run.newCount, newLeft, newNext] = [run.newCount + 1, newLeft - 1, newNext + 1];
    }
  }
  if (run) runs.push(closeRun(run));
  return { runs, next: i };
}

/** A path as git writes it in a header: C-quoted when it holds unusual characters, `a/`/`b/` in front. */
function headerPath(text: string): string | undefined {
  const path = text.startsWith('"') ? unquote(text) : text.replace(/\t$/, '');
  if (path === '/dev/null') return undefined;
  return path.replace(/^[ab]\//, '');
}

/** git's C quoting: `"docs/caf\303\251.mdx"` with octal bytes of UTF-8 and backslash escapes. */
function unquote(quoted: string): string {
  const body = quoted.replace(/^"|"$/g, '');
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11 };
  const bytes: number[] = [];
  for (const [, octal, escaped, plain] of body.matchAll(/\\([0-7]{3})|\\(.)|([^\\]+)/gsu)) {
    if (octal) bytes.push(parseInt(octal, 8));
    else if (escaped) bytes.push(escapes[escaped] ?? escaped.charCodeAt(0));
    else bytes.push(...Buffer.from(plain ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The paths of `diff --git a/x b/x` when both are the same (an empty added file has no other header naming it). */
function samePaths(rest: string): string | undefined {
  const half = (rest.length - 1) / 2;
  const [a, b] = [rest.slice(0, half), rest.slice(half + 1)];
  return Number.isInteger(half) && a.slice(2) === b.slice(2) ? headerPath(a) : undefined;
}

/** The hunks in one file's diff (any number of context lines), as `git diff -U0` gives them. */
export function parseHunks(diff: string): Hunk[] {
  return parseDiff(diff).flatMap((file) => file.hunks);
}

/** Each file of a `git diff` (any number of context lines; a blob-to-blob diff too), with its hunks as `-U0` gives them. */
export function parseDiff(diff: string): FileHunks[] {
  const lines = diff.split('\n');
  const files: FileHunks[] = [];
  let file: FileHunks | undefined;
  const current = (): FileHunks => {
    file ??= { kind: 'modified', oldPath: undefined, newPath: undefined, binary: false, hunks: [] };
    if (!files.includes(file)) files.push(file);
    return file;
  };
  for (let i = 0; i < lines.length;) {
    const line = lines[i] ?? '';
    const header = hunkHeader.exec(line);
    if (header) {
      const { runs, next } = readSection(lines, i + 1, header);
      current().hunks.push(...runs);
      i = next;
      continue;
    }
    i++;
    if (line.startsWith('diff --git ')) {
      const path = samePaths(line.slice('diff --git '.length));
      file = { kind: 'modified', oldPath: path, newPath: path, binary: false, hunks: [] };
      files.push(file);
    } else if (line.startsWith('new file mode')) current().kind = 'added';
    else if (line.startsWith('deleted file mode')) current().kind = 'deleted';
    else if (line.startsWith('rename from ')) Object.assign(current(), { kind: 'renamed', oldPath: headerPath(line.slice(12)) });
    else if (line.startsWith('rename to ')) current().newPath = headerPath(line.slice(10));
    else if (line.startsWith('--- ')) current().oldPath = headerPath(line.slice(4));
    else if (line.startsWith('+++ ')) current().newPath = headerPath(line.slice(4));
    else if (/^Binary files .* differ$/.test(line)) current().binary = true;
  }
  for (const f of files) {
    if (f.kind === 'added') f.oldPath = undefined;
    if (f.kind === 'deleted') f.newPath = undefined;
  }
  return files;
}

/** A file's lines as git counts them: a last line with no break after it still counts. */
function linesOf(text: string): { lines: string[]; noNewlineAtEnd: boolean } {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { lines, noNewlineAtEnd: text !== '' && !text.endsWith('\n') };
}

/**
 * The one hunk replacing a whole file, numbered as git numbers it: of a file added (`before`
 * undefined) or deleted (`after` undefined), or of two versions git did not compare line by line.
 */
export function wholeFileHunk(before: string | undefined, after: string | undefined): Hunk {
  const old = linesOf(before ?? '');
  const now = linesOf(after ?? '');
  return closeRun({
    oldStart: 1,
    oldCount: old.lines.length,
    newStart: 1,
    newCount: now.lines.length,
    oldLines: old.lines,
    newLines: now.lines,
    oldNoNewlineAtEnd: old.noNewlineAtEnd,
    newNoNewlineAtEnd: now.noNewlineAtEnd,
  });
}
