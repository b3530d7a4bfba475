// The reader-signal exports' answers, per the published schemas: feedback by page (top pages,
// `hasMore`, no paging), feedback entries newest first (each in its source's shape), searches
// by hits with the range's total, assistant turns newest first (ULID cursor), and view events
// per path (offset paging). All computed from the project's seeded data for the range asked.
import { formatDay } from './dates';
import type { FeedbackItem, SignalData } from './signal-data';
import { encodeCursor, fingerprintOf, type SignalExport, type SignalQuery } from './signals-query';
import type { VisitLog } from './visit-log';

const inRange = (day: number, q: SignalQuery): boolean => (q.fromDay === null || day >= q.fromDay) && (q.toDay === null || day < q.toDay);
const byPath = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function entries(data: SignalData, q: SignalQuery): FeedbackItem[] {
  return data.feedback
    .filter(
      (e) => inRange(e.day, q) && (q.source === null || e.source === q.source) && (q.statuses === null || q.statuses.includes(e.status)),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

function byPage(data: SignalData, q: SignalQuery): unknown {
  const pages = new Map<string, { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }>();
  // By what each entry names, as the real export groups: `/a`, `/a/` and `https://…/a` are three rows.
  for (const e of entries(data, q)) {
    const { path } = e;
    const row = pages.get(path) ?? { path, thumbsUp: 0, thumbsDown: 0, code: 0, total: 0 };
    if (e.source === 'contextual' || e.source === 'thumbs_only') row[e.helpful ? 'thumbsUp' : 'thumbsDown']++;
    if (e.source === 'code_snippet') row.code++;
    row.total++;
    pages.set(path, row);
  }
  const rows = [...pages.values()].sort((a, b) => b.total - a.total || byPath(a.path, b.path));
  return { feedback: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}

/** Each entry in its source's shape (the schema's anyOf); thumbs-only votes keep `helpful`, which by-page counts. */
function entryWire(e: FeedbackItem): Record<string, unknown> {
  const base = { id: e.id, path: e.path, comment: e.comment, createdAt: e.createdAt, source: e.source, status: e.status };
  if (e.source === 'contextual') return { ...base, helpful: e.helpful, contact: e.contact };
  if (e.source === 'code_snippet') return { ...base, code: 'curl https://api.acme.dev/v1/ping', filename: 'ping.sh', lang: 'bash' };
  return e.source === 'thumbs_only' ? { ...base, helpful: e.helpful } : base;
}

function offsetPage<T>(rows: T[], q: SignalQuery, params: URLSearchParams): { items: T[]; nextCursor: string | null } {
  const start = q.after && 'offset' in q.after ? q.after.offset : 0;
  const items = rows.slice(start, start + q.limit);
  const next = start + q.limit;
  return { items, nextCursor: next < rows.length ? encodeCursor(next, fingerprintOf(params)) : null };
}

function searches(data: SignalData, q: SignalQuery, params: URLSearchParams): unknown {
  const rows = data.searches
    .map((term) => {
      let hits = 0;
      let last = -1;
      for (const [day, count] of term.hitsByDay) {
        if (!inRange(day, q)) continue;
        hits += count;
        last = Math.max(last, day);
      }
      const ctr = Math.round(term.clickRate * 1000) / 1000;
      return {
        searchQuery: term.searchQuery,
        hits,
        ctr,
        topClickedPage: term.topClickedPage,
        lastSearchedAt: `${formatDay(last)}T12:00:00.000Z`,
      };
    })
    .filter((row) => row.hits > 0)
    .sort((a, b) => b.hits - a.hits || byPath(a.searchQuery, b.searchQuery));
  const page = offsetPage(rows, q, params);
  return { searches: page.items, totalSearches: rows.reduce((sum, row) => sum + row.hits, 0), nextCursor: page.nextCursor };
}

function assistant(data: SignalData, q: SignalQuery): unknown {
  const after = q.after && 'id' in q.after ? q.after.id : null;
  const rows = data.turns.filter((t) => inRange(t.day, q) && (after === null || t.id < after)).sort((a, b) => byPath(b.id, a.id));
  const items = rows.slice(0, q.limit).map(({ day: _day, ...turn }) => turn);
  const hasMore = rows.length > q.limit;
  return { conversations: items, nextCursor: hasMore ? (items.at(-1)?.id ?? null) : null, hasMore };
}

function views(log: VisitLog, q: SignalQuery): unknown {
  const [start, end] = log.range(q.fromDay ?? log.firstDay, q.toDay ?? Number.MAX_SAFE_INTEGER);
  const human = new Uint32Array(log.paths.length);
  const ai = new Uint32Array(log.paths.length);
  for (let i = start; i < end; i++) (log.kind[i] === 1 ? ai : human)[log.path[i]]++;
  const rows = log.paths
    .map((path, p) => ({ path, human: human[p] ?? 0, ai: ai[p] ?? 0, total: (human[p] ?? 0) + (ai[p] ?? 0) }))
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || byPath(a.path, b.path));
  const totals = rows.reduce((t, r) => ({ human: t.human + r.human, ai: t.ai + r.ai, total: t.total + r.total }), {
    human: 0,
    ai: 0,
    total: 0,
  });
  return { totals, views: rows.slice(q.offset, q.offset + q.limit), hasMore: q.offset + q.limit < rows.length };
}

export function signalAnswer(name: SignalExport, data: SignalData, log: VisitLog, q: SignalQuery, params: URLSearchParams): unknown {
  switch (name) {
    case 'feedback/by-page':
      return byPage(data, q);
    case 'feedback': {
      const page = offsetPage(entries(data, q), q, params);
      return { feedback: page.items.map(entryWire), nextCursor: page.nextCursor, hasMore: page.nextCursor !== null };
    }
    case 'searches':
      return searches(data, q, params);
    case 'assistant':
      return assistant(data, q);
    case 'views':
      return views(log, q);
  }
}
