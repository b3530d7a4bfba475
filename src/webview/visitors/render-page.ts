// The card for the file open in the editor: its page's visitors and rank, or plainly why
// there is nothing to show.
import type { PageInfo, PathRow } from '../../visitors/protocol';
import { count, el, figure } from './dom';

function rankLine(page: PageInfo): HTMLElement | null {
  if (page.rank === null) return null;
  return el('p', 'rank', `Rank ${count(page.rank)} of ${count(page.of)}`);
}

/** A path served with and without a trailing slash counts as two rows: show each. */
function twinTable(rows: PathRow[]): HTMLTableElement {
  const table = el('table', 'twins');
  const head = el('tr');
  for (const name of ['Path', 'Human', 'AI', 'Total']) {
    const th = el('th', name === 'Path' ? '' : 'num', name);
    th.scope = 'col';
    head.append(th);
  }
  const body = el('tbody');
  for (const row of rows) {
    const tr = el('tr');
    const path = el('th', 'path', row.path);
    path.scope = 'row';
    tr.append(path, el('td', 'num', count(row.human)), el('td', 'num', count(row.ai)), el('td', 'num', count(row.total)));
    body.append(tr);
  }
  const thead = el('thead');
  thead.append(head);
  table.append(thead, body);
  return table;
}

export function renderPage(root: HTMLElement, page: PageInfo): void {
  const heading = el('h2', 'section-title', 'Open page');
  const parts: HTMLElement[] = [heading];
  if (page.file) parts.push(el('p', 'page-file', page.file));

  if (page.pagePath === null) {
    const why = page.reason ?? 'it is not under a docs folder.';
    parts.push(el('p', 'page-empty', page.file ? `${page.file} is not a docs page: ${why}` : why));
    root.replaceChildren(...parts);
    return;
  }

  parts.push(el('p', 'page-path', page.pagePath));
  const [only] = page.rows;
  if (page.rows.length === 0 || !only) {
    parts.push(el('p', 'page-empty', `No visits to ${page.pagePath} in this range.`));
  } else if (page.rows.length === 1) {
    const figures = el('div', 'figures compact');
    figures.append(figure('human', 'Human', only.human), figure('ai', 'AI', only.ai), figure('total', 'Total', only.total));
    parts.push(figures);
  } else {
    parts.push(twinTable(page.rows));
  }
  const rank = rankLine(page);
  if (rank) parts.push(rank);
  root.replaceChildren(...parts);
}
