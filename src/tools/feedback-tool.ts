// The reader feedback tool: what readers said of a page (votes, comments, searches that lead
// to it, assistant questions citing it) or across the docs sites (unhappy pages, searches that
// found nothing, questions the assistant could not answer). Answered from a kept read for free
// when it can; a read states its most first and reserves it before its first request, and one
// that does not fit in the hourly analytics budget is refused here (no read passes it).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { sameScope } from '../jobs/tracked-job';
import { toolNames } from '../platform/manifest-ids';
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
import { feedbackCostConfirmation, feedbackRefusalText, pageFeedbackText, type SiteFeedback, siteFeedbackText } from './feedback-tool-text';
import { consentOf } from './job-tool-text';
import { pageTarget, type PageInput, type RangeInput, rangeOf, sitesAsked, type SitesInput } from './page-target';
import { readSource } from './read-source';
import { projectsCovered, type ToolAnswer, type ToolCall, type ToolDefinition } from './tool-definition';
import { unaskedCostText } from './readers-tool-text';
import { described } from './tool-schemas';
import type { Caller } from './tool-target';
import { Reservation } from '../platform/reserving-ledger';

export interface FeedbackToolDeps {
  signals: Pick<SignalsService, 'load' | 'fromCacheOnly' | 'mostRequests'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'committedNow' | 'reserve' | 'none'>;
  readers: Pick<SiteReaders, 'reports' | 'refresh'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
}

export interface ReaderFeedbackInput extends PageInput, RangeInput, SitesInput {
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

const failed = (text: string): ToolAnswer => ({ text, failed: true });

async function planOf(deps: FeedbackToolDeps, input: ReaderFeedbackInput, call: Caller): Promise<Plan | { problem: unknown }> {
  const range = rangeOf(input);
  if (!('ok' in range)) return range;
  if (input.site) {
    const sites = await sitesAsked(input, deps.readers, call);
    if (!('ok' in sites)) return sites;
    return { reads: sites.ok.map((r) => ({ scope: r.scope, range: range.ok })), range: range.ok };
  }
  const target = await pageTarget(input, deps.readers, call);
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

/** The reads, each from the cache when kept: or why not (over the budget, no key, a failure). */
async function loadAll(
  deps: FeedbackToolDeps,
  plan: Plan,
  call: Pick<ToolCall, 'allowed'>,
): Promise<{ reports: Loaded[] } | { text: string }> {
  const { most, used } = await costOf(deps, plan);
  const refusal = { text: failureText(tasks.readFeedback, new InputProblem(feedbackRefusalText(plan.pagePath, most, used))) };
  if (most > 0 && used + most > analyticsLimitPerHour) return refusal;
  let budget: Reservation = deps.ledger.none();
  try {
    if (most) await deps.keys.require();
    if (most > (call.allowed?.requests ?? 0)) return { text: unaskedCostText(most) };
    // Checked and reserved at once: another window may have taken the room since the check above.
    const taken = most ? await deps.ledger.reserve(most) : budget;
    if (!(taken instanceof Reservation)) return refusal;
    budget = taken;
    const reports: Loaded[] = [];
    for (const read of plan.reads) reports.push(await deps.signals.load(read.scope, read.range, { budget }));
    return { reports };
  } catch (error) {
    return { text: failureText(tasks.readFeedback, error) };
  } finally {
    await budget.release().catch(() => undefined);
  }
}

type Loaded = { report: SignalsReport; fromCache: boolean };

/** Every open site's groups, for siteFeedbackText. */
function sitesOf(deps: FeedbackToolDeps, plan: Plan, reports: readonly Loaded[]): SiteFeedback[] {
  const sites = deps.readers.reports().filter((site) => plan.reads.some((read) => sameScope(read.scope, site.scope)));
  return sites.map((site, i) => {
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

export function readerFeedbackTool(deps: FeedbackToolDeps): ToolDefinition<ReaderFeedbackInput> {
  return {
    ...described(toolNames.readerFeedback),
    progress(input) {
      const page = input.pagePath ?? input.file;
      if (input.site) return l10n.t('Reading what readers said across the docs sites');
      return page ? l10n.t('Reading what readers said about {0}', page) : l10n.t('Checking what to read');
    },
    async consent(input, call) {
      const plan = await planOf(deps, input, call);
      if ('problem' in plan) return undefined;
      const { most, used } = await costOf(deps, plan);
      const asks = most > 0 && used + most <= analyticsLimitPerHour && (await deps.keys.usable());
      const label = rangeLabel(plan.range, { withDays: true });
      if (!asks) return undefined;
      return {
        ...consentOf(feedbackCostConfirmation(plan.pagePath, label, most, used)),
        covers: projectsCovered(plan.reads.map((r) => r.scope)),
        requests: most,
      };
    },
    async run(input, call) {
      const plan = await planOf(deps, input, call);
      if ('problem' in plan) return failed(failureText(tasks.readFeedback, plan.problem));
      const loaded = await loadAll(deps, plan, call);
      if ('text' in loaded) return failed(loaded.text);
      const label = rangeLabel(plan.range, { withDays: true });
      const source = readSource(loaded.reports, deps.ledger);
      const limit = Math.min(50, Math.max(1, Math.round(Number(input.limit ?? 10)) || 10));
      if (plan.pagePath !== undefined) {
        const [first] = loaded.reports;
        if (!first) return { text: l10n.t('Nothing was read.') };
        const said = signalsByPage(first.report)(plan.pagePath);
        return { text: pageFeedbackText(said, label, shareText(first.report), source, limit) };
      }
      return { text: siteFeedbackText(sitesOf(deps, plan, loaded.reports), label, source, limit) };
    },
  };
}
