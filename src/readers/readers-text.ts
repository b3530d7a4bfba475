// How a page's readers read in a badge's tooltip and in the CodeLens: short, with the range.
import * as l10n from '@vscode/l10n';
import { count } from '../platform/words';
import { aiShare, type PageReaders, visitorsText } from './page-readers';
import type { PageSignals } from './reader-signals';
import { citedText, commentsText, searchesHereText } from './said-counts-text';

export interface ReadersInRange {
  readers: PageReaders;
  /** "Last 30 days". */
  range: string;
}

/** "368 visitors (280 human, 120 AI, 30% AI) · rank 2 of 12 · Last 30 days". */
export function badgeTooltip({ readers, range }: ReadersInRange): string {
  if (readers.rank === undefined) return l10n.t('No visitors · {0}', range);
  return l10n.t(
    '{0} ({1} human, {2} AI, {3}% AI) · rank {4} of {5} · {6}',
    visitorsText(readers.total),
    count(readers.human),
    count(readers.ai),
    count(aiShare(readers)),
    count(readers.rank),
    count(readers.of),
    range,
  );
}

/** "368 visitors · rank 2 of 12 · 30% AI · Last 30 days". */
export function lensTitle({ readers, range }: ReadersInRange): string {
  if (readers.rank === undefined) return l10n.t('No visitors · {0}', range);
  return l10n.t(
    '{0} · rank {1} of {2} · {3}% AI · {4}',
    visitorsText(readers.total),
    count(readers.rank),
    count(readers.of),
    count(aiShare(readers)),
    range,
  );
}

/** "👍 41 · 👎 9 · 3 comments", or undefined when readers said nothing of the page. */
export function feedbackLensTitle(signals: PageSignals | undefined): string | undefined {
  if (!signals) return undefined;
  const [comments, searches, questions] = [signals.comments.length, signals.searches.length, signals.questions.length];
  const parts = [
    signals.thumbsUp || signals.thumbsDown ? `👍 ${count(signals.thumbsUp)} · 👎 ${count(signals.thumbsDown)}` : '',
    comments ? commentsText(comments) : '',
    searches ? searchesHereText(searches) : '',
    questions ? citedText(questions) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}
