// Visitors reports already read: the report cache for the visitors panel, status bar, trend and
// readers across the docs tree (see report-cache.ts for how long each range is kept).
import type { Clock } from '../platform/clock';
import type { Memento } from '../platform/memento';
import { sharedKeys } from '../platform/storage-layout';
import type { TextFiles } from '../platform/text-files';
import { type CachedReport, isVisitorsReport } from './cache-entries';
import { ReportCache } from './report-cache';

export type { CachedReport } from './cache-entries';
export type { KnownReport } from './report-cache';
export { maxPersistedChars, maxPersistedRanges } from './cache-entries';

export class VisitorsCache extends ReportCache<CachedReport> {
  constructor(memento: Memento, files: TextFiles, clock: Pick<Clock, 'now'>, options: { todayTtlMs?: number } = {}) {
    super(
      { indexKey: sharedKeys.visitorsIndex, isReport: isVisitorsReport, rowsOf: (report) => report.rows.length },
      memento,
      files,
      clock,
      options,
    );
  }
}
