// What the visitors panel shows and when it reads: follows the active editor, serves ranges from the cache (no
// request on switching pages or reopening), reads a range when it must, and asks before passing the hourly limit.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { CancelledError, InvalidSettingError, OverBudgetError } from '../api/errors';
import { scopeFor, visitorsDefaultRange } from '../editor/config';
import type { ApiKeyStore } from '../editor/api-key-store';
import { actionCommand, describeError } from '../editor/error-text';
import { Emitter } from '../platform/emitter';
import { chartBars, openPageInfo, tableRows } from './chart-data';
import { presetRange, rangeLabel, rangeProblem, todayUtc } from './date-range';
import { type ResolvedPage, resolvePage } from './page-resolver';
import { openPagePath } from './open-page-path';
import { type ReadersSaidSource, SaidRelay } from './said-relay';
import type { FromPage, MergeMark, RangeChoice } from './protocol';
import { type RequestLedger, unaskedCeiling } from './request-ledger';
import { reserveOrAsk } from './budget-question';
import { readingText, unaskedStopText } from './read-budget';
import { type MergeVotesSource, TrendRelay } from './trend-relay';
import { mergeWindows } from './merge-windows';
import { VisitorsPanel } from './visitors-panel';
import type { ReadReport, VisitorsService } from './visitors-service';
import { messageOf } from '../platform/checks';
import { settingId, settingNames } from '../platform/manifest-ids';

export interface VisitorsDeps {
  service: VisitorsService;
  ledger: RequestLedger;
  keys: ApiKeyStore;
  log: vscode.LogOutputChannel;
  extensionUri: vscode.Uri;
}

export class VisitorsController implements vscode.Disposable {
  private panel: VisitorsPanel | undefined;
  private range: RangeChoice = presetRange(visitorsDefaultRange(), todayUtc(Date.now()));
  private page: ResolvedPage | undefined;
  private pageUri: vscode.Uri | undefined;
  private shown: { report: ReadReport; fromCache: boolean } | undefined;
  private reading: AbortController | undefined;
  /** Which scope and range `reading` waits for. */
  private readingKey: string | undefined;
  private readonly said = new SaidRelay((message) => this.panel?.post(message));
  private readonly trend: TrendRelay;
  /** Weeks around a merge, chosen by a command: not replaced by the page's saved range; a new panel starts from the default. */
  private aroundMerge = false;
  /** The setting the error on show names: its Open Settings goes there (http.proxy, say). */
  private errorSetting: string | undefined;
  private readonly loaded = new Emitter<void>();
  /** A range was read from the service (the status bar may now have numbers). */
  readonly onDidLoad = this.loaded.event;
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly deps: VisitorsDeps) {
    this.trend = new TrendRelay({
      service: deps.service,
      ledger: deps.ledger,
      post: (message) => this.panel?.post(message),
      postError: (error) => this.postError(error),
    });
    this.listeners = [
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.panel && editor && editor.document.uri.scheme === 'file') void this.follow(editor.document.uri);
      }),
      this.deps.keys.onDidChange(() => this.panel && void this.load(false)),
    ];
  }

  /** Feeds the Readers said tab (the readers feature is built after this one). */
  useReadersSaid(source: ReadersSaidSource): { dispose(): void } {
    return this.said.use(source);
  }

  /** Feeds the votes of a trend split at a merge (the readers feature is built after this one). */
  useMergeVotes(source: MergeVotesSource): { dispose(): void } {
    return this.trend.useVotes(source);
  }

  /**
   * Opens a page's file and the panel on it over the weeks around a merge, the trend split there:
   * shown at once when it costs nothing, else its button states the cost.
   */
  async showAroundMerge(uri: vscode.Uri, mark: MergeMark): Promise<void> {
    const windows = mergeWindows(mark.day, todayUtc());
    [this.range, this.aroundMerge] = [windows.range, true];
    this.trend.markMerge(mark, windows);
    const viewColumn = this.panel?.columnBeside() ?? vscode.ViewColumn.Active;
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn }).then(undefined, () => undefined);
    await this.show(uri, true);
    const pagePath = this.page?.pagePath;
    if (pagePath === mark.pagePath && (await this.trend.cost(this.scope(), this.range, pagePath)).requests === 0) await this.loadTrend();
  }

  /** Another project, service or docs root: another report (from the cache when it has it). */
  scopeChanged(): void {
    if (this.panel) void (this.pageUri ? this.follow(this.pageUri, false) : Promise.resolve()).then(() => this.load(false));
  }

  /** Opens (or reveals) the panel for a file's page. */
  async show(uri: vscode.Uri | undefined, aroundMerge = false): Promise<void> {
    // The merge's weeks last while their panel is open: a panel opened anew starts from the default.
    if (!this.panel && this.aroundMerge && !aroundMerge)
      [this.range, this.aroundMerge] = [presetRange(visitorsDefaultRange(), todayUtc()), false];
    if (this.panel) this.panel.reveal();
    else this.attach(VisitorsPanel.create(this.deps.extensionUri, (m) => void this.handle(m)));
    const target = uri ?? vscode.window.activeTextEditor?.document.uri;
    if (target) await this.follow(target, false);
    await this.load(false);
  }

  /** A panel restored after a reload: it asks for its data when its page is ready. */
  revive(panel: vscode.WebviewPanel): void {
    this.attach(VisitorsPanel.revive(panel, this.deps.extensionUri, (m) => void this.handle(m)));
    const editor = vscode.window.activeTextEditor;
    if (editor) void this.follow(editor.document.uri, false);
  }

  dispose(): void {
    this.reading?.abort();
    this.said.dispose();
    this.panel?.dispose();
    for (const listener of this.listeners) listener.dispose();
    this.loaded.dispose();
  }

  private attach(panel: VisitorsPanel): void {
    this.panel = panel;
    panel.onDidClose(() => {
      this.reading?.abort();
      this.panel = undefined;
    });
  }

  private async handle(message: FromPage): Promise<void> {
    switch (message.type) {
      case 'ready':
      case 'setRange': {
        // The page checks a custom range too; an older page (or its saved state) may not have.
        const problem = message.range && rangeProblem(message.range, todayUtc());
        if (problem) return this.panel?.post({ type: 'error', message: problem, actions: [] });
        // Applying the same days again keeps the merge's weeks; other days leave them.
        const other = message.range && (message.range.from !== this.range.from || message.range.to !== this.range.to);
        if (message.type === 'setRange' && other) this.aroundMerge = false;
        if (message.range && (message.type === 'setRange' || !this.aroundMerge)) this.range = message.range;
        if (message.type === 'ready') this.said.forget(); // a page (re)loaded: it has nothing yet
        return this.load(false);
      }
      case 'refresh': // asked for: it may pass the unasked share (asking when only part fits), never the budget
        return this.load(true);
      case 'cancel':
        this.reading?.abort();
        return undefined;
      case 'loadTrend':
        return this.loadTrend();
      case 'openPath':
        return openPagePath(this.page?.root, message.path);
      case 'readSaid':
        return this.said.read();
      case 'action': {
        const { action } = message;
        if (action === 'readAnyway') return this.load(false, true);
        if (action === 'retry') return this.load(false);
        const { command, args } = actionCommand(action, this.errorSetting);
        await vscode.commands.executeCommand(command, ...args);
        // Showing the log fixes nothing; after the others, read again.
        return action === 'showLog' ? undefined : this.load(false);
      }
    }
  }

  /** The active editor moved: the highlight follows, from data already here (no request). */
  private async follow(uri: vscode.Uri, send = true): Promise<void> {
    this.pageUri = uri;
    this.page = await resolvePage(uri);
    this.panel?.setTitle(this.page.pagePath ?? undefined);
    if (!send || !this.shown) return;
    const rows = this.shown.report.rows;
    this.panel?.post({ type: 'page', page: openPageInfo(rows, this.page), chart: chartBars(rows, this.page.pagePath) });
    this.postTrendCost();
    void this.said.show(this.scope(), this.range, this.page.pagePath);
  }

  private scope(): ProjectScope {
    return scopeFor(this.pageUri);
  }

  private async ready(): Promise<boolean> {
    try {
      if (!this.scope().projectId)
        throw new InvalidSettingError(l10n.t('Set the project ID to see its visitors.'), settingId(settingNames.projectId));
      await this.deps.keys.require();
      return true;
    } catch (error) {
      this.postError(error);
      return false;
    }
  }

  /** Shows the range; `asked`: the writer asked for this read (Refresh, Read Anyway), else it is the panel's own. */
  private async load(force: boolean, asked = force): Promise<void> {
    if (!this.panel || !(await this.ready())) return;
    const scope = this.scope();
    const range = this.range;
    const key = JSON.stringify([scope, range.from, range.to, force]);
    // Asked again for what is being read (the panel hidden and shown): keep waiting for that read.
    if (this.reading && !this.reading.signal.aborted && this.readingKey === key && !force) return;
    this.reading?.abort();
    const reading = new AbortController();
    [this.reading, this.readingKey] = [reading, key];
    const estimatedPages = this.deps.service.estimatePages(scope, range);
    const cached = !force && this.deps.service.isCached(scope, range);
    const cap = this.deps.service.cap(scope, range);
    const what = readingText(range);
    // The panel's own read stays inside the unasked share; joining one under way (the status bar's) costs nothing: not asked about.
    const ownRead = !cached && !asked && !this.deps.service.isReading(scope, range);
    if (ownRead && this.deps.ledger.wouldExceed(cap, unaskedCeiling)) return this.askToRead(what, cap);
    const budget = !cached && asked ? await reserveOrAsk(this.deps.ledger, cap, what, l10n.t('Read What Fits')) : undefined;
    if (!cached && asked && !budget) return void (this.reading = undefined);
    if (!cached) {
      this.deps.log.info(
        `Reading visitors of ${scope.projectId} for ${range.from}..${range.to} (about ${estimatedPages}, at most ${cap} requests).`,
      );
      this.panel.post({ type: 'loading', range, pagesRead: 0, estimatedPages });
    }
    try {
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: l10n.t('Reading visitors') }, () =>
        this.deps.service.load(scope, range, {
          force,
          signal: reading.signal,
          onPage: (pagesRead) => this.panel?.post({ type: 'loading', range, pagesRead, estimatedPages }),
          ...(budget ? { budget } : {}),
        }),
      );
      if (reading.signal.aborted) return;
      if (this.reading === reading) this.reading = undefined;
      this.shown = result;
      if (!result.fromCache) this.loaded.fire();
      this.postData(range);
    } catch (error) {
      if (error instanceof CancelledError) return void (this.reading === reading && this.shown && this.postData(range));
      if (this.reading === reading) this.reading = undefined;
      // Another window took the unasked share meanwhile: the writer decides.
      if (error instanceof OverBudgetError && !asked) return this.askToRead(what, cap);
      this.deps.log.error(`Reading visitors failed: ${messageOf(error)}`);
      this.postError(error);
    } finally {
      await budget?.release().catch(() => undefined);
    }
  }

  /** The panel does not read on its own past the unasked share: it says so, with Read Anyway. */
  private askToRead(what: string, cap: number): void {
    this.reading = undefined;
    this.panel?.post({ type: 'error', message: unaskedStopText(what, cap, this.deps.ledger.committed()), actions: ['readAnyway'] });
  }

  private postData(range: RangeChoice): void {
    if (!this.shown) return;
    const { report, fromCache } = this.shown;
    this.panel?.post({
      type: 'data',
      view: {
        projectId: this.scope().projectId,
        range,
        totals: report.totals,
        page: openPageInfo(report.rows, this.page),
        chart: chartBars(report.rows, this.page?.pagePath ?? null),
        table: tableRows(report.rows),
        fetchedAt: report.fetchedAt,
        fromCache,
        ...(report.partial ? { partial: true } : {}),
        requestsLastHour: this.deps.ledger.countLastHour(),
      },
    });
    this.panel?.setTitle(this.page?.pagePath ?? rangeLabel(range));
    this.postTrendCost();
    void this.said.show(this.scope(), range, this.page?.pagePath ?? null);
  }

  private postTrendCost(): void {
    void this.trend.postCost(this.scope(), this.range, this.page?.pagePath);
  }

  private async loadTrend(): Promise<void> {
    const pagePath = this.page?.pagePath;
    if (!pagePath || !(await this.ready())) return;
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    await this.trend.load(this.scope(), this.range, pagePath, reading.signal);
  }

  private postError(error: unknown): void {
    const text = describeError(error, true);
    if (text.silent) return;
    this.errorSetting = text.setting;
    this.panel?.post({ type: 'error', message: text.message, actions: text.actions });
  }
}
