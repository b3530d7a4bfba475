// Run-time checks of the reader-signal exports. The schemas mark most fields required; what a
// view cannot do without (a path, a query, an id, the counts) is enforced, the rest defaults
// (an unlisted source or status reads as 'other', an absent response type as 'answer', as the
// schema documents). A reader's contact e-mail is never read.
import { type Json, Reader } from './answer-reader';
import {
  type AssistantSource,
  type AssistantTurn,
  type CursorPage,
  type FeedbackEntry,
  feedbackSources,
  feedbackStatuses,
  type PageFeedbackReport,
  type SearchesPage,
  type SearchTerm,
  type ViewsPage,
} from './signal-types';

function list(r: Reader, value: unknown, field: string): unknown[] {
  return Array.isArray(value) ? value : r.fail(field, 'list');
}

function flag(r: Reader, obj: Json, key: string, field: string): boolean {
  const value = obj[key];
  return typeof value === 'boolean' ? value : r.fail(field, 'boolean');
}

function optionalFlag(r: Reader, obj: Json, key: string, field: string): boolean | null {
  const value = obj[key];
  if (value === undefined || value === null) return null;
  return typeof value === 'boolean' ? value : r.fail(field, 'booleanOrNull');
}

function oneOf<T extends string>(known: readonly T[], raw: string | null): T | 'other' {
  return raw !== null && (known as readonly string[]).includes(raw) ? (raw as T) : 'other';
}

/** `nextCursor`, null when the page says nothing follows (`hasMore: false` wins over a stray cursor). */
function nextCursorOf(r: Reader, page: Json): string | null {
  const cursor = r.optionalString(page, 'nextCursor', 'nextCursor');
  if (page.hasMore === false) return null;
  return cursor === '' ? null : cursor;
}

export function parsePageFeedback(body: unknown, status: number): PageFeedbackReport {
  const r = new Reader(status);
  const report = r.object(body, 'response');
  const pages = list(r, report.feedback, 'feedback').map((item, index) => {
    const field = `feedback[${index}]`;
    const row = r.object(item, field);
    return {
      path: r.string(row, 'path', `${field}.path`),
      thumbsUp: r.count(row, 'thumbsUp', `${field}.thumbsUp`),
      thumbsDown: r.count(row, 'thumbsDown', `${field}.thumbsDown`),
      code: r.count(row, 'code', `${field}.code`),
      total: r.count(row, 'total', `${field}.total`),
    };
  });
  return { pages, hasMore: flag(r, report, 'hasMore', 'hasMore') };
}

export function parseFeedbackPage(body: unknown, status: number): CursorPage<FeedbackEntry> {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const items = list(r, page.feedback, 'feedback').map((item, index): FeedbackEntry => {
    const field = `feedback[${index}]`;
    const entry = r.object(item, field);
    return {
      id: r.string(entry, 'id', `${field}.id`),
      path: r.string(entry, 'path', `${field}.path`),
      comment: r.optionalString(entry, 'comment', `${field}.comment`),
      createdAt: r.optionalString(entry, 'createdAt', `${field}.createdAt`),
      source: oneOf(feedbackSources, r.optionalString(entry, 'source', `${field}.source`)),
      status: oneOf(feedbackStatuses, r.optionalString(entry, 'status', `${field}.status`)),
      helpful: optionalFlag(r, entry, 'helpful', `${field}.helpful`),
      code: r.optionalString(entry, 'code', `${field}.code`),
    };
  });
  return { items, nextCursor: nextCursorOf(r, page) };
}

/** A click-through rate over 1 can only be a percentage. */
function rate(value: number): number {
  return value > 1 ? Math.min(1, value / 100) : value;
}

export function parseSearchesPage(body: unknown, status: number): SearchesPage {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const items = list(r, page.searches, 'searches').map((item, index): SearchTerm => {
    const field = `searches[${index}]`;
    const term = r.object(item, field);
    return {
      query: r.string(term, 'searchQuery', `${field}.searchQuery`),
      hits: r.count(term, 'hits', `${field}.hits`),
      ctr: rate(r.count(term, 'ctr', `${field}.ctr`)),
      topClickedPage: r.optionalString(term, 'topClickedPage', `${field}.topClickedPage`) || null,
      lastSearchedAt: r.optionalString(term, 'lastSearchedAt', `${field}.lastSearchedAt`),
    };
  });
  const totalSearches =
    page.totalSearches === undefined ? items.reduce((sum, t) => sum + t.hits, 0) : r.count(page, 'totalSearches', 'totalSearches');
  return { items, totalSearches, nextCursor: nextCursorOf(r, page) };
}

function sourceOf(r: Reader, item: unknown, field: string): AssistantSource {
  const source = r.object(item, field);
  return { title: r.optionalString(source, 'title', `${field}.title`) ?? '', url: r.string(source, 'url', `${field}.url`) };
}

export function parseAssistantPage(body: unknown, status: number): CursorPage<AssistantTurn> {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const items = list(r, page.conversations, 'conversations').map((item, index): AssistantTurn => {
    const field = `conversations[${index}]`;
    const turn = r.object(item, field);
    const sources = turn.sources === undefined || turn.sources === null ? [] : list(r, turn.sources, `${field}.sources`);
    return {
      id: r.string(turn, 'id', `${field}.id`),
      timestamp: r.optionalString(turn, 'timestamp', `${field}.timestamp`),
      query: r.string(turn, 'query', `${field}.query`),
      response: r.optionalString(turn, 'response', `${field}.response`) ?? '',
      responseType:
        r.optionalString(turn, 'responseType', `${field}.responseType`) === 'clarifying_question' ? 'clarifying_question' : 'answer',
      sources: sources.map((source, i) => sourceOf(r, source, `${field}.sources[${i}]`)),
      resolution: r.optionalString(turn, 'resolutionStatus', `${field}.resolutionStatus`) === 'unanswered' ? 'unanswered' : 'answered',
      pageUrl: r.optionalString(turn, 'pageUrl', `${field}.pageUrl`),
    };
  });
  return { items, nextCursor: nextCursorOf(r, page) };
}

export function parseViewsPage(body: unknown, status: number): ViewsPage {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const views = list(r, page.views, 'views').map((item, index) => {
    const row = r.object(item, `views[${index}]`);
    return { path: r.string(row, 'path', `views[${index}].path`), ...r.counts(row, `views[${index}]`) };
  });
  return { totals: r.counts(r.object(page.totals, 'totals'), 'totals'), views, hasMore: flag(r, page, 'hasMore', 'hasMore') };
}
