// How numbers and readers' words are written wherever what readers said is shown (the Pages
// view, the chat tool), in the writer's language: counts with separators, shares as whole
// percents, a reader's words on one line in quotes, cut short. The prompts drafted for the agent
// write theirs in English (prompt-words.ts).
import * as l10n from '@vscode/l10n';
import { displayLanguage } from '../platform/words';

export { count } from '../platform/words';

let percents: { language: string; format: Intl.NumberFormat } | undefined;

/** "30%" ("30 %" in French, German…): a share 0..1 as a whole percent. */
export function percent(share: number): string {
  const language = displayLanguage();
  if (percents?.language !== language)
    percents = { language, format: new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }) };
  return percents.format.format(Math.round(share * 100) / 100);
}

/** A reader's words on one line, at most `max` characters. */
export const oneLine = (text: string, max = 300): string => text.trim().replace(/\s+/g, ' ').slice(0, max);

export const quoted = (text: string, max = 300): string =>
  l10n.t({ message: '“{0}”', args: [oneLine(text, max)], comment: ['A reader’s words (a comment, a search, a question) in quotes'] });
