// The table tab: every path, sortable and filterable. A report can hold 10,000 paths, so
// rows are sorted once per change and drawn a page at a time.
import * as l10n from '@vscode/l10n';
import type { PageState, PathRow } from '../../visitors/protocol';
import { count } from '../../platform/words';
import { button, el, keepFocus } from './dom';
import { type Column, defaultSort, filterRows, nextSort, pageSize, type Sort, sortRows, sortState, summaryText } from './table-model';

/** The columns in order, with their headers (built when the table is, in the page's language). */
function columns(): { column: Column; label: string }[] {
  return [
    { column: 'path', label: l10n.t('Path') },
    { column: 'human', label: l10n.t('Human') },
    { column: 'ai', label: l10n.t('AI') },
    { column: 'total', label: l10n.t('Total') },
  ];
}

export interface TableView {
  root: HTMLElement;
  update(rows: PathRow[], current: ReadonlySet<string>): void;
  setCurrent(current: ReadonlySet<string>): void;
}

type Headers = Map<Column, { th: HTMLTableCellElement; mark: HTMLElement }>;

/** The header row: a sort button per column. */
function createHeader(sortBy: (column: Column) => void): { thead: HTMLTableSectionElement; headers: Headers } {
  const headRow = el('tr');
  const headers: Headers = new Map();
  for (const { column, label } of columns()) {
    const th = el('th', column === 'path' ? 'path' : 'num');
    th.scope = 'col';
    const sortButton = button(label, () => sortBy(column), 'sort');
    const mark = el('span', 'sort-mark');
    mark.setAttribute('aria-hidden', 'true');
    sortButton.append(mark);
    th.append(sortButton);
    headers.set(column, { th, mark });
    headRow.append(th);
  }
  const thead = el('thead');
  thead.append(headRow);
  return { thead, headers };
}

/** One path's row; its link opens the page's file. */
function createRow(
  row: PathRow,
  isCurrent: boolean,
  openPath: (path: string) => void,
): { tr: HTMLTableRowElement; link: HTMLButtonElement } {
  const tr = el('tr', isCurrent ? 'current' : '');
  if (isCurrent) tr.setAttribute('aria-current', 'true');
  const path = el('td', 'path');
  const link = button(row.path, () => openPath(row.path), 'link');
  link.dataset.focusKey = row.path;
  link.title = l10n.t('Open the file for {0}', row.path);
  path.append(link);
  tr.append(path, el('td', 'num', count(row.human)), el('td', 'num', count(row.ai)), el('td', 'num', count(row.total)));
  return { tr, link };
}

/** The filter box and the count line above the table. */
function createTools(initialFilter: string): { tools: HTMLElement; filter: HTMLInputElement; summary: HTMLElement } {
  const tools = el('div', 'table-tools');
  const filter = el('input', ['input', 'filter']);
  filter.type = 'search';
  filter.placeholder = l10n.t('Filter paths');
  filter.setAttribute('aria-label', l10n.t('Filter paths (contains, any case)'));
  filter.value = initialFilter;
  const summary = el('span', 'table-count');
  summary.setAttribute('aria-live', 'polite');
  tools.append(filter, summary);
  return { tools, filter, summary };
}

class PathTable implements TableView {
  readonly root = el('div', 'table-view');
  private sort: Sort;
  private rows: PathRow[] = [];
  private sorted: PathRow[] = [];
  private shown: PathRow[] = [];
  private drawn = 0;
  private current: ReadonlySet<string> = new Set();
  private readonly filter: HTMLInputElement;
  private readonly summary: HTMLElement;
  private readonly headers: Headers;
  private readonly body = el('tbody');
  private readonly more = button('', () => this.showMore(), ['button', 'secondary', 'more']);

  constructor(
    saved: PageState,
    private readonly openPath: (path: string) => void,
    private readonly remember: (patch: Partial<PageState>) => void,
  ) {
    this.sort = saved.sort ?? defaultSort;
    const { tools, filter, summary } = createTools(saved.filter ?? '');
    this.filter = filter;
    this.summary = summary;
    const table = el('table', 'paths');
    const { thead, headers } = createHeader((column) => this.sortBy(column));
    this.headers = headers;
    table.append(thead, this.body);
    this.root.append(tools, table, this.more);
    filter.addEventListener('input', () => {
      this.remember({ filter: filter.value });
      this.refilter();
    });
  }

  update(rows: PathRow[], current: ReadonlySet<string>): void {
    this.rows = rows;
    this.current = current;
    this.resort();
  }

  setCurrent(current: ReadonlySet<string>): void {
    this.current = current;
    for (const tr of Array.from(this.body.rows)) {
      const path = tr.querySelector<HTMLElement>('.link')?.dataset.focusKey;
      const on = path !== undefined && current.has(path);
      tr.classList.toggle('current', on);
      if (on) tr.setAttribute('aria-current', 'true');
      else tr.removeAttribute('aria-current');
    }
  }

  private sortBy(column: Column): void {
    this.sort = nextSort(this.sort, column);
    this.remember({ sort: this.sort });
    this.resort();
  }

  private resort(): void {
    this.sorted = sortRows(this.rows, this.sort);
    for (const [column, { th, mark }] of this.headers) {
      const state = sortState(this.sort, column);
      th.setAttribute('aria-sort', state.aria);
      mark.textContent = state.mark;
    }
    this.refilter();
  }

  private refilter(): void {
    this.shown = filterRows(this.sorted, this.filter.value);
    keepFocus(this.body, () => {
      this.body.replaceChildren();
      this.drawn = 0;
      this.drawMore();
    });
    if (this.shown.length === 0 && this.rows.length > 0) {
      const cell = el('td', 'page-empty', l10n.t('No paths contain “{0}”.', this.filter.value.trim()));
      cell.colSpan = this.headers.size;
      const tr = el('tr');
      tr.append(cell);
      this.body.append(tr);
    }
  }

  /** Draws the next page of rows; returns the first new row's link. */
  private drawMore(): HTMLButtonElement | undefined {
    const end = Math.min(this.shown.length, this.drawn + pageSize);
    let first: HTMLButtonElement | undefined;
    for (const row of this.shown.slice(this.drawn, end)) {
      const { tr, link } = createRow(row, this.current.has(row.path), this.openPath);
      first ??= link;
      this.body.append(tr);
    }
    this.drawn = end;
    const left = this.shown.length - this.drawn;
    this.more.hidden = left <= 0;
    this.more.textContent = l10n.t('Show {0} more', count(Math.min(pageSize, left)));
    this.summary.textContent = summaryText(this.shown.length, this.rows.length, this.drawn, count);
    return first;
  }

  private showMore(): void {
    const first = this.drawMore();
    // The button vanishes after the last page: hand focus to the first new row instead.
    if (this.more.hidden) first?.focus();
  }
}

export function createTable(saved: PageState, openPath: (path: string) => void, remember: (patch: Partial<PageState>) => void): TableView {
  return new PathTable(saved, openPath, remember);
}
