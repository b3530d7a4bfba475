// GET /v1/analytics/{projectId}/visitors: strict query validation, distinct-visitor counts
// computed from the visit log, a stable row order and offset paging over a cached result.
import { parseDateParam } from './dates';
import type { VisitLog } from './visit-log';

export interface Counts {
  human: number;
  ai: number;
  total: number;
}
export type Row = Counts & { path: string };

export interface VisitorsPage {
  totals: Counts;
  visitors: Row[];
  hasMore: boolean;
}

export interface VisitorsQuery {
  /** Inclusive day number, or null for the start of the log. */
  fromDay: number | null;
  /** Exclusive day number, or null for no upper bound. */
  toDay: number | null;
  limit: number;
  offset: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; details: { message: string }[] };

const INTEGER_RE = /^\d+$/;

/**
 * Validates the query the way the service documents it, collecting every problem so a
 * client sees all of them in one 400. Missing dates mean "unbounded" (the published schema
 * marks both optional); an empty range (dateFrom == dateTo) is valid and empty.
 */
export function parseVisitorsQuery(params: URLSearchParams): Parsed<VisitorsQuery> {
  const details: { message: string }[] = [];
  const single = (name: string): string | undefined => {
    const all = params.getAll(name);
    if (all.length > 1) details.push({ message: `${name} must be given at most once` });
    return all[0];
  };
  const date = (name: string): number | null => {
    const raw = single(name);
    if (raw === undefined) return null;
    const day = parseDateParam(raw);
    if (day === null) details.push({ message: `${name} must be a date in YYYY-MM-DD or ISO 8601 date-time format` });
    return day;
  };
  const integer = (name: string, fallback: number, min: number, max: number, rule: string): number => {
    const raw = single(name);
    if (raw === undefined) return fallback;
    const value = INTEGER_RE.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      details.push({ message: `${name} must be ${rule}` });
      return fallback;
    }
    return value;
  };
  const fromDay = date('dateFrom');
  const toDay = date('dateTo');
  const limit = integer('limit', 50, 1, 250, 'an integer between 1 and 250');
  const offset = integer('offset', 0, 0, Number.MAX_SAFE_INTEGER, 'an integer of at least 0');
  if (fromDay !== null && toDay !== null && fromDay > toDay) {
    details.push({ message: 'dateFrom must not be after dateTo' });
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, value: { fromDay, toDay, limit, offset } };
}

interface RangeResult {
  totals: Counts;
  rows: Row[];
}

function countUnion(human: Set<number> | undefined, ai: Set<number> | undefined): Counts {
  const h = human?.size ?? 0;
  const a = ai?.size ?? 0;
  let onlyAi = 0;
  if (ai) for (const id of ai) if (!human?.has(id)) onlyAi++;
  return { human: h, ai: a, total: h + onlyAi };
}

/** Distinct visitor ids per path and kind over the log slice for [fromDay, toDay). */
function compute(log: VisitLog, fromDay: number, toDay: number): RangeResult {
  const [start, end] = log.range(fromDay, toDay);
  const human = new Array<Set<number> | undefined>(log.paths.length);
  const ai = new Array<Set<number> | undefined>(log.paths.length);
  const siteHuman = new Set<number>();
  const siteAi = new Set<number>();
  for (let i = start; i < end; i++) {
    const p = log.path[i];
    const v = log.visitor[i];
    const sets = log.kind[i] === 1 ? ai : human;
    (sets[p] ??= new Set<number>()).add(v);
    (log.kind[i] === 1 ? siteAi : siteHuman).add(v);
  }
  const rows: Row[] = [];
  for (let p = 0; p < log.paths.length; p++) {
    if (human[p] || ai[p]) rows.push({ path: log.paths[p], ...countUnion(human[p], ai[p]) });
  }
  // Total desc, then path by code unit (not locale): the same order on every request, so
  // consecutive offset pages never repeat or skip a row.
  rows.sort((x, y) => y.total - x.total || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  return { totals: countUnion(siteHuman, siteAi), rows };
}

const CACHE_LIMIT = 256;

/** Computes each (project, range) once; paging a 10,000-path site then costs a slice. */
export class AnalyticsEngine {
  private readonly cache = new Map<string, RangeResult>();

  /** Logs are built on first use (memoised by the caller), so start-up stays instant. */
  constructor(private readonly logs: ReadonlyMap<string, () => VisitLog>) {}

  hasProject(projectId: string): boolean {
    return this.logs.has(projectId);
  }

  page(projectId: string, query: VisitorsQuery): VisitorsPage {
    const log = this.logs.get(projectId)?.();
    if (!log) throw new Error(`Unknown project ${projectId}`);
    const from = query.fromDay ?? log.firstDay;
    const to = query.toDay ?? Number.MAX_SAFE_INTEGER;
    const [start, end] = log.range(from, to);
    // Key on the log slice, not the dates: every range the log cannot tell apart shares it.
    const key = `${projectId}|${start}|${end}`;
    let result = this.cache.get(key);
    if (!result) {
      result = compute(log, from, to);
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value ?? '');
      this.cache.set(key, result);
    }
    const visitors = result.rows.slice(query.offset, query.offset + query.limit).map((row) => ({ ...row }));
    return { totals: { ...result.totals }, visitors, hasMore: query.offset + query.limit < result.rows.length };
  }
}
