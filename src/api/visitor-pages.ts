// Reads a whole visitors report: the API has no path filter, so one page's numbers need every page.
import type { CallOptions, DocsApiClient } from './client';
import { MalformedResponseError } from './errors';
import type { VisitorCounts, VisitorRow, VisitorsPage } from './types';

/** The API's largest page: fewest requests against the 100-an-hour analytics limit. */
export const maxPageSize = 250;

export interface DateRange {
  /** Inclusive. */
  dateFrom: string;
  /** Exclusive. */
  dateTo: string;
}

export interface OffsetPage extends VisitorsPage {
  offset: number;
}

/** Yields each page in turn (offset += limit while hasMore); stops early when the signal aborts. */
export async function* visitorPages(
  client: Pick<DocsApiClient, 'getVisitors'>,
  projectId: string,
  range: DateRange,
  options: CallOptions & { pageSize?: number } = {},
): AsyncGenerator<OffsetPage> {
  const limit = options.pageSize ?? maxPageSize;
  for (let offset = 0; ; offset += limit) {
    const page = await client.getVisitors(projectId, { ...range, limit, offset }, options);
    yield { ...page, offset };
    if (!page.hasMore) return;
    // A page that says "more" but holds nothing would loop for ever.
    if (page.visitors.length === 0) {
      throw new MalformedResponseError('The service said more rows follow but sent none.', 'hasMore', 200);
    }
  }
}

export interface VisitorsReport {
  totals: VisitorCounts;
  rows: VisitorRow[];
  requests: number;
}

export async function readAllVisitors(
  client: Pick<DocsApiClient, 'getVisitors'>,
  projectId: string,
  range: DateRange,
  options: CallOptions & { pageSize?: number; onPage?: (page: OffsetPage) => void } = {},
): Promise<VisitorsReport> {
  const rows: VisitorRow[] = [];
  let totals: VisitorCounts = { human: 0, ai: 0, total: 0 };
  let requests = 0;
  for await (const page of visitorPages(client, projectId, range, options)) {
    requests++;
    totals = page.totals;
    rows.push(...page.visitors);
    options.onPage?.(page);
  }
  return { totals, rows, requests };
}
