// Reads what readers said over a range, once per machine: from the cache (memory, then disk)
// when it can, else the exports, each request counted against the hourly analytics budget the
// visitors use. Reading is bounded: feedback entries pending first, then the rest, searches and
// assistant conversations, each up to a cap of requests, so a read never costs more than it
// said it could (`maxRequests`), which it reserves in the hourly budget before its first
// request. Whether to pass the budget's unasked share (asking the writer) is the caller's question.
import * as l10n from '@vscode/l10n';
import type { DocsApiClient } from '../api/client';
import type { ProjectScope } from '../api/project-scope';
import type { Clock } from '../platform/clock';
import { toQuery, formatDays } from '../visitors/date-range';
import type { DayRange } from '../visitors/protocol';
import type { ReportCache } from '../visitors/report-cache';
import type { RequestLedger } from '../visitors/request-ledger';
import { withBudget } from '../visitors/read-budget';
import type { Reservation } from '../platform/reserving-ledger';
import type { SignalsReport } from './signals-report';

/** Requests each export may take in one read of a range. */
export interface SignalCaps {
  feedback: number;
  searches: number;
  assistant: number;
}

/** 300 feedback entries, 200 search terms, 1,000 assistant turns: 7 requests at most. */
export const defaultSignalCaps: SignalCaps = { feedback: 3, searches: 2, assistant: 1 };

/** The most one read can cost: feedback by page (1) plus each export's cap. */
export function maxRequests(caps: SignalCaps): number {
  return 1 + caps.feedback + caps.searches + caps.assistant;
}

export interface SignalsServiceDeps {
  client: (scope: ProjectScope) => Pick<DocsApiClient, 'getAnalytics'>;
  cache: ReportCache<SignalsReport>;
  ledger: RequestLedger;
  clock: Pick<Clock, 'now'>;
  caps: () => SignalCaps;
  /** Runs a read alone on the machine by its key (another window's read of the range is waited for). */
  readAlone?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

const otherStatuses = ['in_progress', 'resolved', 'dismissed'] as const;

export class SignalsService {
  private readonly flights = new Map<string, Promise<SignalsReport>>();

  constructor(private readonly deps: SignalsServiceDeps) {}

  /** The most one read of a range can cost now (the caps are the writer's settings). */
  mostRequests(): number {
    return maxRequests(this.deps.caps());
  }

  /** From memory or disk, never from the service: for views that must cost no request. */
  fromCacheOnly(scope: ProjectScope, range: DayRange): Promise<SignalsReport | undefined> {
    return this.deps.cache.load(scope, range);
  }

  async load(
    scope: ProjectScope,
    range: DayRange,
    /** `budget`: the reservation of a read the writer asked for; without one, the read reserves inside the unasked share. */
    options: { force?: boolean; budget?: Reservation } = {},
  ): Promise<{ report: SignalsReport; fromCache: boolean }> {
    if (!options.force) {
      const report = await this.deps.cache.load(scope, range);
      if (report) return { report, fromCache: true };
    }
    const key = JSON.stringify(['signals', scope.baseUrl, scope.projectId, range.from, range.to]);
    let flight = this.flights.get(key);
    if (!flight) {
      const askedAt = this.deps.clock.now();
      const readHere = async (): Promise<SignalsReport> => {
        // Waited for another window's read of this range: its report is on disk now.
        const done = await this.deps.cache.load(scope, range);
        if (done && (!options.force || done.fetchedAt >= askedAt)) return done;
        // Starts the sentence the writer reads when the hour's budget has no room for it.
        const what = l10n.t({
          message: 'What readers said {0}',
          args: [formatDays(range.from, range.to, true)],
          comment: ['{0} is a range of days: "Nov 1–20, 2026"'],
        });
        return withBudget(this.deps.ledger, options.budget, this.mostRequests(), what, (reservation) =>
          this.read(scope, range, reservation),
        );
      };
      flight = (this.deps.readAlone ? this.deps.readAlone(key, readHere) : readHere()).finally(() => this.flights.delete(key));
      this.flights.set(key, flight);
    }
    return { report: await flight, fromCache: false };
  }

  private async read(scope: ProjectScope, range: DayRange, reservation: Reservation): Promise<SignalsReport> {
    const client = this.deps.client(scope);
    const caps = this.deps.caps();
    // The exports' readers (and the checks of their answers) load with the first read.
    const { readAssistant, readFeedback, readPageFeedback, readSearches } = await import('../api/signal-reads');
    // Every attempt (retries too) spends a reserved slot as it leaves; an export that finds none left stops, said to be incomplete.
    const counted = { onAttempt: () => reservation.spend() };
    const query = toQuery(range);
    const fetchedAt = this.deps.clock.now();
    const byPage = await readPageFeedback(client, scope.projectId, query, counted);
    const pending = await readFeedback(client, scope.projectId, query, { ...counted, maxRequests: caps.feedback, status: ['pending'] });
    const left = caps.feedback - pending.requests;
    const rest =
      pending.complete && left > 0
        ? await readFeedback(client, scope.projectId, query, { ...counted, maxRequests: left, status: otherStatuses })
        : { items: [], requests: 0, complete: false };
    const searches = await readSearches(client, scope.projectId, query, { ...counted, maxRequests: caps.searches });
    const turns = await readAssistant(client, scope.projectId, query, { ...counted, maxRequests: caps.assistant });
    const report: SignalsReport = {
      pageFeedback: byPage.pages,
      pageFeedbackHasMore: byPage.hasMore,
      entries: [...pending.items, ...rest.items],
      entriesComplete: pending.complete && rest.complete,
      searches: searches.items,
      totalSearches: searches.totalSearches,
      searchesComplete: searches.complete,
      turns: turns.items,
      turnsComplete: turns.complete,
      fetchedAt,
      requests: 1 + pending.requests + rest.requests + searches.requests + turns.requests,
    };
    await this.deps.cache.set(scope, range, report);
    return report;
  }
}
