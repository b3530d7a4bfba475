// The panel's weekly trend for the open page: what it would cost, and reading it when asked
// (asking first past the hourly budget). Around a merge (a job's change reaching the default
// branch) the trend is split at the merge day and compared side by side: visitors a week and,
// from the readers feature through MergeVotesSource, the page's thumbs in each window.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { CancelledError } from '../api/errors';
import { compareAroundMerge, type MergeWindows } from './merge-windows';
import type { DayRange, MergeMark, RangeChoice, ToPage, WindowVotes } from './protocol';
import { reserveOrAsk } from './budget-question';
import type { Reservation } from '../platform/reserving-ledger';
import type { RequestLedger } from './request-ledger';
import { pageTrend, trendCap, trendCost } from './trend';
import type { VisitorsService } from './visitors-service';

/** A page's thumbs per window, read by the readers feature (built after this one). */
export interface MergeVotesSource {
  /** Requests reading these windows would cost now (0 when every one is kept). */
  cost(scope: ProjectScope, windows: readonly DayRange[]): Promise<number>;
  /** Spends from `budget`, the trend's reservation. */
  read(
    scope: ProjectScope,
    pagePath: string,
    windows: readonly DayRange[],
    budget?: Reservation,
  ): Promise<{ votes: WindowVotes[]; requests: number }>;
}

export interface TrendRelayDeps {
  service: VisitorsService;
  ledger: RequestLedger;
  post: (message: ToPage) => void;
  postError: (error: unknown) => void;
}

interface Marked extends MergeMark {
  windows: MergeWindows;
}

export class TrendRelay {
  private mark: Marked | undefined;
  private votes: MergeVotesSource | undefined;

  constructor(private readonly deps: TrendRelayDeps) {}

  useVotes(source: MergeVotesSource): { dispose(): void } {
    this.votes = source;
    return { dispose: () => (this.votes = undefined) };
  }

  /** Splits this page's trend at the merge while the panel shows the windows' range. */
  markMerge(mark: MergeMark, windows: MergeWindows): void {
    this.mark = { ...mark, windows };
  }

  private markFor(pagePath: string, range: RangeChoice): Marked | undefined {
    const mark = this.mark;
    return mark?.pagePath === pagePath && mark.windows.range.from === range.from && mark.windows.range.to === range.to ? mark : undefined;
  }

  /** Requests the trend (and, around a merge, the votes) would cost now. */
  async cost(scope: ProjectScope, range: RangeChoice, pagePath: string): Promise<Extract<ToPage, { type: 'trendCost' }>> {
    const weeks = trendCost(this.deps.service, scope, range);
    const mark = this.markFor(pagePath, range);
    if (!mark) return { type: 'trendCost', ...weeks };
    const votes = this.votes ? await this.votes.cost(scope, [mark.windows.before, mark.windows.after]) : 0;
    return { type: 'trendCost', ...weeks, requests: weeks.requests + votes, mark: { pagePath, day: mark.day, label: mark.label } };
  }

  async postCost(scope: ProjectScope, range: RangeChoice, pagePath: string | null | undefined): Promise<void> {
    if (pagePath) this.deps.post(await this.cost(scope, range, pagePath));
  }

  /** Reads the trend, its worst case reserved first (asking when only part fits the hourly budget), and posts it. */
  async load(scope: ProjectScope, range: RangeChoice, pagePath: string, signal: AbortSignal): Promise<void> {
    const mark = this.markFor(pagePath, range);
    // The weeks' caps, and one request a window of votes not kept.
    const votes = mark && this.votes ? await this.votes.cost(scope, [mark.windows.before, mark.windows.after]) : 0;
    const cap = trendCap(this.deps.service, scope, range) + votes;
    const budget = await reserveOrAsk(
      this.deps.ledger,
      cap,
      l10n.t({ message: 'The weekly trend', args: [], comment: ['Starts a sentence: "The weekly trend needs up to 12 requests, and …"'] }),
      l10n.t('Read What Fits'),
    );
    if (!budget) return this.postCost(scope, range, pagePath); // the page waits for an answer to its button
    try {
      const title = l10n.t('Reading the weekly trend');
      const trend = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () =>
        pageTrend(this.deps.service, scope, range, pagePath, { signal, budget }),
      );
      const message: Extract<ToPage, { type: 'trend' }> = { type: 'trend', pagePath, weeks: trend.weeks, requests: trend.requests };
      if (mark) {
        const windows = [mark.windows.before, mark.windows.after];
        const read = this.votes ? await this.votes.read(scope, pagePath, windows, budget) : { votes: [], requests: 0 };
        const [before = null, after = null] = read.votes;
        message.requests += read.requests;
        message.mark = { pagePath, day: mark.day, label: mark.label };
        message.compare = compareAroundMerge(trend.weeks, mark.windows, { before, after });
      }
      this.deps.post(message);
      await this.postCost(scope, range, pagePath);
    } catch (error) {
      if (error instanceof CancelledError) await this.postCost(scope, range, pagePath);
      else this.deps.postError(error);
    } finally {
      await budget.release().catch(() => undefined);
    }
  }
}
