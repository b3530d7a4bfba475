// Reads visitors reports for the panel, the status bar and the trend: from the cache (memory,
// then disk) when it can, else the pages of the API up to the read's cap, each request spent
// from a reservation in the hourly budget (read-budget.ts). A read the cap stopped early is
// returned said to be part of the range, and never kept as the range's report.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import type { DocsApiClient } from '../api/client';
import { CancelledError } from '../api/errors';
import { maxPageSize, readAllVisitors } from '../api/visitor-pages';
import { type Clock } from '../platform/clock';
import { formatDays, parseDay, toQuery } from './date-range';
import type { DayRange } from './protocol';
import type { RequestLedger } from './request-ledger';
import type { CachedReport, VisitorsCache } from './visitors-cache';
import type { Reservation } from '../platform/reserving-ledger';
import { readCap, withBudget } from './read-budget';

export type VisitorsClient = Pick<DocsApiClient, 'getVisitors'>;

/** A report read now, or kept; `partial`: the read's cap stopped it before the end of the range. */
export type ReadReport = CachedReport & { partial?: true };

export interface LoadResult {
  report: ReadReport;
  fromCache: boolean;
}

export interface LoadOptions {
  force?: boolean;
  signal?: AbortSignal;
  onPage?: (pagesRead: number) => void;
  /**
   * The reservation of a read the writer asked for (its caller gives it back). Without one the
   * read is nobody's request: it reserves its own cap inside the unasked share, or is refused.
   */
  budget?: Reservation;
}

export interface VisitorsServiceDeps {
  client: (scope: ProjectScope) => VisitorsClient;
  cache: VisitorsCache;
  ledger: RequestLedger;
  clock: Pick<Clock, 'now'>;
  /**
   * Runs a read alone on the machine, by the read's key: a window asking for a range another
   * window is reading waits for that read and takes its report. Absent: this process only.
   */
  readAlone?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

/** One read in progress, shared by every load of the same scope and range. */
interface Flight {
  promise: Promise<ReadReport>;
  controller: AbortController;
  /** Loads still waiting; the read is aborted when the last one gives up. */
  waiters: number;
  listeners: Array<(pagesRead: number) => void>;
}

const dayMs = 86_400_000;

function rangeKey(scope: ProjectScope, range: DayRange): string {
  return JSON.stringify([scope.baseUrl, scope.projectId, range.from, range.to]);
}

/** A read under way, by range and by whether it was asked for (only alike reads share one). */
function flightKey(scope: ProjectScope, range: DayRange, asked: boolean): string {
  return JSON.stringify([rangeKey(scope, range), asked ? 'asked' : 'unasked']);
}

/** A read's cost before it is made: from the closest report of the project, the site's pages, or nothing. */
export interface ReadEstimate {
  requests: number;
  from: 'report' | 'site' | 'nothing';
  /** The rows or pages the guess counts. */
  paths: number;
}

export class VisitorsService {
  private readonly flights = new Map<string, Flight>();
  private readonly readListeners = new Set<() => void>();
  /** Ranges a cap stopped early: at least this many requests (this session), for the next estimate. */
  private readonly atLeast = new Map<string, number>();

  constructor(private readonly deps: VisitorsServiceDeps) {}

  async load(scope: ProjectScope, range: DayRange, options: LoadOptions = {}): Promise<LoadResult> {
    if (options.signal?.aborted) throw new CancelledError();
    if (!options.force) {
      // Memory, else disk: another window or an earlier session may have read this range
      // (today's for five minutes). The file is looked for even when the index does not list it.
      const report = await this.deps.cache.load(scope, range);
      if (report) return { report, fromCache: true };
      if (options.signal?.aborted) throw new CancelledError();
    }
    // A refresh while the same read is under way gets that read: it is just as fresh. A read
    // asked for does not join one nobody asked for (that one may be refused, or stop sooner).
    const key = flightKey(scope, range, options.budget !== undefined);
    let flight = this.flights.get(key);
    if (!flight) {
      flight = this.startRead(key, scope, range, options);
      this.flights.set(key, flight);
    }
    const report = await this.join(key, flight, options);
    for (const listener of [...this.readListeners]) listener();
    return { report, fromCache: false };
  }

  /** Whether a read nobody asked for (the status bar's, the panel's own) of this range is under way here: another such read joins it, for no request more. */
  isReading(scope: ProjectScope, range: DayRange): boolean {
    return this.flights.has(flightKey(scope, range, false));
  }

  /** Called after this window read a report from the service (whoever asked: the panel, the status bar). */
  onDidRead(listener: () => void): { dispose(): void } {
    this.readListeners.add(listener);
    return { dispose: () => this.readListeners.delete(listener) };
  }

  /** A report from memory or disk, never from the service: for views that must cost no request. */
  fromCacheOnly(scope: ProjectScope, range: DayRange): Promise<CachedReport | undefined> {
    return this.deps.cache.load(scope, range);
  }

  /** What this session holds in memory; a report only on disk needs load(). */
  cached(scope: ProjectScope, range: DayRange): CachedReport | undefined {
    return this.deps.cache.get(scope, range);
  }

  /** Whether a load would be answered without a request: from memory, or from a file on disk (unless it turns out damaged). */
  isCached(scope: ProjectScope, range: DayRange): boolean {
    return this.deps.cache.has(scope, range);
  }

  /**
   * Requests a fresh read of this range would take, and what that guess rests on: ceil(rows/250)
   * of the closest cached report of the scope; without one, of `knownPaths` (a site's page
   * count) when given; else 1.
   */
  estimate(scope: ProjectScope, range: DayRange, knownPaths?: number): ReadEstimate {
    let best: { distance: [number, number]; rows: number } | undefined;
    for (const entry of this.deps.cache.entries(scope)) {
      const distance = rangeDistance(entry.range, range);
      if (!best || distance[0] < best.distance[0] || (distance[0] === best.distance[0] && distance[1] < best.distance[1])) {
        best = { distance, rows: entry.rows };
      }
    }
    const requestsFor = (paths: number): number => Math.max(1, Math.ceil(paths / maxPageSize));
    const cut = this.atLeast.get(rangeKey(scope, range));
    if (cut) return { requests: Math.max(cut, requestsFor(best?.rows ?? 0)), from: 'report', paths: (cut - 1) * maxPageSize };
    if (best) return { requests: requestsFor(best.rows), from: 'report', paths: best.rows };
    if (knownPaths) return { requests: requestsFor(knownPaths), from: 'site', paths: knownPaths };
    return { requests: 1, from: 'nothing', paths: 0 };
  }

  /** Requests a fresh read of this range would take (see `estimate`). */
  estimatePages(scope: ProjectScope, range: DayRange, knownPaths?: number): number {
    return this.estimate(scope, range, knownPaths).requests;
  }

  /** The requests a fresh read of this range reserves and stops at (kept or not: a refresh reads again). */
  cap(scope: ProjectScope, range: DayRange, knownPaths?: number): number {
    return readCap(this.estimate(scope, range, knownPaths));
  }

  private startRead(key: string, scope: ProjectScope, range: DayRange, options: LoadOptions): Flight {
    const controller = new AbortController();
    const askedAt = this.deps.clock.now();
    const listeners: Flight['listeners'] = [];
    const { cache, clock, ledger } = this.deps;
    const force = options.force === true;
    const client = this.deps.client(scope);
    const readHere = async (): Promise<ReadReport> => {
      // Waited for another window's read of the same range? Its report is on disk now (for a
      // refresh, only one read since it was asked for will do).
      const done = await cache.load(scope, range);
      if (done && (!force || done.fetchedAt >= askedAt)) return done;
      if (controller.signal.aborted) throw new CancelledError();
      // Reserved now, just before the first request; every attempt (retries too) spends a slot as it leaves.
      const what = l10n.t({
        message: 'Visitors of {0}',
        args: [formatDays(range.from, range.to, true)],
        comment: ['Starts a sentence: "Visitors of Nov 1–7, 2026 was not read: …"'],
      });
      return withBudget(ledger, options.budget, readCap(this.estimate(scope, range)), what, async (reservation) => {
        const fetchedAt = clock.now();
        let pagesRead = 0;
        const result = await readAllVisitors(client, scope.projectId, toQuery(range), {
          signal: controller.signal,
          pageSize: maxPageSize,
          onAttempt: () => reservation.spend(),
          onPage: () => {
            pagesRead++;
            for (const listener of [...listeners]) listener(pagesRead);
          },
        });
        // Everyone gave up while the last page arrived: the read counts as cancelled.
        if (controller.signal.aborted) throw new CancelledError();
        const report: ReadReport = { totals: result.totals, rows: result.rows, fetchedAt, requests: result.requests };
        if (!result.complete) {
          this.atLeast.set(rangeKey(scope, range), result.requests + 1);
          return { ...report, partial: true };
        }
        await cache.set(scope, range, report);
        return report;
      });
    };
    const read = async (): Promise<ReadReport> => {
      try {
        return await (this.deps.readAlone ? this.deps.readAlone(rangeKey(scope, range), readHere) : readHere());
      } finally {
        if (this.flights.get(key)?.controller === controller) this.flights.delete(key);
      }
    };
    return { promise: read(), controller, waiters: 0, listeners };
  }

  /** Waits for a shared read; this caller's signal ends only its own wait, unless it is the last one. */
  private join(key: string, flight: Flight, options: LoadOptions): Promise<ReadReport> {
    const { signal, onPage } = options;
    flight.waiters++;
    if (onPage) flight.listeners.push(onPage);
    return new Promise<ReadReport>((resolve, reject) => {
      const leave = (): void => {
        signal?.removeEventListener('abort', onAbort);
        const index = onPage ? flight.listeners.indexOf(onPage) : -1;
        if (index !== -1) flight.listeners.splice(index, 1);
      };
      const onAbort = (): void => {
        leave();
        if (--flight.waiters === 0) {
          // A later load must start afresh, not join a read being torn down.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
        reject(new CancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (report) => {
          leave();
          resolve(report);
        },
        (error: unknown) => {
          leave();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}

/**
 * How unlike two ranges are, for estimates: the number of paths grows with a range's length,
 * so length (as a ratio: 7 days is nearer 1 than 90) comes first, then how far apart they lie.
 */
function rangeDistance(a: DayRange, b: DayRange): [number, number] {
  const [aFrom, aTo, bFrom, bTo] = [a.from, a.to, b.from, b.to].map(parseDay);
  if (aFrom === undefined || aTo === undefined || bFrom === undefined || bTo === undefined) return [Infinity, Infinity];
  const ratio = Math.abs(Math.log((aTo - aFrom + dayMs) / (bTo - bFrom + dayMs)));
  return [ratio, Math.abs(aFrom - bFrom) + Math.abs(aTo - bTo)];
}
