// Figure 8: what readers said on the 10,000-path site (5,000 searches, 2,000 feedback entries,
// 3,000 assistant turns). A 30-day read through the real service against the emulator, with
// the default caps (the share it read is stated) and with caps high enough for the whole range
// (against the minimum the page sizes allow); then, from the cached report, the time to the
// Pages view's signal groups and to every page's signals; and the requests a reopen, a reload
// and a second window cost (none). The emulator's request log is the witness for every count.
import { defaultThresholds, signalsByPage } from '../../src/readers/reader-signals';
import { signalGroups } from '../../src/readers/signal-groups';
import { signalsKind, type SignalsReport } from '../../src/readers/signals-report';
import { defaultSignalCaps, maxRequests, type SignalCaps, SignalsService } from '../../src/readers/signals-service';
import { siteInventory } from '../../src/site/inventory';
import { listedPages } from '../../src/site/navigation';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import type { DayRange } from '../../src/visitors/protocol';
import { ReportCache } from '../../src/visitors/report-cache';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { asked } from '../support/budget';
import { startApiFixture } from '../support/emulator/api-fixture';
import { visitTruth } from '../support/emulator/visit-truth';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { summarize } from './stats';

export interface SignalsFigures {
  range: DayRange;
  pages: number;
  /** In the range, from the emulator's raw data. */
  inRange: { feedback: number; searches: number; turns: number };
  /** The default caps: requests spent (at most `capped.most`) and how much of each export they read. */
  capped: { requests: number; most: number; feedback: number; searches: number; turns: number };
  /** Caps high enough for the whole range: requests spent against the page sizes' minimum. */
  whole: { requests: number; minimum: number };
  /** Worst of 5: cached report to the Pages view's three groups. */
  groupsMs: number;
  /** Worst of 5: cached report to every page's signals (the CodeLens and the Readers said tab). */
  everyPageMs: number;
  /** A new service on the same storage (reload), and another window's: requests. */
  reopenRequests: number;
  secondWindowRequests: number;
}

const wholeCaps: SignalCaps = { feedback: 50, searches: 50, assistant: 20 };

export async function signalsBench(): Promise<SignalsFigures> {
  const api = await startApiFixture({ analyticsLimitPerHour: 1_000_000 });
  try {
    const clock = { now: () => Date.now() };
    const today = todayUtc(clock.now());
    // A past range (up to yesterday): the kind the cache keeps across reloads.
    const range: DayRange = { from: addDays(today, -30), to: addDays(today, -1) };
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId };
    const open = (storage: { memento: MemoryMemento; files: MemoryTextFiles }, caps: SignalCaps): SignalsService => {
      const client = api.client();
      const cache = new ReportCache<SignalsReport>(signalsKind, storage.memento, storage.files, clock);
      return new SignalsService({
        client: () => client,
        cache,
        ledger: new RequestLedger(storage.memento, clock),
        clock,
        caps: () => caps,
      });
    };
    const witness = async (): Promise<number> => (await api.control.requests()).filter((r) => !r.path.endsWith('/visitors')).length;

    const [fromDay, toDay] = [Date.parse(range.from) / 86_400_000, Date.parse(range.to) / 86_400_000];
    const raw = await api.control.signals(scope.projectId);
    const inRange = {
      feedback: raw.feedback.filter((e) => e.day >= fromDay && e.day <= toDay).length,
      searches: raw.searches.filter((s) => s.hitsByDay.some(([day]) => day >= fromDay && day <= toDay)).length,
      turns: raw.turns.filter((t) => t.day >= fromDay && t.day <= toDay).length,
    };

    const machine = { memento: new MemoryMemento(), files: new MemoryTextFiles() };
    let before = await witness();
    const { report } = await open(machine, defaultSignalCaps).load(scope, range);
    const capped = {
      requests: (await witness()) - before,
      most: maxRequests(defaultSignalCaps),
      feedback: report.entries.length,
      searches: report.searches.length,
      turns: report.turns.length,
    };

    before = await witness();
    // Asked for, as Read What Readers Said is: it reserves what fits of its caps (never past the hour's 100).
    const fresh = { memento: new MemoryMemento(), files: new MemoryTextFiles() };
    const budget = await asked(new RequestLedger(fresh.memento, clock), maxRequests(wholeCaps), 1);
    await open(fresh, wholeCaps).load(scope, range, { budget });
    await budget.release();
    const whole = {
      requests: (await witness()) - before,
      minimum: 1 + Math.ceil(inRange.feedback / 100) + Math.ceil(inRange.searches / 100) + Math.ceil(inRange.turns / 1000),
    };

    // The site: every path with visits in the range is a page of it.
    const truth = await visitTruth(api.control, scope.projectId, range.from, range.to);
    const paths = [...truth.byPath.keys()];
    const pages = siteInventory(
      paths.map((path) => `${path.slice(1) || 'index'}.mdx`),
      listedPages({ groups: [{ group: 'All', pages: paths.map((path) => path.slice(1)) }] }),
    );
    const time = (run: () => void): number =>
      summarize(
        Array.from({ length: 5 }, () => {
          const started = performance.now();
          run();
          return performance.now() - started;
        }),
      ).max;
    const groupsMs = time(() => void signalGroups(pages, report, defaultThresholds, ''));
    const everyPageMs = time(() => {
      const said = signalsByPage(report);
      for (const page of pages) said(page.pagePath);
    });

    before = await witness();
    await open(machine, defaultSignalCaps).load(scope, range);
    const reopenRequests = (await witness()) - before;
    before = await witness();
    // Another window: its own client and cache object over the machine's shared storage.
    await open(machine, defaultSignalCaps).load(scope, range);
    const secondWindowRequests = (await witness()) - before;
    return { range, pages: pages.length, inRange, capped, whole, groupsMs, everyPageMs, reopenRequests, secondWindowRequests };
  } finally {
    await api.close();
  }
}
