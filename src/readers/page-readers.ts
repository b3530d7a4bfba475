// The readers of every page of a docs site in one report: each page's counts and rank among
// all the report's paths, and the paths readers asked for that no page and no redirect serves.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';
import type { SitePage } from '../site/inventory';
import { pageAddress } from '../site/page-address';
import type { RedirectMatcher } from '../site/redirects';
import { rankRows } from '../visitors/chart-data';
import { rowsByPage } from '../visitors/page-path';
import type { Counts, PathRow } from '../visitors/protocol';

export interface PageReaders extends Counts {
  /** 1-based among the report's paths; undefined when the page had no visitors. */
  rank: number | undefined;
  /** How many paths the report ranks. */
  of: number;
}

/** Each page's readers, by page path; a page the report does not list had none. */
export function readersByPage(pages: readonly SitePage[], rows: readonly PathRow[]): Map<string, PageReaders> {
  // One row per page: `/a`, `/a/` and its whole URL add up.
  const ranked = rankRows(rowsByPage(rows));
  const byPath = new Map(ranked.map((row) => [row.path, row] as const));
  const result = new Map<string, PageReaders>();
  for (const page of pages) {
    const row = byPath.get(pageAddress(page.pagePath));
    result.set(
      page.pagePath,
      row && row.total > 0
        ? { human: row.human, ai: row.ai, total: row.total, rank: row.rank, of: ranked.length }
        : { human: 0, ai: 0, total: 0, rank: undefined, of: ranked.length },
    );
  }
  return result;
}

/**
 * Paths with readers that match no page and no redirect: readers who arrive at nothing. A page
 * is served by its file or generated from an OpenAPI file; paths under an API section whose
 * spec was not read (`unchecked` prefixes) may be served, so they are never called lost.
 */
export function readersWithoutPage(
  rows: readonly PathRow[],
  pages: readonly SitePage[],
  redirects: RedirectMatcher,
  unchecked: readonly string[] = [],
): PathRow[] {
  const known = new Set(pages.filter((p) => p.file !== undefined || p.generated).map((p) => pageAddress(p.pagePath)));
  const underUnchecked = (path: string): boolean => unchecked.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return rankRows(rowsByPage(rows))
    .filter((row) => row.total > 0 && !known.has(row.path) && !underUnchecked(row.path) && !redirects.covering(row.path))
    .map(({ path, human, ai, total }) => ({ path, human, ai, total }));
}

/** AI's share of a page's readers, as a whole percentage (of human + AI visits: `total` is deduplicated). */
export function aiShare(counts: Counts): number {
  const both = counts.human + counts.ai;
  return both > 0 ? Math.round((100 * counts.ai) / both) : 0;
}

/** "1,234" in the writer's language: one formatter for every count (toLocaleString builds one per call, slow for 10,000 pages). */
export function countText(n: number): string {
  return count(n);
}

/** "1 visitor", "1,234 visitors". */
export function visitorsText(total: number): string {
  return plural(
    total,
    l10n.t('{0} visitor', count(total)),
    l10n.t('{0} visitors', count(total)),
    l10n.t({ message: '{0} visitors', args: [count(total)], comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'] }),
  );
}
