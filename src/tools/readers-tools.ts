// The visitors tools: one page's readers, and the pages that need attention across the docs
// tree. Answered from kept reports when they can (free); a read says first what it costs, reserves
// its worst case before its first request, and is refused here when that does not fit in the
// hourly analytics budget (no read passes it).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
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
import type { Confirmation } from './job-tool-text';
import { readSource } from './read-source';
import { pageTarget, type PageInput, type RangeInput, rangeOf } from './page-target';
import { attentionText, budgetRefusalText, pageVisitorsText, readCostConfirmation, type VisitorsRead } from './readers-tool-text';
import type { ToolWork } from './tool-work';
import type { Caller } from './tool-target';
import { toolNames } from '../platform/manifest-ids';

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
async function readConfirmation(deps: ReadersToolDeps, reads: readonly Read[], what: VisitorsRead): Promise<Confirmation | undefined> {
  const cost = await costOf(deps, reads);
  if (!cost.requests || cost.over || !(await deps.keys.usable())) return undefined;
  return readCostConfirmation(what, cost.label, cost.requests, cost.used);
}

/** What failed, when a read of `what` did. */
const readTask = (what: VisitorsRead): Task => ('page' in what ? tasks.readVisitorsOf(what.page) : tasks.readEveryPage);

/** Loads each read (from the cache when kept), or says why not: over the budget, no key, a failure. */
async function loadAll(
  deps: ReadersToolDeps,
  reads: readonly Read[],
  what: VisitorsRead,
  signal: AbortSignal,
): Promise<{ results: LoadResult[]; text?: undefined } | { text: string; results?: undefined }> {
  const cost = await costOf(deps, reads);
  const refusal = (): { text: string } => ({
    text: budgetRefusalText(what, cost.label, cost.cap, cost.used, deps.ledger.msUntilCommittedRoom(cost.cap)),
  });
  if (cost.over) return refusal();
  let budget: Reservation = deps.ledger.none();
  try {
    if (cost.requests) await deps.keys.require();
    // Checked and reserved at once: another window may have taken the room since the check above.
    const taken = cost.cap ? await deps.ledger.reserve(cost.cap) : budget;
    if (!(taken instanceof Reservation)) return refusal();
    budget = taken;
    const results: LoadResult[] = [];
    for (const read of reads) results.push(await deps.service.load(read.scope, read.range, { signal, budget }));
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

export interface PageVisitorsInput extends PageInput, RangeInput {}

export function pageVisitorsTool(deps: ReadersToolDeps): ToolWork<PageVisitorsInput> {
  const targets = async (input: PageVisitorsInput, caller: Caller) =>
    [await pageTarget(input, deps.readers, caller), rangeOf(input)] as const;
  return {
    name: toolNames.pageVisitors,
    progress: (input) => l10n.t('Reading visitors of {0}', String(input.pagePath ?? input.file ?? '')),
    async consent(input, caller) {
      const [target, range] = await targets(input, caller);
      if (!('ok' in target) || !('ok' in range)) return undefined;
      return readConfirmation(deps, [{ scope: target.ok.scope, range: range.ok }], { page: target.ok.pagePath });
    },
    async run(input, call) {
      const [target, range] = await targets(input, call);
      if (!('ok' in target)) return { text: failureText(tasks.readVisitors, target.problem), failed: true };
      if (!('ok' in range)) return { text: failureText(tasks.readVisitors, range.problem), failed: true };
      const { scope, pagePath, file } = target.ok;
      const loaded = await loadAll(deps, [{ scope, range: range.ok }], { page: pagePath }, call.signal);
      const [result] = loaded.results ?? [];
      if (!result) return { text: loaded.text ?? '', failed: true };
      const readers = readersByPage([{ pagePath }], result.report.rows).get(pagePath);
      if (!readers) return { text: l10n.t('No visitors of {0} were read.', pagePath) };
      const label = rangeLabel(range.ok, { withDays: true });
      const source = readSource([result], deps.ledger);
      return { text: pageVisitorsText({ pagePath, file, range: label, readers, site: result.report.totals, source }) };
    },
  };
}

export interface AttentionInput {
  range?: string;
  limit?: number;
}

async function attentionReads(
  deps: ReadersToolDeps,
  input: AttentionInput,
): Promise<{ sites: SiteReport[]; range: RangeChoice } | { problem: unknown }> {
  const range = rangeOf({ ...(input.range ? { range: input.range } : {}) });
  if (!('ok' in range)) return range;
  await deps.readers.refresh();
  return { sites: [...deps.readers.reports()], range: range.ok };
}

function attentionOf(site: SiteReport, rows: LoadResult['report']['rows'], mostlyAiPercent: number) {
  const inWorkspace = (file: string | undefined): string | undefined =>
    file && vscode.workspace.asRelativePath(vscode.Uri.joinPath(site.site.root, file), false);
  const readers = readersByPage(site.site.pages, rows);
  const groups = pagesGroups(site.site.pages, readers, readersWithoutPage(rows, site.site.pages, site.site.redirects), {
    sort: 'visitors',
    filter: '',
    mostlyAiPercent,
  });
  const local = <T extends { file: string | undefined }>(row: T): T => ({ ...row, file: inWorkspace(row.file) });
  return { pages: groups.all.map(local), mostlyAi: groups.mostlyAi.map(local), withoutPage: groups.withoutPage };
}

export function pagesNeedingAttentionTool(deps: ReadersToolDeps): ToolWork<AttentionInput> {
  return {
    name: toolNames.pagesNeedingAttention,
    progress: () => l10n.t('Finding the pages that need attention'),
    async consent(input) {
      const reads = await attentionReads(deps, input);
      if ('problem' in reads) return undefined;
      return readConfirmation(
        deps,
        reads.sites.map((s) => ({ scope: s.scope, range: reads.range })),
        { sites: reads.sites.length },
      );
    },
    async run(input, call) {
      const reads = await attentionReads(deps, input);
      if ('problem' in reads) return { text: failureText(tasks.findAttention, reads.problem), failed: true };
      const { sites, range } = reads;
      const mostlyAiPercent = visitorsMostlyAiPercent();
      const label = rangeLabel(range, { withDays: true });
      if (!sites.length) return { text: attentionText([], label, 0, mostlyAiPercent) };
      const loaded = await loadAll(
        deps,
        sites.map((s) => ({ scope: s.scope, range })),
        { sites: sites.length },
        call.signal,
      );
      if (!loaded.results) return { text: loaded.text ?? '', failed: true };
      const limit = Math.min(50, Math.max(1, Math.round(Number(input.limit ?? 10)) || 10));
      const source = readSource(loaded.results, deps.ledger);
      const attention = sites.map((s, i) => ({
        site: siteName(s.site.root),
        projectId: s.scope.projectId,
        siteTotals: loaded.results[i]?.report.totals ?? { human: 0, ai: 0, total: 0 },
        ...attentionOf(s, loaded.results[i]?.report.rows ?? [], mostlyAiPercent),
        source,
      }));
      return { text: attentionText(attention, label, limit, mostlyAiPercent) };
    },
  };
}
