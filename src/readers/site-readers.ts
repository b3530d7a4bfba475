// Every docs page's readers in the default range, from cached reports only: what the Explorer
// badges and the page's CodeLens show. Computing them never makes a request; with no cached
// report for a site there is nothing to show for it.
import * as vscode from 'vscode';
import { scopeFor, visitorsDefaultRange } from '../editor/config';
import { type SettingName, settingId, settingNames } from '../platform/manifest-ids';
import { presetRange, rangeLabel, todayUtc } from '../visitors/date-range';
import type { DocsSite, DocsSites } from './docs-sites';
import { type PageReaders, readersByPage, readersWithoutPage } from './page-readers';
import type { PathRow, RangeChoice } from '../visitors/protocol';
import type { ProjectScope } from '../api/project-scope';
import type { VisitorsService } from '../visitors/visitors-service';
import { type PageSignals, signalsByPage } from './reader-signals';
import type { SignalsReport } from './signals-report';
import type { SignalsService } from './signals-service';

/** One site's readers in the default range; `readers` is undefined while no report of it is cached. */
export interface SiteReport {
  site: DocsSite;
  scope: ProjectScope;
  range: RangeChoice;
  readers: Map<string, PageReaders> | undefined;
  withoutPage: PathRow[];
  /** What readers said in the range, when it was read (never read here: from the cache only). */
  signals: SignalsReport | undefined;
}

export interface FileReaders {
  uri: vscode.Uri;
  pagePath: string;
  readers: PageReaders;
  /** "Last 30 days". */
  range: string;
  /** What readers said about the page, once the range's signals were read. */
  signals?: PageSignals;
}

export class SiteReaders implements vscode.Disposable {
  private byUri = new Map<string, FileReaders>();
  private siteReports: SiteReport[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly listeners: { dispose(): unknown }[];
  private running: Promise<void> | undefined;
  /** What the shown readers were computed from, to skip a recompute that would change nothing. */
  private basis: { sites: readonly DocsSite[]; text: string } | undefined;
  private again = false;

  constructor(
    private readonly sites: DocsSites,
    private readonly service: Pick<VisitorsService, 'fromCacheOnly'>,
    private readonly signals: Pick<SignalsService, 'fromCacheOnly'> | undefined,
    /** Whatever may have put a new report in the cache or changed what to show. */
    triggers: readonly ((listener: () => void) => { dispose(): unknown })[],
  ) {
    const shown = [settingNames.visitorsDefaultRange, settingNames.projectId, settingNames.baseUrl].map(settingId);
    this.listeners = [
      ...[sites.onDidChange, ...triggers].map((event) => event(() => void this.refresh())),
      vscode.workspace.onDidChangeConfiguration((e) => shown.some((id) => e.affectsConfiguration(id)) && void this.refresh()),
    ];
  }

  forFile(uri: vscode.Uri): FileReaders | undefined {
    return this.byUri.get(uri.toString());
  }

  all(): FileReaders[] {
    return [...this.byUri.values()];
  }

  /** Whether the sites were read at least once (before, `reports()` is empty for want of reading). */
  get isRead(): boolean {
    return this.basis !== undefined;
  }

  /** Every site of the open folders, with its readers when a report is cached. */
  reports(): readonly SiteReport[] {
    return this.siteReports;
  }

  /** Recomputes from the cache; calls made while one runs are folded into one more run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let changed = false;
      try {
        do {
          this.again = false;
          const computed = await this.compute();
          if (computed) [this.byUri, this.siteReports, changed] = [...computed, true];
        } while (this.again);
      } catch {
        // A folder that cannot be read (removed mid-read, say): keep what was shown; the next change reads again.
      } finally {
        this.running = undefined;
      }
      if (changed) this.changed.fire();
    })();
    return this.running;
  }

  private async compute(): Promise<[Map<string, FileReaders>, SiteReport[]] | undefined> {
    const choice = presetRange(visitorsDefaultRange(), todayUtc());
    const range = rangeLabel(choice);
    const sites = await this.sites.sites();
    const inputs = await Promise.all(
      sites.map(async (site) => {
        const scope = scopeFor(site.root);
        if (!scope.projectId) return { site, scope, report: undefined, signals: undefined };
        const [report, signals] = await Promise.all([
          this.service.fromCacheOnly(scope, choice),
          this.signals?.fromCacheOnly(scope, choice),
        ]);
        return { site, scope, report, signals };
      }),
    );
    // Every request of a read changes the shared ledger: recompute only when a report or a site did.
    const basis = JSON.stringify([choice, inputs.map(({ scope, report, signals }) => [scope, report?.fetchedAt, signals?.fetchedAt])]);
    if (sites === this.basis?.sites && basis === this.basis.text) return undefined;
    this.basis = { sites, text: basis };
    const result = new Map<string, FileReaders>();
    const reports: SiteReport[] = [];
    for (const { site, scope, report, signals } of inputs) {
      if (!scope.projectId) continue;
      if (!report) {
        reports.push({ site, scope, range: choice, readers: undefined, withoutPage: [], signals });
        continue;
      }
      const readers = readersByPage(site.pages, report.rows);
      reports.push({
        site,
        scope,
        range: choice,
        readers,
        withoutPage: readersWithoutPage(
          report.rows,
          site.pages,
          site.redirects,
          site.unchecked.map((u) => u.prefix),
        ),
        signals,
      });
      const saidAbout = signals && signalsByPage(signals);
      for (const page of site.pages) {
        const counts = readers.get(page.pagePath);
        if (!page.file || !counts) continue;
        const uri = vscode.Uri.joinPath(site.root, page.file);
        result.set(uri.toString(), {
          uri,
          pagePath: page.pagePath,
          readers: counts,
          range,
          ...(saidAbout ? { signals: saidAbout(page.pagePath) } : {}),
        });
      }
    }
    return [result, reports];
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}

/** Calls `changed` whenever the readers change or the setting that shows them (`visitors.*`) does. */
export function followReaders(readers: SiteReaders, setting: SettingName, changed: () => void): vscode.Disposable[] {
  return [
    readers.onDidChange(changed),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(settingId(setting)) && changed()),
  ];
}
