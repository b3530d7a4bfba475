// What the visitors panel's Readers said tab shows for a page: its thumbs, comments (pending
// first, then newest), the searches whose top result it is and the assistant questions citing
// it, from a read already made; with none, what reading the range costs. Reads only when told.
import type { ReadersSaid, SaidState } from '../visitors/protocol';
import type { ReadersSaidSource } from '../visitors/said-relay';
import { type PageSignals, shareText, signalsByPage } from './reader-signals';
import type { SignalsReport } from './signals-report';
import { readMissingSignals, type SignalsReadDeps, signalsCost } from './signals-reads';

/** A page rarely has more; a webview message stays small. */
const maxRows = 200;

export function saidOf(signals: PageSignals, report: Pick<SignalsReport, 'entries' | 'entriesComplete'>): ReadersSaid {
  return {
    pagePath: signals.pagePath,
    thumbsUp: signals.thumbsUp,
    thumbsDown: signals.thumbsDown,
    comments: signals.comments
      .slice(0, maxRows)
      .map((c) => ({ status: c.status, date: c.createdAt, text: c.comment ?? '', source: c.source })),
    searches: signals.searches.slice(0, maxRows).map((s) => ({ query: s.query, hits: s.hits, ctr: s.ctr })),
    questions: signals.questions.slice(0, maxRows).map((q) => ({
      query: q.query,
      date: q.timestamp,
      clarifying: q.responseType === 'clarifying_question',
    })),
    share: shareText(report),
  };
}

export function readersSaidSource(
  deps: SignalsReadDeps,
  changed: readonly ((listener: () => void) => { dispose(): unknown })[],
): ReadersSaidSource {
  // The same report answers every page the writer opens: place its signals by page once.
  let placed: { report: SignalsReport; byPage: (pagePath: string) => PageSignals } | undefined;
  return {
    async forPage(scope, range, pagePath): Promise<SaidState> {
      const report = await deps.signals.fromCacheOnly(scope, range);
      if (!report) return { cost: signalsCost(deps, 1), reading: false };
      if (placed?.report !== report) placed = { report, byPage: signalsByPage(report) };
      return { said: saidOf(placed.byPage(pagePath), report) };
    },
    read: (scope, range) => readMissingSignals(deps, [{ scope, range }], { askUnderBudget: false }),
    onDidChange(listener) {
      const subscriptions = changed.map((event) => event(listener));
      return { dispose: () => subscriptions.forEach((s) => void s.dispose()) };
    },
  };
}
