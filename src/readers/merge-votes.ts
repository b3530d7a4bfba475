// A page's thumbs in the windows around a merge, for the visitors panel's before-and-after
// trend: the feedback-by-page export read once per window (one request each, spent from the
// trend's reservation in the hourly budget, one read per machine), else taken from a read of what readers said for the
// same days, else from this cache. The export lists the 100 most voted pages: a page not among
// them in a window that has more is "not known", never zero.
import * as l10n from '@vscode/l10n';
import type { DocsApiClient } from '../api/client';
import type { ProjectScope } from '../api/project-scope';
import type { PageFeedback } from '../api/signal-types';
import { isRecord } from '../platform/checks';
import type { Clock } from '../platform/clock';
import { sharedKeys } from '../platform/storage-layout';
import { toQuery } from '../visitors/date-range';
import type { DayRange, WindowVotes } from '../visitors/protocol';
import type { ReportCache, ReportKind } from '../visitors/report-cache';
import type { RequestLedger } from '../visitors/request-ledger';
import type { Reservation } from '../platform/reserving-ledger';
import { withBudget } from '../visitors/read-budget';
import type { MergeVotesSource } from '../visitors/trend-relay';
import { pageAddress } from '../site/page-address';
import { votesByPage } from './reader-signals';
import type { SignalsService } from './signals-service';

export interface VotesReport {
  pages: PageFeedback[];
  hasMore: boolean;
  fetchedAt: number;
}

export const votesKind: ReportKind<VotesReport> = {
  indexKey: sharedKeys.votesIndex,
  isReport: (value): value is VotesReport =>
    isRecord(value) &&
    typeof value.fetchedAt === 'number' &&
    typeof value.hasMore === 'boolean' &&
    Array.isArray(value.pages) &&
    value.pages.every(
      (p) => isRecord(p) && typeof p.path === 'string' && typeof p.thumbsUp === 'number' && typeof p.thumbsDown === 'number',
    ),
  rowsOf: (report) => report.pages.length,
};

export interface MergeVotesDeps {
  client: (scope: ProjectScope) => Pick<DocsApiClient, 'getAnalytics'>;
  cache: ReportCache<VotesReport>;
  signals: Pick<SignalsService, 'fromCacheOnly'>;
  ledger: RequestLedger;
  clock: Pick<Clock, 'now'>;
  readAlone?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

export function votesOf(report: Pick<VotesReport, 'pages' | 'hasMore'>, pagePath: string): WindowVotes {
  const page = pageAddress(pagePath);
  const row = votesByPage(report.pages).find((p) => p.path === page);
  if (row) return { up: row.thumbsUp, down: row.thumbsDown };
  return report.hasMore ? null : { up: 0, down: 0 };
}

export class MergeVotes implements MergeVotesSource {
  constructor(private readonly deps: MergeVotesDeps) {}

  private async kept(scope: ProjectScope, range: DayRange): Promise<Pick<VotesReport, 'pages' | 'hasMore'> | undefined> {
    const said = await this.deps.signals.fromCacheOnly(scope, range);
    if (said) return { pages: said.pageFeedback, hasMore: said.pageFeedbackHasMore };
    return this.deps.cache.load(scope, range);
  }

  async cost(scope: ProjectScope, windows: readonly DayRange[]): Promise<number> {
    let requests = 0;
    for (const range of windows) if (!(await this.kept(scope, range))) requests++;
    return requests;
  }

  async read(
    scope: ProjectScope,
    pagePath: string,
    windows: readonly DayRange[],
    budget?: Reservation,
  ): Promise<{ votes: WindowVotes[]; requests: number }> {
    const votes: WindowVotes[] = [];
    let requests = 0;
    for (const range of windows) {
      const report = (await this.kept(scope, range)) ?? (requests++, await this.readWindow(scope, range, budget));
      votes.push(votesOf(report, pagePath));
    }
    return { votes, requests };
  }

  /** One request, from the trend's reservation (or, without one, one slot taken inside the unasked share). */
  private readWindow(scope: ProjectScope, range: DayRange, budget: Reservation | undefined): Promise<VotesReport> {
    const key = JSON.stringify(['votes', scope.baseUrl, scope.projectId, range.from, range.to]);
    const read = async (): Promise<VotesReport> => {
      // Waited for another window's read of these days: its report is kept now.
      const done = await this.deps.cache.load(scope, range);
      if (done) return done;
      const fetchedAt = this.deps.clock.now();
      const { readPageFeedback } = await import('../api/signal-reads');
      const answer = await withBudget(this.deps.ledger, budget, 1, l10n.t('The votes around the merge'), (reservation) =>
        readPageFeedback(this.deps.client(scope), scope.projectId, toQuery(range), { onAttempt: () => reservation.spend() }),
      );
      const report: VotesReport = { pages: answer.pages, hasMore: answer.hasMore, fetchedAt };
      await this.deps.cache.set(scope, range, report);
      return report;
    };
    return this.deps.readAlone ? this.deps.readAlone(key, read) : read();
  }
}
