// What the composer holds and what it sends: the writer's instruction on top, then the context
// (the file, its section, the lines, the quoted selection) as plain text the writer can read and
// edit. Everything in the document is sent except the one hint line the composer adds, which is
// in the writer's language; the context is for the agent, in English.
import * as l10n from '@vscode/l10n';

/** The hint line: for the writer, never sent. */
export function instructionHint(): string {
  return l10n.t({
    message:
      '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. Sending is one agent use (your project has 100 an hour). -->',
    args: [],
    comment: ['An HTML comment line in the draft: keep <!-- and --> at its ends and keep it on one line'],
  });
}

// Hints written in English (by earlier versions, or before the display language changed): drafts
// still on disk may hold them, and they are never sent either. Compared only: stays English.
const englishHints = [
  '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. Sending is one agent use (your project has 100 an hour). -->',
  '<!-- Write what the agent should do above this line. Everything else here is sent with it: edit or delete what the agent should not see. Send with Ctrl+Enter (Cmd+Enter on a Mac) or the Send button above. -->',
];
const isHint = (line: string, hint: string): boolean => line.trim() === hint || englishHints.includes(line.trim());

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

// Sent to the agent: stays English.
/** The composer's first text: an empty instruction line, the hint, then the context. */
export function draftText(context: DraftContext | undefined, instruction = ''): string {
  const parts = [instruction, '', instructionHint()];
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
  const current = instructionHint();
  const hint = lines.findIndex((line) => isHint(line, current));
  const written = (hint === -1 ? lines : lines.slice(0, hint)).join('\n').trim();
  if (written === '') return { ok: false, problem: l10n.t('Write what the agent should do on the first line, then send.') };
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
