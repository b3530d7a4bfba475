// The shapes a persisted report (visitors, or any other kind a ReportCache keeps) takes on disk
// and in the cache's index, checked on the way in: storage outlives versions and may be damaged.
import { createHash } from 'node:crypto';
import type { Counts, PathRow } from './protocol';
import { isRecord } from '../platform/checks';

/** One range's report as the cache keeps it. */
export interface CachedReport {
  totals: Counts;
  rows: PathRow[];
  fetchedAt: number;
  requests: number;
}

export const maxPersistedRanges = 12;
/** On disk, not in global state, so this can be generous; it still bounds the folder. */
export const maxPersistedChars = 32 * 1024 * 1024;
/** The largest report file read back: a file holds at most `maxPersistedChars` UTF-16 units, each 3 bytes of UTF-8 at most. */
export const maxReportFileBytes = 3 * maxPersistedChars;

/** What a report file holds: the report with what it answers, so a file can be checked against its index entry. */
export interface StoredEntry<R = CachedReport> {
  baseUrl: string;
  projectId: string;
  from: string;
  to: string;
  report: R;
  /** For a range that includes today: when it stops being good (ms). A past range never does. */
  expiresAt?: number;
}

export interface IndexEntry {
  baseUrl: string;
  projectId: string;
  from: string;
  to: string;
  file: string;
  rows: number;
  /** Length of the file's text, for the size cap. */
  chars: number;
  fetchedAt: number;
  /** As in the file: set for a range that includes today. */
  expiresAt?: number;
}

export interface Keyed {
  baseUrl: string;
  projectId: string;
  from: string;
  to: string;
}

/** Identifies one report: the site, the project and the range it answers. */
export function reportKeyOf(e: Keyed): string {
  return JSON.stringify([e.baseUrl, e.projectId, e.from, e.to]);
}

/** A name safe on any file system, whatever the base URL or project ID hold. */
export function fileNameOf(key: string): string {
  return `${createHash('sha256').update(key).digest('hex')}.json`;
}

function isCounts(value: unknown): value is Counts {
  return isRecord(value) && typeof value.human === 'number' && typeof value.ai === 'number' && typeof value.total === 'number';
}

function isKeyed(value: Record<string, unknown>): value is Record<string, unknown> & Keyed {
  return (
    typeof value.baseUrl === 'string' &&
    typeof value.projectId === 'string' &&
    typeof value.from === 'string' &&
    typeof value.to === 'string'
  );
}

/** A visitors report as stored: anything not of this shape is dropped. */
export function isVisitorsReport(report: unknown): report is CachedReport {
  return (
    isRecord(report) &&
    isCounts(report.totals) &&
    typeof report.fetchedAt === 'number' &&
    typeof report.requests === 'number' &&
    Array.isArray(report.rows) &&
    report.rows.every((row: unknown) => isCounts(row) && isRecord(row) && typeof row.path === 'string')
  );
}

/** Storage outlives versions and may be damaged: anything not of this shape is dropped. */
function isStoredEntry<R>(value: unknown, isReport: (report: unknown) => report is R): value is StoredEntry<R> {
  return (
    isRecord(value) && isKeyed(value) && (value.expiresAt === undefined || typeof value.expiresAt === 'number') && isReport(value.report)
  );
}

/** The file name must be the one this key gives, so a damaged index never reads or removes another file. */
export function isIndexEntry(value: unknown): value is IndexEntry {
  return (
    isRecord(value) &&
    isKeyed(value) &&
    typeof value.rows === 'number' &&
    typeof value.chars === 'number' &&
    typeof value.fetchedAt === 'number' &&
    (value.expiresAt === undefined || typeof value.expiresAt === 'number') &&
    value.file === fileNameOf(reportKeyOf(value))
  );
}

export function parseStored<R>(text: string | undefined, isReport: (report: unknown) => report is R): StoredEntry<R> | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isStoredEntry(value, isReport) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The index entry of a report of `rows` rows stored in `file` as `chars` characters of text. */
export function indexEntryOf<R extends { fetchedAt: number }>(
  stored: StoredEntry<R>,
  file: string,
  chars: number,
  rows: number,
): IndexEntry {
  const { baseUrl, projectId, from, to, report, expiresAt } = stored;
  return {
    baseUrl,
    projectId,
    from,
    to,
    file,
    rows,
    chars,
    fetchedAt: report.fetchedAt,
    ...(expiresAt === undefined ? {} : { expiresAt }),
  };
}

/** Whether a stored report still answers at `now`: a past range always, today's until it expires. */
export function isCurrent(entry: { expiresAt?: number }, now: number): boolean {
  return entry.expiresAt === undefined || now < entry.expiresAt;
}

/** The newest current entries that fit both caps; an entry too large for what is left is skipped. */
export function withinCaps(newestFirst: readonly IndexEntry[], now: number): IndexEntry[] {
  const kept: IndexEntry[] = [];
  let chars = 0;
  for (const entry of newestFirst) {
    if (!isCurrent(entry, now)) continue;
    if (kept.length >= maxPersistedRanges) break;
    if (chars + entry.chars > maxPersistedChars) continue;
    kept.push(entry);
    chars += entry.chars;
  }
  return kept;
}
