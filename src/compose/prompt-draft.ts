// What the composer holds and what it sends: the writer's instruction on top, then the context
// (the file, its section, the lines, the quoted selection) as plain text the writer can read and
// edit. Everything in the document is sent except the one hint line the composer adds.
export const instructionHint =
  '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. Sending is one agent use (your project has 100 an hour). -->';

/** Hints earlier versions wrote into drafts that are still on disk: never sent either. */
const earlierHints = [
  '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. -->',
];
const isHint = (line: string): boolean => line.trim() === instructionHint || earlierHints.includes(line.trim());

export interface DraftContext {
  /** The file's path in the repository, as the agent sees it. */
  path: string;
  /** The nearest heading above the selection, or the page's title. */
  heading?: string;
  /** 1-based, inclusive. */
  lines?: { from: number; to: number };
  /** The selected text, quoted as written. */
  quote?: string;
}

/** The composer's first text: an empty instruction line, the hint, then the context. */
export function draftText(context: DraftContext | undefined, instruction = ''): string {
  const parts = [instruction, '', instructionHint];
  if (context) {
    parts.push('', 'Context:', `- File: ${context.path}`);
    if (context.heading) parts.push(`- Section: ${context.heading}`);
    if (context.lines) {
      const { from, to } = context.lines;
      parts.push(from === to ? `- Line: ${from}` : `- Lines: ${from}–${to}`);
    }
    if (context.quote !== undefined) parts.push('', 'Selected text:', ...context.quote.split(/\r?\n/).map((l) => `> ${l}`.trimEnd()));
  }
  return `${parts.join('\n')}\n`;
}

export type ComposedPrompt = { ok: true; prompt: string } | { ok: false; problem: string };

/** The prompt a composer document sends, or why it is not ready. */
export function promptOf(text: string): ComposedPrompt {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const hint = lines.findIndex(isHint);
  const written = (hint === -1 ? lines : lines.slice(0, hint)).join('\n').trim();
  if (written === '') return { ok: false, problem: 'Write what the agent should do on the first line, then send.' };
  const prompt = lines
    .filter((_, i) => i !== hint)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { ok: true, prompt };
}

/** The nearest Markdown heading above `line` (0-based), outside code fences; else the front matter's title. */
export function headingAbove(lines: readonly string[], line: number): string | undefined {
  let fence: string | undefined;
  let found: string | undefined;
  let title: string | undefined;
  let frontMatter = lines[0]?.trim() === '---';
  for (let i = 0; i <= Math.min(line, lines.length - 1); i++) {
    const text = lines[i] ?? '';
    if (frontMatter) {
      if (i > 0 && text.trim() === '---') frontMatter = false;
      const t = /^title:\s*["']?(.*?)["']?\s*$/.exec(text);
      if (t?.[1]) title = t[1];
      continue;
    }
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker;
      else if (marker.startsWith(fence)) fence = undefined;
      continue;
    }
    const heading = fence === undefined ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text)?.[1] : undefined;
    if (heading) found = heading;
  }
  return found ?? title;
}
