// Reads a whole visitors report: the API has no path filter, so one page's numbers need every page.
import * as l10n from '@vscode/l10n';
import type { CallOptions, DocsApiClient } from './client';
import { MalformedResponseError } from './errors';
import { ReservationSpentError } from '../platform/reserving-ledger';
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
      throw new MalformedResponseError(l10n.t('The service said more rows follow but sent none.'), 'hasMore', 200);
    }
  }
}

export interface VisitorsReport {
  totals: VisitorCounts;
  rows: VisitorRow[];
  requests: number;
  /** Every page of the range was read (false: the read's reserved requests ran out first). */
  complete: boolean;
}

/** A path seen twice: the larger counts win (the later page saw more of the range). */
function larger(seen: VisitorRow | undefined, row: VisitorRow): VisitorRow {
  if (!seen) return row;
  return { path: row.path, human: Math.max(seen.human, row.human), ai: Math.max(seen.ai, row.ai), total: Math.max(seen.total, row.total) };
}

export async function readAllVisitors(
  client: Pick<DocsApiClient, 'getVisitors'>,
  projectId: string,
  range: DateRange,
  options: CallOptions & { pageSize?: number; onPage?: (page: OffsetPage) => void } = {},
): Promise<VisitorsReport> {
  // By path: offset paging over a log that grows while it is read can send a row twice.
  const rows = new Map<string, VisitorRow>();
  let totals: VisitorCounts = { human: 0, ai: 0, total: 0 };
  let requests = 0;
  try {
    for await (const page of visitorPages(client, projectId, range, options)) {
      requests++;
      totals = page.totals;
      for (const row of page.visitors) rows.set(row.path, larger(rows.get(row.path), row));
      options.onPage?.(page);
    }
  } catch (error) {
    // The cap stopped it after some pages: what was read is returned, said to be part of the range.
    if (error instanceof ReservationSpentError && requests > 0) return { totals, rows: [...rows.values()], requests, complete: false };
    throw error;
  }
  return { totals, rows: [...rows.values()], requests, complete: true };
}
