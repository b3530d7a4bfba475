// Figure 6: readers across the docs tree on the 10,000-path site. One 90-day report is read
// through the real service (the emulator's log is the witness); then, from that cached report,
// the time to every page's badge and tooltip, to the paths with readers but no page, and to
// the Pages view's lists, and the requests those cost (none).
import { readersByPage, readersWithoutPage } from '../../src/readers/page-readers';
import { pagesGroups } from '../../src/readers/pages-model';
import { badgeTooltip } from '../../src/readers/readers-text';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { standingMark, standingOf } from '../../src/site/page-standing';
import { siteInventory } from '../../src/site/inventory';
import { listedPages } from '../../src/site/navigation';
import { RedirectMatcher } from '../../src/site/redirects';
import { startApiFixture } from '../support/emulator/api-fixture';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { syntheticPastRead } from './analytics-bench';
import { summarize } from './stats';

export interface ReadersFigures {
  pages: number;
  /** Worst of 5: cached report to every page's badge text and tooltip. */
  badgesMs: number;
  /** Worst of 5: cached report to the paths with readers and no page (against 100 redirects). */
  withoutPageMs: number;
  /** Worst of 5: cached report to the Pages view's lists (every page sorted, the three groups). */
  pagesListedMs: number;
  requestsForThem: number;
}

export async function readersBench(): Promise<ReadersFigures> {
  const api = await startApiFixture({ analyticsLimitPerHour: 1_000_000 });
  try {
    const { clock, range, scope } = syntheticPastRead(api);
    const memento = new MemoryMemento();
    const client = api.client();
    const cache = new VisitorsCache(memento, new MemoryTextFiles(), clock);
    const service = new VisitorsService({ client: () => client, cache, ledger: new RequestLedger(memento, clock), clock });
    const { report } = await service.load(scope, range);
    // The site: a file per path the report lists, all in the navigation, as one big group.
    const paths = report.rows.map((row) => row.path);
    const pages = siteInventory(
      paths.map((path) => `${path.slice(1) || 'index'}.mdx`),
      listedPages({ groups: [{ group: 'All', pages: paths.map((path) => path.slice(1)) }] }),
    );
    const redirects = new RedirectMatcher(Array.from({ length: 100 }, (_, i) => ({ source: `/old-${i}/:slug*`, destination: '/' })));
    const witness = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;
    const before = await witness();

    const time = (run: () => void): number => {
      const samples = Array.from({ length: 5 }, () => {
        const started = performance.now();
        run();
        return performance.now() - started;
      });
      return summarize(samples).max;
    };
    const badgesMs = time(() => {
      const readers = readersByPage(pages, report.rows);
      for (const page of pages) {
        const counts = readers.get(page.pagePath);
        if (counts) void [standingMark[standingOf(counts.rank, counts.of)], badgeTooltip({ readers: counts, range: 'Last 90 days' })];
      }
    });
    const withoutPageMs = time(() => void readersWithoutPage(report.rows, pages, redirects));
    const pagesListedMs = time(() => {
      const readers = readersByPage(pages, report.rows);
      const missing = readersWithoutPage(report.rows, pages, redirects);
      void pagesGroups(pages, readers, missing, { sort: 'visitors', filter: '', mostlyAiPercent: 50 });
    });
    return { pages: pages.length, badgesMs, withoutPageMs, pagesListedMs, requestsForThem: (await witness()) - before };
  } finally {
    await api.close();
  }
}
