// How a page's readers read in a badge's tooltip and in the CodeLens: short, with the range.
import { aiShare, countText, type PageReaders, visitorsText } from './page-readers';
import type { PageSignals } from './reader-signals';

export interface ReadersInRange {
  readers: PageReaders;
  /** "Last 30 days". */
  range: string;
}

const count = countText;

/** "368 visitors (280 human, 120 AI, 30% AI) · rank 2 of 12 · Last 30 days". */
export function badgeTooltip({ readers, range }: ReadersInRange): string {
  if (readers.rank === undefined) return `No visitors · ${range}`;
  const split = `${count(readers.human)} human, ${count(readers.ai)} AI, ${aiShare(readers)}% AI`;
  return `${visitorsText(readers.total)} (${split}) · rank ${readers.rank} of ${readers.of} · ${range}`;
}

/** "368 visitors · rank 2 of 12 · 30% AI · Last 30 days". */
export function lensTitle({ readers, range }: ReadersInRange): string {
  if (readers.rank === undefined) return `No visitors · ${range}`;
  return `${visitorsText(readers.total)} · rank ${readers.rank} of ${readers.of} · ${aiShare(readers)}% AI · ${range}`;
}

/** "👍 41 · 👎 9 · 3 comments", or undefined when readers said nothing of the page. */
export function feedbackLensTitle(signals: PageSignals | undefined): string | undefined {
  if (!signals) return undefined;
  const parts = [
    signals.thumbsUp || signals.thumbsDown ? `👍 ${count(signals.thumbsUp)} · 👎 ${count(signals.thumbsDown)}` : '',
    signals.comments.length ? `${count(signals.comments.length)} comment${signals.comments.length === 1 ? '' : 's'}` : '',
    signals.searches.length ? `${count(signals.searches.length)} search${signals.searches.length === 1 ? '' : 'es'} lead here` : '',
    signals.questions.length
      ? `cited in ${count(signals.questions.length)} assistant answer${signals.questions.length === 1 ? '' : 's'}`
      : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
