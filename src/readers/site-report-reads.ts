// Reading the reports the Pages view is missing, on the writer's word: what it costs (stated
// before), never past the hourly budget without asking, and one clear message when it fails.
import { fitsBudgetOrAsk } from '../visitors/budget-question';
import * as vscode from 'vscode';
import { showError } from '../editor/show-error';
import { inRange, rangeLabel } from '../visitors/date-range';
import { analyticsLimitPerHour, type RequestLedger } from '../visitors/request-ledger';
import type { SiteReport } from './site-readers';
import { countText } from './page-readers';
import type { ReadEstimate, VisitorsService } from '../visitors/visitors-service';
import { withProgressNote } from '../editor/say';

export interface SiteReportReadDeps {
  service: Pick<VisitorsService, 'isCached' | 'estimate' | 'load'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'wouldExceed'>;
  log: vscode.LogOutputChannel;
}

type Missing = Pick<SiteReport, 'scope' | 'range'> & { site?: Pick<SiteReport['site'], 'pages'> };

function estimateOf(deps: Pick<SiteReportReadDeps, 'service'>, r: Missing): ReadEstimate | undefined {
  // A report has about one row per page, plus paths no page serves: the site's pages are the floor when nothing was read yet.
  return deps.service.isCached(r.scope, r.range) ? undefined : deps.service.estimate(r.scope, r.range, r.site?.pages.length);
}

/** Requests reading these ranges takes: none for a kept one, else the estimate from the closest kept report or the site's pages. */
export function requestsFor(deps: Pick<SiteReportReadDeps, 'service'>, missing: readonly Missing[]): number {
  return missing.reduce((sum, r) => sum + (estimateOf(deps, r)?.requests ?? 0), 0);
}

/** What an estimate rests on, so the writer can judge it: " (estimated from the site's 873 pages)". */
function basisText(estimates: readonly ReadEstimate[]): string {
  const one = estimates.length === 1 ? estimates[0] : undefined;
  if (!one) return estimates.length ? ' (estimated)' : '';
  if (one.from === 'report') return ` (estimated from the last report's ${countText(one.paths)} paths)`;
  return one.from === 'site' ? ` (estimated from the site's ${countText(one.paths)} pages)` : ' (estimated)';
}

/** "the last 30 days: about 4 requests (estimated from the site's 873 pages) of the 100 an hour (3 used)". */
export function readCost(deps: SiteReportReadDeps, missing: readonly SiteReport[]): string {
  const estimates = missing.flatMap((r) => estimateOf(deps, r) ?? []);
  const requests = estimates.reduce((sum, e) => sum + e.requests, 0);
  const range = missing[0] ? inRange(rangeLabel(missing[0].range)).replace(/^in /, '') : '';
  return `${range}: about ${requests} request${requests === 1 ? '' : 's'}${basisText(estimates)} of the ${analyticsLimitPerHour} an hour (${deps.ledger.countLastHour()} used)`;
}

export async function readMissingReports(deps: SiteReportReadDeps, missing: readonly SiteReport[]): Promise<boolean> {
  if (!missing.length) return true;
  const requests = requestsFor(deps, missing);
  if (!(await fitsBudgetOrAsk(deps.ledger, requests, 'Reading visitors for the Pages view', 'Load Anyway'))) return false;
  try {
    await withProgressNote({ location: vscode.ProgressLocation.Notification, title: 'Reading visitors for the Pages view…' }, () =>
      Promise.all(missing.map((r) => deps.service.load(r.scope, r.range))),
    );
    return true;
  } catch (error) {
    showError(error, deps.log, () => readMissingReports(deps, missing));
    return false;
  }
}
