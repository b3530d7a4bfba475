// Reading the reports the Pages view is missing, on the writer's word: what it costs (stated
// before), never past the hourly budget without asking, and one clear message when it fails.
import * as vscode from 'vscode';
import { showError } from '../editor/show-error';
import { inRange, rangeLabel } from './date-range';
import { analyticsLimitPerHour, type RequestLedger } from './request-ledger';
import type { SiteReport } from './site-readers';
import type { VisitorsService } from './visitors-service';

export interface SiteReportReadDeps {
  service: Pick<VisitorsService, 'isCached' | 'estimatePages' | 'load'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'wouldExceed'>;
  log: vscode.LogOutputChannel;
}

/** Requests reading these ranges takes: none for a kept one, else the estimate from the closest kept report. */
export function requestsFor(deps: Pick<SiteReportReadDeps, 'service'>, missing: readonly Pick<SiteReport, 'scope' | 'range'>[]): number {
  return missing.reduce((sum, r) => sum + (deps.service.isCached(r.scope, r.range) ? 0 : deps.service.estimatePages(r.scope, r.range)), 0);
}

/** "the last 30 days: about 1 request of the 100 an hour (3 used)". */
export function readCost(deps: SiteReportReadDeps, missing: readonly SiteReport[]): string {
  const requests = requestsFor(deps, missing);
  const range = missing[0] ? inRange(rangeLabel(missing[0].range)).replace(/^in /, '') : '';
  return `${range}: about ${requests} request${requests === 1 ? '' : 's'} of the ${analyticsLimitPerHour} an hour (${deps.ledger.countLastHour()} used)`;
}

export async function readMissingReports(deps: SiteReportReadDeps, missing: readonly SiteReport[]): Promise<boolean> {
  if (!missing.length) return true;
  const requests = requestsFor(deps, missing);
  if (deps.ledger.wouldExceed(requests)) {
    const anyway = 'Load Anyway';
    const picked = await vscode.window.showWarningMessage(
      `Loading takes about ${requests} requests; ${deps.ledger.countLastHour()} of the ${analyticsLimitPerHour} this hour are used, so the service may refuse some.`,
      { modal: true },
      anyway,
    );
    if (picked !== anyway) return false;
  }
  try {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Reading visitors for the Pages view…' },
      () => Promise.all(missing.map((r) => deps.service.load(r.scope, r.range))),
    );
    return true;
  } catch (error) {
    showError(error, deps.log, () => readMissingReports(deps, missing));
    return false;
  }
}
