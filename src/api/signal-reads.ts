// Reads the reader-signal exports, each request one of the organisation's 100 an hour: the
// feedback of the top pages (one request: the endpoint has no paging), and feedback entries,
// searches and assistant conversations page by page along the cursor, stopping at a cap the
// caller sets and saying whether the range was read whole.
import * as l10n from '@vscode/l10n';
import type { CallOptions, DocsApiClient } from './client';
import { MalformedResponseError } from './errors';
import { ReservationSpentError } from '../platform/reserving-ledger';
import type { DateRange } from './visitor-pages';
import type {
  AssistantTurn,
  CursorPage,
  FeedbackEntry,
  FeedbackSource,
  FeedbackStatus,
  PageFeedbackReport,
  SearchTerm,
  ViewRow,
} from './signal-types';
import type { VisitorCounts } from './types';
import { parseAssistantPage, parseFeedbackPage, parsePageFeedback, parseSearchesPage, parseViewsPage } from './validate-signals';

type Analytics = Pick<DocsApiClient, 'getAnalytics'>;

/** The largest pages each export allows: the fewest requests. */
export const signalPageSizes = { pageFeedback: 100, feedback: 100, searches: 100, assistant: 1000, views: 250 } as const;

export interface CappedRead<T> {
  items: T[];
  requests: number;
  /** Every page of the range was read (false: the cap stopped it first). */
  complete: boolean;
}

export interface CappedOptions extends CallOptions {
  /** At most this many requests (at least 1). */
  maxRequests: number;
  onPage?: (read: number) => void;
}

/** Follows `nextCursor` until it ends or the cap is reached; an entry sent twice (a range that grew while read) is kept once. */
export async function readCursorPages<T>(
  page: (cursor: string | undefined) => Promise<CursorPage<T>>,
  keyOf: (item: T) => string,
  options: Pick<CappedOptions, 'maxRequests' | 'onPage'>,
): Promise<CappedRead<T>> {
  const items = new Map<string, T>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let requests = 1; ; requests++) {
    const answer = await spentStops(page(cursor));
    // The read's reserved requests ran out: what came so far, said to be part of the range.
    if (!answer) return { items: [...items.values()], requests: requests - 1, complete: false };
    for (const item of answer.items) if (!items.has(keyOf(item))) items.set(keyOf(item), item);
    options.onPage?.(items.size);
    if (answer.nextCursor === null) return { items: [...items.values()], requests, complete: true };
    // A cursor that comes back would page for ever.
    if (seen.has(answer.nextCursor))
      throw new MalformedResponseError(l10n.t('The service sent the same page cursor twice.'), 'nextCursor', 200);
    seen.add(answer.nextCursor);
    if (requests >= Math.max(1, options.maxRequests)) return { items: [...items.values()], requests, complete: false };
    cursor = answer.nextCursor;
  }
}

/** The page, or undefined when the read's reserved requests ran out before it could be asked for. */
async function spentStops<T>(page: Promise<T>): Promise<T | undefined> {
  try {
    return await page;
  } catch (error) {
    if (error instanceof ReservationSpentError) return undefined;
    throw error;
  }
}

/** Feedback counts of the top 100 pages of the range: one request. */
export function readPageFeedback(
  client: Analytics,
  projectId: string,
  range: DateRange,
  options: CallOptions = {},
): Promise<PageFeedbackReport> {
  return client.getAnalytics(projectId, 'feedback/by-page', { ...range, limit: signalPageSizes.pageFeedback }, parsePageFeedback, options);
}

export interface FeedbackFilter {
  status?: readonly FeedbackStatus[];
  source?: FeedbackSource;
}

export function readFeedback(
  client: Analytics,
  projectId: string,
  range: DateRange,
  options: CappedOptions & FeedbackFilter,
): Promise<CappedRead<FeedbackEntry>> {
  const { status, source } = options;
  return readCursorPages(
    (cursor) =>
      client.getAnalytics(
        projectId,
        'feedback',
        { ...range, limit: signalPageSizes.feedback, cursor, ...(status?.length ? { status } : {}), source },
        parseFeedbackPage,
        options,
      ),
    (entry) => entry.id,
    options,
  );
}

export async function readSearches(
  client: Analytics,
  projectId: string,
  range: DateRange,
  options: CappedOptions,
): Promise<CappedRead<SearchTerm> & { totalSearches: number }> {
  let totalSearches = 0;
  const read = await readCursorPages(
    async (cursor) => {
      const page = await client.getAnalytics(
        projectId,
        'searches',
        { ...range, limit: signalPageSizes.searches, cursor },
        parseSearchesPage,
        options,
      );
      totalSearches = page.totalSearches;
      return page;
    },
    (term) => term.query,
    options,
  );
  return { ...read, totalSearches };
}

export function readAssistant(
  client: Analytics,
  projectId: string,
  range: DateRange,
  options: CappedOptions,
): Promise<CappedRead<AssistantTurn>> {
  return readCursorPages(
    (cursor) =>
      client.getAnalytics(projectId, 'assistant', { ...range, limit: signalPageSizes.assistant, cursor }, parseAssistantPage, options),
    (turn) => turn.id,
    options,
  );
}

/** View events per path, 250 a page along the offset while `hasMore`, up to the cap; the range's totals from the first page. */
export async function readViews(
  client: Analytics,
  projectId: string,
  range: DateRange,
  options: CappedOptions,
): Promise<CappedRead<ViewRow> & { totals: VisitorCounts }> {
  const rows: ViewRow[] = [];
  let totals: VisitorCounts = { human: 0, ai: 0, total: 0 };
  for (let requests = 1; ; requests++) {
    const offset = (requests - 1) * signalPageSizes.views;
    const page = await spentStops(
      client.getAnalytics(projectId, 'views', { ...range, limit: signalPageSizes.views, offset }, parseViewsPage, options),
    );
    if (!page) return { items: rows, totals, requests: requests - 1, complete: false };
    if (requests === 1) totals = page.totals;
    rows.push(...page.views);
    options.onPage?.(rows.length);
    // A page that says more but brings nothing would page for ever.
    if (!page.hasMore || !page.views.length) return { items: rows, totals, requests, complete: true };
    if (requests >= Math.max(1, options.maxRequests)) return { items: rows, totals, requests, complete: false };
  }
}
