// The reader feedback tool: what readers said of a page (votes, comments, searches that lead
// to it, assistant questions citing it) or across the docs sites (unhappy pages, searches that
// found nothing, questions the assistant could not answer). Answered from a kept read for free
// when it can; a read states its most first and reserves it before its first request, and one
// that does not fit in the hourly analytics budget is refused here (no read passes it).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ApiKeyStore } from '../editor/api-key-store';
import { readerThresholds } from '../editor/config-readers';
import { shareText, signalsByPage } from '../readers/reader-signals';
import { signalGroups } from '../readers/signal-groups';
import type { SignalsReport } from '../readers/signals-report';
import type { SignalsService } from '../readers/signals-service';
import type { SiteReaders } from '../readers/site-readers';
import { rangeLabel } from '../visitors/date-range';
import type { RangeChoice } from '../visitors/protocol';
import { analyticsLimitPerHour, type RequestLedger } from '../visitors/request-ledger';
import type { ProjectScope } from '../api/project-scope';
import { failureText, InputProblem, tasks } from './failure-text';
import { feedbackCostConfirmation, feedbackRefusalText, pageFeedbackText, siteFeedbackText } from './feedback-tool-text';
import { pageTarget, type PageInput, type RangeInput, rangeOf } from './page-target';
import { readSource } from './read-source';
import type { Caller } from './tool-target';
import type { ToolWork } from './tool-work';
import type { ToolAnswer } from './tool-definition';
import { Reservation } from '../platform/reserving-ledger';
import { toolNames } from '../platform/manifest-ids';

export interface FeedbackToolDeps {
  signals: Pick<SignalsService, 'load' | 'fromCacheOnly' | 'mostRequests'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'committedNow' | 'reserve' | 'none'>;
  readers: Pick<SiteReaders, 'reports' | 'refresh'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
}

export interface ReaderFeedbackInput extends PageInput, RangeInput {
  /** The whole docs sites instead of one page. */
  site?: boolean;
  limit?: number;
}

interface Plan {
  reads: { scope: ProjectScope; range: RangeChoice }[];
  /** The page asked about; none for the whole sites. */
  pagePath?: string;
  range: RangeChoice;
}

/** The reads a question needs: the whole docs sites, or one page's project. */
async function planOf(deps: FeedbackToolDeps, input: ReaderFeedbackInput, caller: Caller): Promise<Plan | { problem: unknown }> {
  const range = rangeOf(input);
  if (!('ok' in range)) return range;
  if (input.site) {
    await deps.readers.refresh();
    const reads = deps.readers.reports().map((r) => ({ scope: r.scope, range: range.ok }));
    return { reads, range: range.ok };
  }
  const target = await pageTarget(input, deps.readers, caller);
  if (!('ok' in target)) return target;
  const { scope, pagePath } = target.ok;
  return { reads: [{ scope, range: range.ok }], pagePath, range: range.ok };
}

/** Requests the reads not kept yet may cost at most, and the hour's use. */
async function costOf(deps: FeedbackToolDeps, plan: Plan): Promise<{ most: number; used: number }> {
  const kept = await Promise.all(plan.reads.map((r) => deps.signals.fromCacheOnly(r.scope, r.range)));
  const most = kept.filter((report) => !report).length * deps.signals.mostRequests();
  return { most, used: most ? await deps.ledger.committedNow() : deps.ledger.countLastHour() };
}

/** Reads what the plan needs (from kept reads when it can), within the budget; or why not. */
async function readAll(deps: FeedbackToolDeps, plan: Plan): Promise<{ report: SignalsReport; fromCache: boolean }[] | ToolAnswer> {
  const { most, used } = await costOf(deps, plan);
  const refusal = (): ToolAnswer => ({
    text: failureText(tasks.readFeedback, new InputProblem(feedbackRefusalText(plan.pagePath, most, used))),
    failed: true,
  });
  if (most > 0 && used + most > analyticsLimitPerHour) return refusal();
  let budget: Reservation = deps.ledger.none();
  try {
    if (most) await deps.keys.require();
    // Checked and reserved at once: another window may have taken the room since the check above.
    const taken = most ? await deps.ledger.reserve(most) : budget;
    if (!(taken instanceof Reservation)) return refusal();
    budget = taken;
    const reports: { report: SignalsReport; fromCache: boolean }[] = [];
    for (const read of plan.reads) reports.push(await deps.signals.load(read.scope, read.range, { budget }));
    return reports;
  } catch (error) {
    return { text: failureText(tasks.readFeedback, error), failed: true };
  } finally {
    await budget.release().catch(() => undefined);
  }
}

function siteFeedback(deps: FeedbackToolDeps, reports: { report: SignalsReport }[]) {
  return deps.readers.reports().map((site, i) => {
    const report = reports[i]?.report;
    const groups = report && signalGroups(site.site.pages, report, readerThresholds(), '');
    const file = (name: string | undefined): string | undefined =>
      name && vscode.workspace.asRelativePath(vscode.Uri.joinPath(site.site.root, name), false);
    return {
      site: vscode.workspace.asRelativePath(site.site.root, true) || site.scope.projectId,
      unhappy: (groups?.unhappy ?? []).map((row) => ({ ...row.page, file: file(row.sitePage?.file) })),
      searches: groups?.searches ?? [],
      questions: groups?.questions ?? [],
      partial: Object.values(groups?.partial ?? {}),
    };
  });
}

export function readerFeedbackTool(deps: FeedbackToolDeps): ToolWork<ReaderFeedbackInput> {
  return {
    name: toolNames.readerFeedback,
    progress: (input) =>
      input.site
        ? l10n.t('Reading what readers said across the docs sites')
        : l10n.t('Reading what readers said about {0}', String(input.pagePath ?? input.file ?? l10n.t('the open page'))),
    async consent(input, caller) {
      const plan = await planOf(deps, input, caller);
      if ('problem' in plan) return undefined;
      const { most, used } = await costOf(deps, plan);
      const asks = most > 0 && used + most <= analyticsLimitPerHour && (await deps.keys.usable());
      return asks ? feedbackCostConfirmation(plan.pagePath, rangeLabel(plan.range, { withDays: true }), most, used) : undefined;
    },
    async run(input, call) {
      const plan = await planOf(deps, input, call);
      if ('problem' in plan) return { text: failureText(tasks.readFeedback, plan.problem), failed: true };
      const reports = await readAll(deps, plan);
      if (!Array.isArray(reports)) return reports;
      const label = rangeLabel(plan.range, { withDays: true });
      const source = readSource(reports, deps.ledger);
      const limit = Math.min(50, Math.max(1, Math.round(Number(input.limit ?? 10)) || 10));
      if (plan.pagePath === undefined) return { text: siteFeedbackText(siteFeedback(deps, reports), label, source, limit) };
      const [first] = reports;
      if (!first) return { text: l10n.t('Nothing was read.') };
      const said = signalsByPage(first.report)(plan.pagePath);
      return { text: pageFeedbackText(said, label, shareText(first.report), source, limit) };
    },
  };
}
