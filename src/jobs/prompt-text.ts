// Checks a prompt before anything is sent, and describes it for the confirmation.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';
import { firstLine } from './first-line';

export { firstLine };

/** Far above any instruction a person writes; larger selections are almost always a mistake. */
export const maxPromptChars = 100_000;

export type PromptCheck = { ok: true; prompt: string } | { ok: false; problem: string };

/**
 * Whether `text` may be sent. `what` names it in the problem's sentence, already in the writer's
 * language ("The follow-up", "The selection", a file's name); without it, it is the prompt.
 */
export function checkPrompt(text: string, what?: string): PromptCheck {
  const problem = problemOf(text);
  if (!problem) return { ok: true, prompt: text };
  return { ok: false, problem: what === undefined ? promptProblem(problem, text.length) : namedProblem(problem, what, text.length) };
}

type Problem = 'empty' | 'binary' | 'long';

function problemOf(text: string): Problem | undefined {
  if (text.trim() === '') return 'empty';
  if (text.includes('\u0000')) return 'binary';
  return text.length > maxPromptChars ? 'long' : undefined;
}

function promptProblem(problem: Problem, chars: number): string {
  switch (problem) {
    case 'empty':
      return l10n.t('The prompt is empty: there is nothing to send.');
    case 'binary':
      return l10n.t('The prompt looks like a binary file, not text.');
    case 'long':
      return l10n.t(
        'The prompt has {0} characters; the most the agent takes from here is {1}. Select a smaller part.',
        count(chars),
        count(maxPromptChars),
      );
  }
}

function namedProblem(problem: Problem, what: string, chars: number): string {
  switch (problem) {
    case 'empty':
      return l10n.t({
        message: '{0} is empty: there is nothing to send.',
        args: [what],
        comment: ['{0} names what would be sent: “The follow-up”, “The selection” or a file’s name'],
      });
    case 'binary':
      return l10n.t({
        message: '{0} looks like a binary file, not text.',
        args: [what],
        comment: ['{0} names what would be sent: “The follow-up”, “The selection” or a file’s name'],
      });
    case 'long':
      return l10n.t({
        message: '{0} has {1} characters; the most the agent takes from here is {2}. Select a smaller part.',
        args: [what, count(chars), count(maxPromptChars)],
        comment: ['{0} names what would be sent: “The follow-up”, “The selection” or a file’s name'],
      });
  }
}

/** Decodes a file as UTF-8 text, or returns undefined for binary content. */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** "“Add a FAQ” (1,234 characters)"; `withLines` adds the count of a prompt of several lines. */
export function describePrompt(prompt: string, options: { withLines?: boolean } = {}): string {
  const chars = prompt.length;
  const lines = options.withLines ? prompt.split(/\r?\n/).length : 1;
  const first = firstLine(prompt);
  const size = plural(chars, l10n.t('{0} character', count(chars)), l10n.t('{0} characters', count(chars)));
  if (lines <= 1) {
    return l10n.t({
      message: '“{0}” ({1})',
      args: [first, size],
      comment: ['A prompt: its first line, then its size (“1,234 characters”)'],
    });
  }
  return plural(
    lines,
    l10n.t('“{0}” ({1}, {2} line)', first, size, count(lines)),
    l10n.t('“{0}” ({1}, {2} lines)', first, size, count(lines)),
  );
}
