// The table tab: every path, sortable and filterable. A report can hold 10,000 paths, so
// rows are sorted once per change and drawn a page at a time.
import type { PageState, PathRow } from '../../analytics/protocol';
import { button, count, el, keepFocus } from './dom';

type Column = keyof PathRow;
type Sort = NonNullable<PageState['sort']>;

const pageSize = 200;
const columns: { column: Column; label: string }[] = [
  { column: 'path', label: 'Path' },
  { column: 'human', label: 'Human' },
  { column: 'ai', label: 'AI' },
  { column: 'total', label: 'Total' },
];

export interface TableView {
  root: HTMLElement;
  update(rows: PathRow[], current: ReadonlySet<string>): void;
  setCurrent(current: ReadonlySet<string>): void;
}

function compare(sort: Sort): (a: PathRow, b: PathRow) => number {
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

export function createTable(saved: PageState, openPath: (path: string) => void, remember: (patch: Partial<PageState>) => void): TableView {
  let sort: Sort = saved.sort ?? { column: 'total', descending: true };
  let rows: PathRow[] = [];
  let sorted: PathRow[] = [];
  let shown: PathRow[] = [];
  let drawn = 0;
  let current: ReadonlySet<string> = new Set();

  const root = el('div', 'table-view');
  const tools = el('div', 'table-tools');
  const filter = el('input', 'input filter');
  filter.type = 'search';
  filter.placeholder = 'Filter paths';
  filter.setAttribute('aria-label', 'Filter paths (contains, any case)');
  filter.value = saved.filter ?? '';
  const summary = el('span', 'table-count');
  summary.setAttribute('aria-live', 'polite');
  tools.append(filter, summary);

  const table = el('table', 'paths');
  const headRow = el('tr');
  const headers = new Map<Column, { th: HTMLTableCellElement; mark: HTMLElement }>();
  for (const { column, label } of columns) {
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
  const body = el('tbody');
  table.append(thead, body);
  const more = button('', () => showMore(), 'button secondary more');
  root.append(tools, table, more);

  function sortBy(column: Column): void {
    // A new column starts in its natural order: paths A→Z, numbers largest first.
    sort = sort.column === column ? { column, descending: !sort.descending } : { column, descending: column !== 'path' };
    remember({ sort });
    resort();
  }

  function resort(): void {
    sorted = [...rows].sort(compare(sort));
    for (const [column, { th, mark }] of headers) {
      const active = column === sort.column;
      th.setAttribute('aria-sort', active ? (sort.descending ? 'descending' : 'ascending') : 'none');
      mark.textContent = active ? (sort.descending ? ' ▼' : ' ▲') : '';
    }
    refilter();
  }

  function refilter(): void {
    const needle = filter.value.trim().toLowerCase();
    shown = needle ? sorted.filter((r) => r.path.toLowerCase().includes(needle)) : sorted;
    keepFocus(body, () => {
      body.replaceChildren();
      drawn = 0;
      drawMore();
    });
    if (shown.length === 0 && rows.length > 0) {
      const cell = el('td', 'page-empty', `No paths contain “${filter.value.trim()}”.`);
      cell.colSpan = columns.length;
      const tr = el('tr');
      tr.append(cell);
      body.append(tr);
    }
  }

  function drawMore(): HTMLButtonElement | undefined {
    const end = Math.min(shown.length, drawn + pageSize);
    let first: HTMLButtonElement | undefined;
    for (let i = drawn; i < end; i++) {
      const row = shown[i];
      if (!row) continue;
      const tr = el('tr', current.has(row.path) ? 'current' : '');
      if (current.has(row.path)) tr.setAttribute('aria-current', 'true');
      const path = el('td', 'path');
      const link = button(row.path, () => openPath(row.path), 'link');
      link.dataset.focusKey = row.path;
      link.title = `Open the file for ${row.path}`;
      first ??= link;
      path.append(link);
      tr.append(path, el('td', 'num', count(row.human)), el('td', 'num', count(row.ai)), el('td', 'num', count(row.total)));
      body.append(tr);
    }
    drawn = end;
    const left = shown.length - drawn;
    more.hidden = left <= 0;
    more.textContent = `Show ${count(Math.min(pageSize, left))} more`;
    const of = shown.length === rows.length ? `${count(rows.length)} paths` : `${count(shown.length)} of ${count(rows.length)} paths`;
    summary.textContent = left > 0 ? `${of} · showing ${count(drawn)}` : of;
    return first;
  }

  function showMore(): void {
    const first = drawMore();
    // The button vanishes after the last page: hand focus to the first new row instead.
    if (more.hidden) first?.focus();
  }

  filter.addEventListener('input', () => {
    remember({ filter: filter.value });
    refilter();
  });

  return {
    root,
    update(next, nextCurrent) {
      rows = next;
      current = nextCurrent;
      resort();
    },
    setCurrent(nextCurrent) {
      current = nextCurrent;
      for (const tr of Array.from(body.rows)) {
        const path = tr.querySelector<HTMLElement>('.link')?.dataset.focusKey;
        const on = path !== undefined && current.has(path);
        tr.classList.toggle('current', on);
        if (on) tr.setAttribute('aria-current', 'true');
        else tr.removeAttribute('aria-current');
      }
    },
  };
}
