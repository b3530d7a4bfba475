// Visitors reports already read, so the 100-requests-an-hour budget goes to new questions.
// A range that ended before today barely changes: it is kept until the user refreshes, also
// across reloads. A range that includes today still grows: it is kept a few minutes, in
// memory only, so a reload or another window may read it afresh.
import type { Memento } from '../jobs/job-store';
import type { Clock } from '../jobs/poll-scheduler';
import { endsBeforeToday, todayUtc } from './date-range';
import type { Counts, DayRange, PathRow } from './protocol';

export interface CachedReport {
  totals: Counts;
  rows: PathRow[];
  fetchedAt: number;
  requests: number;
}

export interface CacheScope {
  baseUrl: string;
  projectId: string;
}

export interface CachedEntry {
  range: DayRange;
  report: CachedReport;
}

export const cacheKey = 'docsAgent.visitorsCache';
export const maxPersistedRanges = 12;
/** Global storage is loaded whole at startup; a few megabytes is a polite share of it. */
export const maxPersistedChars = 8 * 1024 * 1024;
/** Past ranges also kept in memory for the session, beyond the persisted ones (a 90-day trend has 13 weeks). */
const maxMemoryEntries = 64;
const defaultTodayTtlMs = 5 * 60_000;

interface StoredEntry {
  baseUrl: string;
  projectId: string;
  from: string;
  to: string;
  report: CachedReport;
}

interface MemoryEntry extends StoredEntry {
  /** Undefined for a past range: it never expires on its own. */
  expiresAt: number | undefined;
}

function keyOf(scope: CacheScope, range: DayRange): string {
  return JSON.stringify([scope.baseUrl, scope.projectId, range.from, range.to]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isCounts(value: unknown): value is Counts {
  return isRecord(value) && typeof value.human === 'number' && typeof value.ai === 'number' && typeof value.total === 'number';
}

/** Storage outlives versions and may be damaged: anything not of this shape is dropped. */
function isStoredEntry(value: unknown): value is StoredEntry {
  if (!isRecord(value) || !isRecord(value.report)) return false;
  const { report } = value;
  return (
    typeof value.baseUrl === 'string' && typeof value.projectId === 'string' && typeof value.from === 'string' && typeof value.to === 'string' &&
    isCounts(report.totals) && typeof report.fetchedAt === 'number' && typeof report.requests === 'number' &&
    Array.isArray(report.rows) && report.rows.every((row: unknown) => isCounts(row) && isRecord(row) && typeof row.path === 'string')
  );
}

export class VisitorsCache {
  private readonly todayTtlMs: number;
  /** Every report set in this session, oldest first (Map order), for quick reads. */
  private readonly memory = new Map<string, MemoryEntry>();

  constructor(
    private readonly memento: Memento,
    private readonly clock: Pick<Clock, 'now'>,
    options: { todayTtlMs?: number } = {},
  ) {
    this.todayTtlMs = options.todayTtlMs ?? defaultTodayTtlMs;
  }

  get(scope: CacheScope, range: DayRange): CachedReport | undefined {
    const now = this.clock.now();
    const key = keyOf(scope, range);
    const entry = this.memory.get(key);
    if (endsBeforeToday(range, todayUtc(now))) {
      // An entry with an expiry was read while the range still held today: not final.
      if (entry && entry.expiresAt === undefined) return entry.report;
      // Another window, or an earlier session, may have stored it.
      const stored = this.stored().find((e) => keyOf(e, e) === key);
      if (stored) this.remember({ ...stored, expiresAt: undefined });
      return stored?.report;
    }
    return entry?.expiresAt !== undefined && now < entry.expiresAt ? entry.report : undefined;
  }

  async set(scope: CacheScope, range: DayRange, report: CachedReport): Promise<void> {
    const now = this.clock.now();
    const entry: StoredEntry = { baseUrl: scope.baseUrl, projectId: scope.projectId, from: range.from, to: range.to, report };
    if (!endsBeforeToday(range, todayUtc(now))) {
      this.remember({ ...entry, expiresAt: report.fetchedAt + this.todayTtlMs });
      return;
    }
    this.remember({ ...entry, expiresAt: undefined });
    const key = keyOf(scope, range);
    await this.write([entry, ...this.stored().filter((e) => keyOf(e, e) !== key)]);
  }

  async forget(scope: CacheScope, range: DayRange): Promise<void> {
    const key = keyOf(scope, range);
    this.memory.delete(key);
    const stored = this.stored();
    const kept = stored.filter((e) => keyOf(e, e) !== key);
    if (kept.length !== stored.length) await this.write(kept);
  }

  /** Every report known for a scope, expired ones included: good enough to estimate a read's size. */
  entries(scope: CacheScope): CachedEntry[] {
    const seen = new Map<string, CachedEntry>();
    for (const e of [...this.memory.values(), ...this.stored()]) {
      if (e.baseUrl !== scope.baseUrl || e.projectId !== scope.projectId) continue;
      const key = keyOf(e, e);
      if (!seen.has(key)) seen.set(key, { range: { from: e.from, to: e.to }, report: e.report });
    }
    return [...seen.values()];
  }

  private remember(entry: MemoryEntry): void {
    const key = keyOf(entry, entry);
    this.memory.delete(key);
    this.memory.set(key, entry);
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= maxMemoryEntries) break;
      this.memory.delete(oldest);
    }
  }

  /** Newest first, as stored. */
  private stored(): StoredEntry[] {
    const value = this.memento.get<unknown>(cacheKey);
    return Array.isArray(value) ? value.filter(isStoredEntry) : [];
  }

  /** Keeps the newest entries that fit both caps; an entry too large on its own is skipped. */
  private async write(newestFirst: readonly StoredEntry[]): Promise<void> {
    const kept: StoredEntry[] = [];
    let chars = 2;
    for (const entry of newestFirst) {
      if (kept.length >= maxPersistedRanges) break;
      const size = JSON.stringify(entry).length + 1;
      if (chars + size > maxPersistedChars) continue;
      kept.push(entry);
      chars += size;
    }
    await this.memento.update(cacheKey, kept);
  }
}
