// Visitors of one page week by week. The API has no per-day breakdown and no path filter, so
// each week is one full report read; past weeks are then cached for good, which keeps the
// second look at a trend free.
import type { ProjectScope } from '../api/project-scope';
import { weeksOf } from './date-range';
import { rowsForPage } from './page-path';
import type { DayRange, TrendWeek } from './protocol';

import type { VisitorsService } from './visitors-service';
import type { Reservation } from '../platform/reserving-ledger';
import { ReservationSpentError } from '../platform/reserving-ledger';

export interface TrendOptions {
  signal?: AbortSignal;
  /** The trend's reservation: every week's read spends from it. */
  budget?: Reservation;
  onWeek?: (done: number, of: number) => void;
}

export interface TrendCost {
  requests: number;
  cachedWeeks: number;
  weeks: number;
}

/** Visitors per week for one page; a week with no row for the page counts as zeros. */
export async function pageTrend(
  service: VisitorsService,
  scope: ProjectScope,
  range: DayRange,
  pagePath: string,
  options: TrendOptions = {},
): Promise<{ weeks: TrendWeek[]; requests: number }> {
  const weeks = weeksOf(range);
  const result: TrendWeek[] = [];
  let requests = 0;
  // One week after another: gentler on the hourly budget, and a cancel stops at once.
  for (const week of weeks) {
    const { report, fromCache } = await service.load(scope, week, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.budget ? { budget: options.budget } : {}),
    });
    if (!fromCache) requests += report.requests;
    // A week read in part would show a wrong number: the trend stops and says why.
    if (report.partial) throw new ReservationSpentError(options.budget?.slots ?? report.requests);
    // Every form naming the page adds up (`/a`, `/a/`, its whole URL), as everywhere else.
    const row = rowsForPage(report.rows, pagePath)[0];
    result.push({ from: week.from, to: week.to, human: row?.human ?? 0, ai: row?.ai ?? 0, total: row?.total ?? 0 });
    options.onWeek?.(result.length, weeks.length);
  }
  return { weeks: result, requests };
}

/** What the trend would cost: weeks not cached yet * estimatePages; and how many weeks are cached. */
export function trendCost(service: VisitorsService, scope: ProjectScope, range: DayRange): TrendCost {
  const weeks = weeksOf(range);
  let requests = 0;
  let cachedWeeks = 0;
  for (const week of weeks) {
    // Weeks on disk count too: after a reload they cost no request either.
    if (service.isCached(scope, week)) cachedWeeks++;
    else requests += service.estimatePages(scope, week);
  }
  return { requests, cachedWeeks, weeks: weeks.length };
}

/** The most reading the weeks not kept may take, reserved before the first: each week's cap. */
export function trendCap(service: Pick<VisitorsService, 'isCached' | 'cap'>, scope: ProjectScope, range: DayRange): number {
  return weeksOf(range).reduce((sum, week) => sum + (service.isCached(scope, week) ? 0 : service.cap(scope, week)), 0);
}
