// Figure 1: what a 90-day visitors read of the 10,000-path site costs, module level. The real
// client, service, cache and ledger run against the real emulator; the emulator's request log
// is the witness for every count, never the code under test.
import { addDays, todayUtc } from '../../src/visitors/date-range';
import type { DayRange } from '../../src/visitors/protocol';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { maxPageSize } from '../../src/api/visitor-pages';
import { startApiFixture } from '../support/emulator/api-fixture';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { visitTruth } from '../support/emulator/visit-truth';

export interface AnalyticsFigures {
  range: DayRange;
  /** Distinct paths with a visit in the range, from the raw visit log. */
  paths: number;
  minimumRequests: number;
  firstLoadRequests: number;
  firstLoadMs: number;
  /** Same service, same range again: should come from memory. */
  secondLoadRequests: number;
  /** A new service on the same storage, as after a window reload: should come from the report file. */
  reopenRequests: number;
  reopenMs: number;
  ledgerCount: number;
}

/** The range and project both analytics benches read: the 10,000-path site's 90 days up to yesterday. */
export function syntheticPastRead(api: Awaited<ReturnType<typeof startApiFixture>>): {
  clock: { now: () => number };
  range: DayRange;
  scope: { baseUrl: string; projectId: string };
} {
  const clock = { now: () => Date.now() };
  const today = todayUtc(clock.now());
  // Ends yesterday: a past range, the kind the cache keeps across reloads.
  const range: DayRange = { from: addDays(today, -90), to: addDays(today, -1) };
  return { clock, range, scope: { baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId } };
}

export async function analyticsBench(): Promise<AnalyticsFigures> {
  // The budget is the extension's concern, not this figure's: no 429 may skew the count.
  const api = await startApiFixture({ analyticsLimitPerHour: 1_000_000 });
  try {
    const { clock, range, scope } = syntheticPastRead(api);
    const storage = { memento: new MemoryMemento(), files: new MemoryTextFiles() };
    // Each "window" gets its own client, cache and ledger on the shared storage.
    const open = (): { service: VisitorsService; ledger: RequestLedger } => {
      const client = api.client();
      const ledger = new RequestLedger(storage.memento, clock);
      const cache = new VisitorsCache(storage.memento, storage.files, clock);
      return { service: new VisitorsService({ client: () => client, cache, ledger, clock }), ledger };
    };
    const visitorReads = async (): Promise<number> => (await api.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;

    const truth = await visitTruth(api.control, scope.projectId, range.from, range.to);
    const paths = truth.byPath.size;
    await api.control.clearRequests();

    const first = open();
    let started = performance.now();
    const read = await first.service.load(scope, range);
    const firstLoadMs = performance.now() - started;
    if (read.fromCache) throw new Error('the first load came from the cache');
    if (read.report.rows.length !== paths) throw new Error(`read ${read.report.rows.length} rows, the log has ${paths} paths`);
    const firstLoadRequests = await visitorReads();

    await api.control.clearRequests();
    await first.service.load(scope, range);
    const secondLoadRequests = await visitorReads();

    await api.control.clearRequests();
    const reopened = open();
    started = performance.now();
    const again = await reopened.service.load(scope, range);
    const reopenMs = performance.now() - started;
    if (again.report.rows.length !== paths) throw new Error('the reopened service read a different report');
    const reopenRequests = await visitorReads();

    return {
      range,
      paths,
      minimumRequests: Math.ceil(paths / maxPageSize),
      firstLoadRequests,
      firstLoadMs: Math.round(firstLoadMs),
      secondLoadRequests,
      reopenRequests,
      reopenMs: Math.round(reopenMs),
      ledgerCount: reopened.ledger.countLastHour(),
    };
  } finally {
    await api.close();
  }
}
