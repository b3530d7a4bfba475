// What reading the reports the Pages view is missing costs: the requests, the most they may take
// (reserved first), and the line that says so. The read itself is missing-reports.ts.
import type * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import { count } from '../platform/words';
import { costText } from './site-read-text';
import { formatDays, presetDays } from '../visitors/date-range';
import type { RangeChoice } from '../visitors/protocol';
import type { RequestLedger } from '../visitors/request-ledger';
import type { SiteReport } from './site-readers';
import type { ReadEstimate, VisitorsService } from '../visitors/visitors-service';
import { readCap } from '../visitors/read-budget';

export interface SiteReportReadDeps {
  service: Pick<VisitorsService, 'isCached' | 'estimate' | 'load'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'wouldExceed' | 'reserve' | 'none' | 'committed'>;
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

/** The most reading them may take, reserved before the first request: each range's cap. */
export function capFor(deps: Pick<SiteReportReadDeps, 'service'>, missing: readonly Missing[]): number {
  return missing.reduce((sum, r) => {
    const estimate = estimateOf(deps, r);
    return sum + (estimate ? readCap(estimate) : 0);
  }, 0);
}

/** What an estimate rests on, so the writer can judge it: "(estimated from the site's 873 pages)"; undefined when nothing is estimated. */
function basisText(estimates: readonly ReadEstimate[]): string | undefined {
  const one = estimates.length === 1 ? estimates[0] : undefined;
  if (!one) return estimates.length ? l10n.t('(estimated)') : undefined;
  if (one.from === 'report') return l10n.t("(estimated from the last report's {0} paths)", count(one.paths));
  return one.from === 'site' ? l10n.t("(estimated from the site's {0} pages)", count(one.paths)) : l10n.t('(estimated)');
}

/** "the last 30 days", "Nov 1–20, 2026": the range at the head of the cost. */
function rangeText(range: RangeChoice): string {
  return range.preset === 'custom' ? formatDays(range.from, range.to, true) : l10n.t('the last {0} days', count(presetDays[range.preset]));
}

/** "the last 30 days: about 4 requests (estimated from the site's 873 pages) of the 100 an hour (3 used)". */
export function readCost(deps: SiteReportReadDeps, missing: readonly SiteReport[]): string {
  const estimates = missing.flatMap((r) => estimateOf(deps, r) ?? []);
  const requests = estimates.reduce((sum, e) => sum + e.requests, 0);
  const range = missing[0] ? rangeText(missing[0].range) : '';
  return costText(range, requests, deps.ledger.countLastHour(), basisText(estimates));
}
