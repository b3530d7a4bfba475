// Readers across the docs tree: the sites of the open folders, every page's readers from
// cached reports, and what shows them (Explorer badges, the page CodeLens, the Pages view).
import * as vscode from 'vscode';
import { DocsPageContext } from './docs-page-context';
import { DocsSites } from './docs-sites';
import { PageBadges } from './page-badges';
import { PageLens } from './page-lens';
import { PagesView } from './pages-view';
import { PageTitles } from './page-titles';
import { SiteReaders } from './site-readers';
import { readCost, type SiteReportReadDeps } from './site-report-reads';
import type { VisitorsService } from '../visitors/visitors-service';
import { readMissingSignals, signalsCost } from './signals-reads';
import type { SignalsService } from './signals-service';
import type { MergeVotesSource } from '../visitors/trend-relay';
import type { LazyVisitorsController } from '../visitors/lazy-visitors-controller';
import { readersSaidSource } from './said-source';

export interface ReadersFeature extends vscode.Disposable {
  /** The docs sites of the open folders, read from their files. */
  sites: DocsSites;
  readers: SiteReaders;
  badges: PageBadges;
  pages: PagesView;
  /** Reads the default range's reports the Pages view is missing (after saying what it costs). */
  loadMissingReports: () => Promise<boolean>;
  /** Reads what readers said in the default range, for the sites not read yet (after saying what it costs). */
  loadMissingSignals: () => Promise<boolean>;
}

export function createReadersFeature(
  deps: SiteReportReadDeps & {
    service: Pick<VisitorsService, 'fromCacheOnly'>;
    signals: SignalsService;
    /** The visitors panel, whose Readers said tab and trend around a merge this feeds. */
    panel: Pick<LazyVisitorsController, 'useReadersSaid' | 'useMergeVotes'>;
    /** Thumbs before and after a merge. */
    votes: MergeVotesSource;
  },
  /** Whatever may put a new report in the cache. */
  triggers: ConstructorParameters<typeof SiteReaders>[3],
): ReadersFeature {
  const sites = new DocsSites();
  const readers = new SiteReaders(sites, deps.service, deps.signals, triggers);
  const badges = new PageBadges(readers);
  const titles = new PageTitles();
  const pages = new PagesView(
    readers,
    {
      visitors: (missing) => readCost(deps, missing),
      signals: (missing) => signalsCost(deps, missing.length),
    },
    titles,
  );
  const loadMissingReports = async (): Promise<boolean> => {
    const { readMissingReports } = await import('./missing-reports');
    const done = await readMissingReports(
      deps,
      readers.reports().filter((r) => !r.readers),
    );
    await readers.refresh();
    return done;
  };
  const loadMissingSignals = async (): Promise<boolean> => {
    const done = await readMissingSignals(
      { signals: deps.signals, ledger: deps.ledger, log: deps.log },
      readers.reports().filter((r) => !r.signals),
    );
    await readers.refresh();
    return done;
  };
  void readers.refresh();
  const said = deps.panel.useReadersSaid(readersSaidSource({ signals: deps.signals, ledger: deps.ledger, log: deps.log }, triggers));
  const votes = deps.panel.useMergeVotes(deps.votes);
  const parts = vscode.Disposable.from(
    sites,
    new DocsPageContext(sites),
    readers,
    badges,
    pages,
    titles,
    new PageLens(readers),
    said,
    votes,
  );
  return { sites, readers, badges, pages, loadMissingReports, loadMissingSignals, dispose: () => void parts.dispose() };
}
