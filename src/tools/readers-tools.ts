// The visitors tools: one page's readers, and the pages that need attention across the docs
// tree. Answered from kept reports when they can (free); a read says first what it costs, reserves
// its worst case before its first request, and is refused here when that does not fit in the
// hourly analytics budget (no read passes it).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { toolNames } from '../platform/manifest-ids';
import { rangeLabel } from '../visitors/date-range';
import { readersByPage, readersWithoutPage } from '../readers/page-readers';
import { pagesGroups } from '../readers/pages-model';
import type { RangeChoice } from '../visitors/protocol';
import { analyticsLimitPerHour, type RequestLedger } from '../visitors/request-ledger';
import type { SiteReaders, SiteReport } from '../readers/site-readers';
import { capFor, requestsFor } from '../readers/site-report-reads';
import { Reservation } from '../platform/reserving-ledger';
import type { LoadResult, VisitorsService } from '../visitors/visitors-service';
import type { ApiKeyStore } from '../editor/api-key-store';
import { visitorsMostlyAiPercent } from '../editor/config';
import { failureText, type Task, tasks } from './failure-text';
import type { Caller } from './tool-target';
import { consentOf } from './job-tool-text';
import { readSource } from './read-source';
import { pageTarget, type PageInput, type RangeInput, rangeOf, sitesAsked, type SitesInput } from './page-target';
import {
  attentionText,
  budgetRefusalText,
  pageVisitorsText,
  readCostConfirmation,
  type SiteAttention,
  unaskedCostText,
  type VisitorsRead,
} from './readers-tool-text';
import { projectsCovered, type ConsentQuestion, type ToolAnswer, type ToolCall, type ToolDefinition } from './tool-definition';
import { described } from './tool-schemas';

export interface ReadersToolDeps {
  service: Pick<VisitorsService, 'isCached' | 'estimate' | 'load'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'committedNow' | 'msUntilCommittedRoom' | 'reserve' | 'none'>;
  readers: Pick<SiteReaders, 'reports' | 'refresh'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
}

type Read = Pick<SiteReport, 'scope'> & { range: RangeChoice };

interface Cost {
  requests: number;
  /** The most the reads may take: what they reserve. */
  cap: number;
  used: number;
  over: boolean;
  /** The range the reads are of: "Last 7 days · Nov 17–23, 2026". */
  label: string;
}

/** What reading the ranges not kept yet costs now: requests, and the hour's use so far. */
async function costOf(deps: ReadersToolDeps, reads: readonly Read[]): Promise<Cost> {
  const [requests, cap] = [requestsFor(deps, reads), capFor(deps, reads)];
  const used = requests ? await deps.ledger.committedNow() : deps.ledger.countLastHour();
  const label = reads[0] ? rangeLabel(reads[0].range, { withDays: true }) : '';
  return { requests, cap, used, over: used + cap > analyticsLimitPerHour, label };
}

/** Asks before a read (never before a free answer, nor for one that will be refused or cannot be made). */
async function readConsent(deps: ReadersToolDeps, reads: readonly Read[], what: VisitorsRead): Promise<ConsentQuestion | undefined> {
  const cost = await costOf(deps, reads);
  if (!cost.requests || cost.over || !(await deps.keys.usable())) return undefined;
  return {
    ...consentOf(readCostConfirmation(what, cost.label, cost.requests, cost.used)),
    covers: projectsCovered(reads.map((r) => r.scope)),
    requests: cost.cap,
  };
}

/** What failed, when a read of `what` did. */
const readTask = (what: VisitorsRead): Task => ('page' in what ? tasks.readVisitorsOf(what.page) : tasks.readEveryPage);

/** Loads each read (from the cache when kept), or says why not: over the budget, no key, a failure. */
async function loadAll(
  deps: ReadersToolDeps,
  reads: readonly Read[],
  what: VisitorsRead,
  call: Pick<ToolCall, 'signal' | 'allowed'>,
): Promise<{ results: LoadResult[]; text?: undefined } | { text: string; results?: undefined }> {
  const cost = await costOf(deps, reads);
  const refusal = (): { text: string } => ({
    text: budgetRefusalText(what, cost.label, cost.cap, cost.used, deps.ledger.msUntilCommittedRoom(cost.cap)),
  });
  if (cost.over) return refusal();
  let budget: Reservation = deps.ledger.none();
  try {
    if (cost.requests) await deps.keys.require();
    if (cost.cap > (call.allowed?.requests ?? 0)) return { text: unaskedCostText(cost.cap) };
    // Checked and reserved at once: another window may have taken the room since the check above.
    const taken = cost.cap ? await deps.ledger.reserve(cost.cap) : budget;
    if (!(taken instanceof Reservation)) return refusal();
    budget = taken;
    const results: LoadResult[] = [];
    for (const read of reads) results.push(await deps.service.load(read.scope, read.range, { signal: call.signal, budget }));
    return { results };
  } catch (error) {
    return { text: failureText(readTask(what), error) };
  } finally {
    await budget.release().catch(() => undefined);
  }
}

/** "docs", or the folder's name when the site is the whole folder. */
function siteName(root: vscode.Uri): string {
  const relative = vscode.workspace.asRelativePath(root, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  return relative === root.fsPath || relative === '' ? (vscode.workspace.getWorkspaceFolder(root)?.name ?? root.fsPath) : relative;
}

const failed = (text: string): ToolAnswer => ({ text, failed: true });

export interface PageVisitorsInput extends PageInput, RangeInput {}

export function pageVisitorsTool(deps: ReadersToolDeps): ToolDefinition<PageVisitorsInput> {
  return {
    ...described(toolNames.pageVisitors),
    progress: (input) => {
      const page = input.pagePath ?? input.file;
      return page ? l10n.t('Reading visitors of {0}', page) : l10n.t('Checking the page');
    },
    async consent(input, call) {
      const [target, range] = [await pageTarget(input, deps.readers, call), rangeOf(input)];
      if (!('ok' in target) || !('ok' in range)) return undefined;
      return readConsent(deps, [{ scope: target.ok.scope, range: range.ok }], { page: target.ok.pagePath });
    },
    async run(input, call) {
      const [target, range] = [await pageTarget(input, deps.readers, call), rangeOf(input)];
      if (!('ok' in target)) return failed(failureText(tasks.readVisitors, target.problem));
      if (!('ok' in range)) return failed(failureText(tasks.readVisitors, range.problem));
      const { scope, pagePath, file } = target.ok;
      const loaded = await loadAll(deps, [{ scope, range: range.ok }], { page: pagePath }, call);
      const [result] = loaded.results ?? [];
      if (!result) return failed(loaded.text ?? '');
      const readers = readersByPage([{ pagePath }], result.report.rows).get(pagePath);
      if (!readers) return { text: l10n.t('No visitors of {0} were read.', pagePath) };
      const label = rangeLabel(range.ok, { withDays: true });
      const source = readSource([result], deps.ledger);
      return { text: pageVisitorsText({ pagePath, file, range: label, readers, site: result.report.totals, source }) };
    },
  };
}

export interface AttentionInput extends SitesInput {
  range?: string;
  limit?: number;
}

/** What each site's pages read as, for attentionText. */
function attentionOf(
  sites: readonly SiteReport[],
  results: readonly LoadResult[],
  mostlyAiPercent: number,
  deps: ReadersToolDeps,
): SiteAttention[] {
  const source = readSource(results, deps.ledger);
  return sites.map((s, i) => {
    const rows = results[i]?.report.rows ?? [];
    const inWorkspace = (file: string | undefined): string | undefined =>
      file && vscode.workspace.asRelativePath(vscode.Uri.joinPath(s.site.root, file), false);
    const readers = readersByPage(s.site.pages, rows);
    const groups = pagesGroups(s.site.pages, readers, readersWithoutPage(rows, s.site.pages, s.site.redirects), {
      sort: 'visitors',
      filter: '',
      mostlyAiPercent,
    });
    const local = <T extends { file: string | undefined }>(row: T): T => ({ ...row, file: inWorkspace(row.file) });
    return {
      site: siteName(s.site.root),
      projectId: s.scope.projectId,
      siteTotals: results[i]?.report.totals ?? { human: 0, ai: 0, total: 0 },
      pages: groups.all.map(local),
      mostlyAi: groups.mostlyAi.map(local),
      withoutPage: groups.withoutPage,
      source,
    };
  });
}

export function pagesNeedingAttentionTool(deps: ReadersToolDeps): ToolDefinition<AttentionInput> {
  const reads = async (
    input: AttentionInput,
    call: Caller,
  ): Promise<{ sites: SiteReport[]; range: RangeChoice } | { problem: unknown }> => {
    const range = rangeOf({ ...(input.range ? { range: input.range } : {}) });
    if (!('ok' in range)) return range;
    const sites = await sitesAsked(input, deps.readers, call);
    return 'ok' in sites ? { sites: sites.ok, range: range.ok } : sites;
  };
  return {
    ...described(toolNames.pagesNeedingAttention),
    progress: () => l10n.t('Finding the pages that need attention'),
    async consent(input, call) {
      const asked = await reads(input, call);
      if ('problem' in asked) return undefined;
      const what = { sites: asked.sites.length };
      return readConsent(
        deps,
        asked.sites.map((s) => ({ scope: s.scope, range: asked.range })),
        what,
      );
    },
    async run(input, call) {
      const asked = await reads(input, call);
      if ('problem' in asked) return failed(failureText(tasks.findAttention, asked.problem));
      const { sites, range } = asked;
      const mostlyAiPercent = visitorsMostlyAiPercent();
      if (!sites.length) return { text: attentionText([], rangeLabel(range, { withDays: true }), 0, mostlyAiPercent) };
      const what = { sites: sites.length };
      const loaded = await loadAll(
        deps,
        sites.map((s) => ({ scope: s.scope, range })),
        what,
        call,
      );
      if (!loaded.results) return failed(loaded.text ?? '');
      const limit = Math.min(50, Math.max(1, Math.round(Number(input.limit ?? 10)) || 10));
      const attention = attentionOf(sites, loaded.results, mostlyAiPercent, deps);
      return { text: attentionText(attention, rangeLabel(range, { withDays: true }), limit, mostlyAiPercent) };
    },
  };
}
