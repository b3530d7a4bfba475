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
import { textResult } from './tool-target';
import { Reservation } from '../platform/reserving-ledger';
import { confirmationMarkdown, markdownOfText } from '../editor/markdown-text';

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

export class ReaderFeedbackTool implements vscode.LanguageModelTool<ReaderFeedbackInput> {
  constructor(private readonly deps: FeedbackToolDeps) {}

  private async plan(input: ReaderFeedbackInput): Promise<Plan | { problem: unknown }> {
    const range = rangeOf(input);
    if (!('ok' in range)) return range;
    if (input.site) {
      await this.deps.readers.refresh();
      const reads = this.deps.readers.reports().map((r) => ({ scope: r.scope, range: range.ok }));
      return { reads, range: range.ok };
    }
    const target = await pageTarget(input, this.deps.readers);
    if (!('ok' in target)) return target;
    const { scope, pagePath } = target.ok;
    return { reads: [{ scope, range: range.ok }], pagePath, range: range.ok };
  }

  /** Requests the reads not kept yet may cost at most, and the hour's use. */
  private async cost(plan: Plan): Promise<{ most: number; used: number }> {
    const kept = await Promise.all(plan.reads.map((r) => this.deps.signals.fromCacheOnly(r.scope, r.range)));
    const most = kept.filter((report) => !report).length * this.deps.signals.mostRequests();
    return { most, used: most ? await this.deps.ledger.committedNow() : this.deps.ledger.countLastHour() };
  }

  async prepareInvocation({
    input,
  }: vscode.LanguageModelToolInvocationPrepareOptions<ReaderFeedbackInput>): Promise<vscode.PreparedToolInvocation> {
    const plan = await this.plan(input);
    if ('problem' in plan) return { invocationMessage: l10n.t('Checking what to read') };
    const { most, used } = await this.cost(plan);
    const asks = most > 0 && used + most <= analyticsLimitPerHour && (await this.deps.keys.usable());
    const label = rangeLabel(plan.range, { withDays: true });
    return {
      invocationMessage: markdownOfText(
        plan.pagePath === undefined
          ? l10n.t('Reading what readers said across the docs sites')
          : l10n.t('Reading what readers said about {0}', plan.pagePath),
      ),
      ...(asks ? { confirmationMessages: confirmationMarkdown(feedbackCostConfirmation(plan.pagePath, label, most, used)) } : {}),
    };
  }

  async invoke({ input }: vscode.LanguageModelToolInvocationOptions<ReaderFeedbackInput>): Promise<vscode.LanguageModelToolResult> {
    const plan = await this.plan(input);
    if ('problem' in plan) return textResult(failureText(tasks.readFeedback, plan.problem));
    const label = rangeLabel(plan.range, { withDays: true });
    const { most, used } = await this.cost(plan);
    const refusal = (): vscode.LanguageModelToolResult =>
      textResult(failureText(tasks.readFeedback, new InputProblem(feedbackRefusalText(plan.pagePath, most, used))));
    if (most > 0 && used + most > analyticsLimitPerHour) return refusal();
    let reports: { report: SignalsReport; fromCache: boolean }[];
    let budget: Reservation = this.deps.ledger.none();
    try {
      if (most) await this.deps.keys.require();
      // Checked and reserved at once: another window may have taken the room since the check above.
      const taken = most ? await this.deps.ledger.reserve(most) : budget;
      if (!(taken instanceof Reservation)) return refusal();
      budget = taken;
      reports = [];
      for (const read of plan.reads) reports.push(await this.deps.signals.load(read.scope, read.range, { budget }));
    } catch (error) {
      return textResult(failureText(tasks.readFeedback, error));
    } finally {
      await budget.release().catch(() => undefined);
    }
    const source = readSource(reports, this.deps.ledger);
    const limit = Math.min(50, Math.max(1, Math.round(Number(input.limit ?? 10)) || 10));
    if (plan.pagePath !== undefined) {
      const [first] = reports;
      if (!first) return textResult(l10n.t('Nothing was read.'));
      const said = signalsByPage(first.report)(plan.pagePath);
      return textResult(pageFeedbackText(said, label, shareText(first.report), source, limit));
    }
    const sites = this.deps.readers.reports().map((site, i) => {
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
    return textResult(siteFeedbackText(sites, label, source, limit));
  }
}
