// The card for the file open in the editor: its page's visitors and rank, or plainly why
// there is nothing to show.
import * as l10n from '@vscode/l10n';
import type { PageInfo, PathRow } from '../../visitors/protocol';
import { count } from '../../platform/words';
import { el, figure } from './dom';

function rankLine(page: PageInfo): HTMLElement | null {
  if (page.rank === null) return null;
  return el('p', 'rank', l10n.t('Rank {0} of {1}', count(page.rank), count(page.of)));
}

/** A path served with and without a trailing slash counts as two rows: show each. */
function twinTable(rows: PathRow[]): HTMLTableElement {
  const table = el('table', 'twins');
  const head = el('tr');
  const names = [l10n.t('Path'), l10n.t('Human'), l10n.t('AI'), l10n.t('Total')];
  for (const [index, name] of names.entries()) {
    const th = el('th', index === 0 ? '' : 'num', name);
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
  const heading = el('h2', 'section-title', l10n.t({ message: 'Open page', args: [], comment: ['Heading: the page open in the editor'] }));
  const parts: HTMLElement[] = [heading];
  if (page.file) parts.push(el('p', 'page-file', page.file));

  if (page.pagePath === null) {
    const why = page.reason ?? l10n.t('it is not under a docs folder.');
    parts.push(el('p', 'page-empty', page.file ? l10n.t('{0} is not a docs page: {1}', page.file, why) : why));
    root.replaceChildren(...parts);
    return;
  }

  parts.push(el('p', 'page-path', page.pagePath));
  const [only] = page.rows;
  if (page.rows.length === 0 || !only) {
    parts.push(el('p', 'page-empty', l10n.t('No visits to {0} in this range.', page.pagePath)));
  } else if (page.rows.length === 1) {
    const figures = el('div', ['figures', 'compact']);
    figures.append(
      figure('human', l10n.t('Human'), only.human),
      figure('ai', l10n.t('AI'), only.ai),
      figure('total', l10n.t('Total'), only.total),
    );
    parts.push(figures);
  } else {
    parts.push(twinTable(page.rows));
  }
  const rank = rankLine(page);
  if (rank) parts.push(rank);
  root.replaceChildren(...parts);
}
