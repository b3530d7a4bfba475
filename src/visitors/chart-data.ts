// What the chart and the page summary show, from a report's rows. The API's row order is not
// specified, so ranks are computed here.
import * as l10n from '@vscode/l10n';
import { pageAddress } from '../site/page-address';
import { rowsByPage, rowsForPage } from './page-path';
import type { ChartBar, PageInfo, PathRow } from './protocol';

/** By code unit, not locale: the same order on every machine. */
function byPath(a: PathRow, b: PathRow): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function plainRow(row: PathRow): PathRow {
  return { path: row.path, human: row.human, ai: row.ai, total: row.total };
}

/** The table's rows: one per page, every form naming it added up. */
export const tableRows = rowsByPage;

/** Competition ranking by total desc (ties share a rank: 1,2,2,4), ties ordered by path. */
export function rankRows(rows: readonly PathRow[]): ChartBar[] {
  const sorted = [...rows].sort((a, b) => b.total - a.total || byPath(a, b));
  let rank = 0;
  return sorted.map((row, index): ChartBar => {
    if (index === 0 || row.total !== sorted[index - 1]?.total) rank = index + 1;
    return { ...plainRow(row), rank, current: false };
  });
}

/** The top `top` pages by total (each page's forms added up), plus the open page with its real rank when not in the top, marked current. */
export function chartBars(rows: readonly PathRow[], pagePath: string | null, top = 15): ChartBar[] {
  const ranked = rankRows(rowsByPage(rows));
  const count = Math.max(0, Math.floor(top));
  const current = new Set(pagePath === null ? [] : [pageAddress(pagePath)]);
  const mark = (bar: ChartBar): ChartBar => (current.has(bar.path) ? { ...bar, current: true } : bar);
  // The open page stays visible even when it is far down the list; appended in rank order.
  return [
    ...ranked.slice(0, count).map(mark),
    ...ranked
      .slice(count)
      .filter((bar) => current.has(bar.path))
      .map(mark),
  ];
}

/** PageInfo for a file: its one row (every form naming it added up), its rank among the pages, and `of` = how many pages. */
export function pageInfo(rows: readonly PathRow[], file: string, page: { pagePath: string | null; reason?: string }): PageInfo {
  const pages = rowsByPage(rows);
  const base = { file, pagePath: page.pagePath, ...(page.reason === undefined ? {} : { reason: page.reason }), of: pages.length };
  if (page.pagePath === null) return { ...base, rows: [], rank: null };
  const own = rowsForPage(rows, page.pagePath);
  const address = own[0]?.path;
  const best = address === undefined ? undefined : rankRows(pages).find((bar) => bar.path === address);
  return { ...base, rows: own.map(plainRow), rank: best?.rank ?? null };
}

/** The open page's numbers; with no page open, says how to get one. */
export function openPageInfo(
  rows: readonly PathRow[],
  page: { file: string; pagePath: string | null; reason?: string } | undefined,
): PageInfo {
  const shown = page ?? { file: '', pagePath: null, reason: l10n.t('Open a docs page to see its visitors.') };
  return pageInfo(rows, shown.file, { pagePath: shown.pagePath, ...(shown.reason ? { reason: shown.reason } : {}) });
}
