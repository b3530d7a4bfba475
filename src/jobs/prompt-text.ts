// Checks a prompt before anything is sent, and describes it for the confirmation.

/** Far above any instruction a person writes; larger selections are almost always a mistake. */
export const maxPromptChars = 100_000;

export type PromptCheck = { ok: true; prompt: string } | { ok: false; problem: string };

export function checkPrompt(text: string, what = 'The prompt'): PromptCheck {
  if (text.trim() === '') return { ok: false, problem: `${what} is empty: there is nothing to send.` };
  if (text.includes('\u0000')) return { ok: false, problem: `${what} looks like a binary file, not text.` };
  if (text.length > maxPromptChars) {
    return {
      ok: false,
      problem: `${what} has ${text.length.toLocaleString('en-US')} characters; the most the agent takes from here is ${maxPromptChars.toLocaleString('en-US')}. Select a smaller part.`,
    };
  }
  return { ok: true, prompt: text };
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

export function firstLine(prompt: string, max = 100): string {
  const line =
    prompt
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "“Add a FAQ” (1,234 characters)"; `withLines` adds the count of a prompt of several lines. */
export function describePrompt(prompt: string, options: { withLines?: boolean } = {}): string {
  const chars = prompt.length;
  const lines = options.withLines ? prompt.split(/\r?\n/).length : 1;
  const size = `${chars.toLocaleString('en-US')} character${chars === 1 ? '' : 's'}`;
  return `“${firstLine(prompt)}” (${lines > 1 ? `${size}, ${lines} lines` : size})`;
}
