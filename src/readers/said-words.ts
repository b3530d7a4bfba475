// How numbers and readers' words are written wherever what readers said is shown (the Pages
// view, Ask the Agent's prompts, the chat tool): counts with separators, shares as whole
// percents, a reader's words on one line in curly quotes, cut short.
export const count = (n: number): string => n.toLocaleString('en-US');

export const plural = (n: number, one: string, many = `${one}s`): string => `${count(n)} ${n === 1 ? one : many}`;

export const percent = (share: number): string => `${Math.round(share * 100)}%`;

export const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

/** A reader's words on one line, at most `max` characters. */
export const oneLine = (text: string, max = 300): string => text.trim().replace(/\s+/g, ' ').slice(0, max);

export const quoted = (text: string, max = 300): string => `“${oneLine(text, max)}”`;
