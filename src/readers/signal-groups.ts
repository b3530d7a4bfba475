// What the Pages view lists of what readers said, for one site: pages with unhappy readers
// (each with its file and what its readers wrote), searches that found nothing and questions the
// assistant could not answer, filtered like the pages, and what share of the range each is
// made from. Pure: the bench times it from a cached report.
import * as l10n from '@vscode/l10n';
import type { AssistantTurn, SearchTerm } from '../api/signal-types';
import { count as n } from '../platform/words';
import type { SitePage } from '../site/inventory';
import { pageAddress } from '../site/page-address';
import {
  type PageSignals,
  type SignalsRead,
  type SignalThresholds,
  searchesThatFoundNothing,
  signalsByPage,
  type UnansweredQuestion,
  type UnhappyPage,
  unansweredQuestions,
  unhappyPages,
} from './reader-signals';

export interface UnhappyRow {
  page: UnhappyPage;
  said: PageSignals;
  /** The page of the site it is, if any (feedback can be on a page removed since). */
  sitePage: SitePage | undefined;
}

export interface SignalGroups {
  unhappy: UnhappyRow[];
  searches: SearchTerm[];
  questions: UnansweredQuestion[];
  /** Every turn read, for the questions a search's prompt quotes. */
  turns: readonly AssistantTurn[];
  /** What each group is made from, when the read did not take all of the range ("from the 100 pages…"). */
  partial: { unhappy?: string; searches?: string; questions?: string };
}

function partOf(read: SignalsRead): SignalGroups['partial'] {
  return {
    ...(read.pageFeedbackHasMore && { unhappy: l10n.t('from the {0} pages with the most feedback', n(read.pageFeedback.length)) }),
    ...(!read.searchesComplete && {
      searches: l10n.t('from the {0} most searched terms ({1} searches in the range)', n(read.searches.length), n(read.totalSearches)),
    }),
    ...(!read.turnsComplete && { questions: l10n.t('from the newest {0} conversations', n(read.turns.length)) }),
  };
}

export function signalGroups(pages: readonly SitePage[], read: SignalsRead, thresholds: SignalThresholds, filter: string): SignalGroups {
  const wanted = filter.trim().toLowerCase();
  const shown = (...texts: (string | null | undefined)[]): boolean =>
    !wanted || texts.some((t) => (t ?? '').toLowerCase().includes(wanted));
  const byPath = new Map(pages.map((page) => [pageAddress(page.pagePath), page] as const));
  const said = signalsByPage(read);
  return {
    unhappy: unhappyPages(read, thresholds)
      .map((page) => ({ page, said: said(page.pagePath), sitePage: byPath.get(page.pagePath) }))
      .filter((row) => shown(row.page.pagePath, row.sitePage?.file, row.sitePage?.generated?.title)),
    searches: searchesThatFoundNothing(read, thresholds).filter((s) => shown(s.query, s.topClickedPage)),
    questions: unansweredQuestions(read).filter((q) => shown(q.query)),
    turns: read.turns,
    partial: partOf(read),
  };
}
