// What the emulator's agent writes into a page, decided from the prompt as a real agent would
// from its instructions: its line added at the end (the default), its line in place of the page's
// first paragraph (`[reword]`, so the diff has a removed line), and, for a review the writer sent
// as a follow-up, each quoted line of its own version revised (lines of the old version are not
// brought back); `[hunks]`: three separate hunks in the page (its first paragraph reworded, a
// paragraph added after the second, one at the end) and a new page beside it; `[big-page N]`: N
// of the page's lines, spread evenly over it, each with the agent's words at its end (N hunks,
// for the bench's big pages). Pure text: git-side.ts commits what these return.

/** A comment of a review follow-up (review-text.ts's format) on lines of the agent's version. */
export interface ReviewedLines {
  path: string;
  lines: string[];
  remark: string;
}

/**
 * The comments on "your version" in a review follow-up, in order; none for any other prompt. Each
 * note's lines are indented three spaces, its quoted lines between two fence lines (three or more
 * backticks, the same run opening and closing) after the sentence that introduces them.
 */
export function reviewedLines(prompt: string): ReviewedLines[] {
  const found: ReviewedLines[] = [];
  let current: ReviewedLines | undefined;
  let fence: string | undefined;
  let inside = false;
  for (const line of prompt.split('\n')) {
    const head = /^\d+\. (.+), lines? \d+(?:–\d+)? of (your version|the version before your change):$/.exec(line);
    if (head && !inside) {
      current = head[2] === 'your version' ? { path: head[1] ?? '', lines: [], remark: '' } : undefined;
      if (current) found.push(current);
      fence = undefined;
      continue;
    }
    const body: string | undefined = line.startsWith('   ') ? line.slice(3) : inside && line === '' ? '' : undefined;
    if (!current || body === undefined) continue;
    if (/^`{3,}$/.test(body) && (fence === undefined || body === fence)) {
      inside = fence === undefined;
      fence = inside ? body : '';
      continue;
    }
    if (inside) current.lines.push(body);
    const remark = /^Comment: (.*)$/.exec(body);
    if (!inside && remark) current.remark = remark[1] ?? '';
  }
  return found;
}

/** The line that revises a reviewed one: names the job and what the writer asked. */
export function revisedLine(jobId: string, remark: string): string {
  return `> Revised by the docs agent (${jobId}): ${remark.replace(/\s+/g, ' ').trim().slice(0, 80)}`;
}

/** `text` with the first run of `block` replaced by `by`; as it was when the block is not there. */
function replaceBlock(text: string, block: readonly string[], by: string): string {
  const lines = text.split('\n');
  for (let start = 0; start + block.length <= lines.length; start++) {
    if (block.every((line, i) => lines[start + i] === line)) {
      lines.splice(start, block.length, by);
      return lines.join('\n');
    }
  }
  return text;
}

/** The review's comments on `page` answered: each quoted block replaced by its revision. */
export function reviseReviewed(before: string, page: string, jobId: string, reviewed: readonly ReviewedLines[]): string {
  return reviewed.filter((r) => r.path === page).reduce((text, r) => replaceBlock(text, r.lines, revisedLine(jobId, r.remark)), before);
}

/** The page with `added` at the end, or (`reword`) in place of its first paragraph line after the front matter. */
export function withAgentLine(before: string, added: string, reword: boolean): string {
  const text = before.replace(/\n*$/, '\n');
  if (!reword) return `${text}\n${added}\n`;
  const lines = text.split('\n');
  const bodyStart = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  const first = lines.findIndex((line, i) => i >= bodyStart && line.trim() !== '' && !line.startsWith('#'));
  if (first < 0) return `${text}\n${added}\n`;
  lines.splice(first, 1, added);
  return lines.join('\n');
}

/** `[hunks]`: the first paragraph line reworded, a tip after the second one, and a line at the end: three hunks. */
export function withThreeHunks(before: string, added: string, jobId: string): string {
  const lines = withAgentLine(before, added, true).split('\n');
  const bodyStart = lines[0] === '---' ? lines.indexOf('---', 1) + 1 : 0;
  const paragraphs = lines.map((line, i) => (i >= bodyStart && line.trim() !== '' && !line.startsWith('#') ? i : -1)).filter((i) => i >= 0);
  const second = paragraphs[1];
  if (second !== undefined) lines.splice(second + 1, 0, '', `> Tip from the docs agent (${jobId}): keep this page open while you work.`);
  return `${lines.join('\n').replace(/\n*$/, '\n')}\n> Last line from the docs agent (${jobId}).\n`;
}

/** `[hunks]`: the page the agent adds beside the edited one. */
export function checklistPage(jobId: string): string {
  return `---\ntitle: "Checklist"\n---\n\nA checklist the docs agent (${jobId}) wrote.\n`;
}

/** The `[big-page N]` marker's N, or undefined when the prompt has none. */
export function spreadCount(prompt: string): number | undefined {
  const count = /\[big-page (\d+)\]/i.exec(prompt)?.[1];
  return count === undefined ? undefined : Number(count);
}

/**
 * `[big-page N]`: N lines of the page, spread evenly from its third (past a table's head row and
 * rule), each with " Updated by the agent." at its end, as test/support/hunk-pages.ts's table
 * pages have the agent's change.
 */
export function withSpreadEdits(before: string, count: number): string {
  const lines = before.split('\n');
  const size = lines.length - (lines.at(-1) === '' ? 1 : 0);
  const from = 2;
  const step = Math.max(1, Math.floor((size - from) / count));
  const edited = (i: number): boolean => i >= from && i < size && (i - from) % step === Math.floor(step / 2) && (i - from) / step < count;
  return lines.map((line, i) => (edited(i) ? `${line} Updated by the agent.` : line)).join('\n');
}
