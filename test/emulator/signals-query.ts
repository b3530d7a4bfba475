// The queries of the reader-signal exports, checked the way the service documents them: dates
// like visitors, each endpoint's own `limit` bounds, `source` and comma-separated `status`
// filters, and cursors (opaque for feedback and searches, a ULID for the assistant). Every
// problem is collected so one 400 names them all.
import { parseDateParam } from './dates';
import { SOURCES, STATUSES } from './signal-data';

export type SignalExport = 'feedback' | 'feedback/by-page' | 'searches' | 'assistant' | 'views';

export interface SignalQuery {
  fromDay: number | null;
  toDay: number | null;
  limit: number;
  offset: number;
  /** Position after which the page starts: an offset (opaque cursors) or an id (the assistant's ULIDs). */
  after: { offset: number } | { id: string } | null;
  source: string | null;
  statuses: string[] | null;
}

const LIMITS: Record<SignalExport, { max: number; fallback: number }> = {
  feedback: { max: 100, fallback: 50 },
  'feedback/by-page': { max: 100, fallback: 10 },
  searches: { max: 100, fallback: 50 },
  assistant: { max: 1000, fallback: 100 },
  views: { max: 250, fallback: 50 },
};

const ULID_RE = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The opaque cursor of feedback and searches: the next offset, bound to the query it pages. */
export function encodeCursor(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

function decodeCursor(text: string, fingerprint: string): number | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { o, f } = value as { o?: unknown; f?: unknown };
    return typeof o === 'number' && Number.isSafeInteger(o) && o > 0 && f === fingerprint ? o : null;
  } catch {
    return null;
  }
}

/** What a cursor is bound to: the same dates and filters. */
export function fingerprintOf(params: URLSearchParams): string {
  return ['dateFrom', 'dateTo', 'source', 'status'].map((name) => params.get(name) ?? '').join('|');
}

export function parseSignalQuery(
  name: SignalExport,
  params: URLSearchParams,
): { ok: true; value: SignalQuery } | { ok: false; details: { message: string }[] } {
  const details: { message: string }[] = [];
  const single = (key: string): string | undefined => {
    const all = params.getAll(key);
    if (all.length > 1) details.push({ message: `${key} must be given at most once` });
    return all[0];
  };
  const date = (key: string): number | null => {
    const raw = single(key);
    if (raw === undefined) return null;
    const day = parseDateParam(raw);
    if (day === null) details.push({ message: `${key} must be a date in YYYY-MM-DD or ISO 8601 date-time format` });
    return day;
  };
  const fromDay = date('dateFrom');
  const toDay = date('dateTo');
  if (fromDay !== null && toDay !== null && fromDay > toDay) details.push({ message: 'dateFrom must not be after dateTo' });
  const { max, fallback } = LIMITS[name];
  const rawLimit = single('limit');
  const limit = rawLimit === undefined ? fallback : Number(rawLimit);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > max) details.push({ message: `limit must be a number between 1 and ${max}` });
  const rawOffset = name === 'views' ? single('offset') : undefined;
  const offset = rawOffset === undefined ? 0 : Number(rawOffset);
  if (!Number.isSafeInteger(offset) || offset < 0) details.push({ message: 'offset must be an integer of at least 0' });
  const source = name.startsWith('feedback') ? (single('source') ?? null) : null;
  if (source !== null && !(SOURCES as readonly string[]).includes(source))
    details.push({ message: `source must be one of ${SOURCES.join(', ')}` });
  const rawStatus = name.startsWith('feedback') ? single('status') : undefined;
  const statuses = rawStatus === undefined ? null : rawStatus.split(',').map((s) => s.trim());
  if (statuses?.some((s) => !(STATUSES as readonly string[]).includes(s)))
    details.push({ message: `status must list values of ${STATUSES.join(', ')}` });
  const after = cursorOf(name, single('cursor'), fingerprintOf(params), details);
  const value: SignalQuery = { fromDay, toDay, limit, offset, after, source, statuses };
  return details.length ? { ok: false, details } : { ok: true, value };
}

function cursorOf(name: SignalExport, raw: string | undefined, fingerprint: string, details: { message: string }[]): SignalQuery['after'] {
  if (raw === undefined) return null;
  if (name === 'assistant') {
    if (ULID_RE.test(raw)) return { id: raw };
  } else if (name === 'feedback' || name === 'searches') {
    const offset = decodeCursor(raw, fingerprint);
    if (offset !== null) return { offset };
  } else {
    details.push({ message: `cursor is not a parameter of ${name}` });
    return null;
  }
  details.push({ message: 'cursor is not valid for this query' });
  return null;
}
