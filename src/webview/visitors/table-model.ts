// What the table shows, without the DOM: sort order, the filter, the page window and the count
// line. Kept pure so plain Node tests check it.
import * as l10n from '@vscode/l10n';
import { plural } from '../../platform/words';
import type { PageState, PathRow } from '../../visitors/protocol';

export type Column = keyof PathRow;
export type Sort = NonNullable<PageState['sort']>;

export const defaultSort: Sort = { column: 'total', descending: true };
/** Rows drawn per "Show more": a report can hold 10,000 paths. */
export const pageSize = 200;

export function compareRows(sort: Sort): (a: PathRow, b: PathRow) => number {
  const { column, descending } = sort;
  const sign = descending ? -1 : 1;
  return (a, b) => {
    const x = a[column];
    const y = b[column];
    const order = x < y ? -1 : x > y ? 1 : 0;
    // Ties fall back to the path so the order never jumps between draws.
    return order !== 0 ? sign * order : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  };
}

/** The same column flips; a new column starts in its natural order: paths A→Z, numbers largest first. */
export function nextSort(sort: Sort, column: Column): Sort {
  return sort.column === column ? { column, descending: !sort.descending } : { column, descending: column !== 'path' };
}

export function sortRows(rows: readonly PathRow[], sort: Sort): PathRow[] {
  return [...rows].sort(compareRows(sort));
}

/** Rows whose path contains the filter text, in any case; all of them for an empty filter. */
export function filterRows(sorted: PathRow[], filter: string): PathRow[] {
  const needle = filter.trim().toLowerCase();
  return needle ? sorted.filter((r) => r.path.toLowerCase().includes(needle)) : sorted;
}

/** The column header's state for screen readers and its visible mark. */
export function sortState(sort: Sort, column: Column): { aria: 'ascending' | 'descending' | 'none'; mark: string } {
  if (column !== sort.column) return { aria: 'none', mark: '' };
  return sort.descending ? { aria: 'descending', mark: ' ▼' } : { aria: 'ascending', mark: ' ▲' };
}

/** The count line: "12 paths", "3 of 12 paths", with "· showing 200" while more are left. */
export function summaryText(shown: number, total: number, drawn: number, count: (n: number) => string): string {
  const [all, some] = [count(total), count(shown)];
  const of =
    shown === total
      ? plural(total, l10n.t('{0} path', all), l10n.t('{0} paths', all))
      : plural(total, l10n.t('{0} of {1} path', some, all), l10n.t('{0} of {1} paths', some, all));
  return shown - drawn > 0 ? l10n.t('{0} · showing {1}', of, count(drawn)) : of;
}
