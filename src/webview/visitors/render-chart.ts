// The chart tab: one row per top path, with a solid bar for human and a hatched bar for AI
// visitors (they differ by pattern, not only colour), the total and the rank.
import * as l10n from '@vscode/l10n';
import type { ChartBar } from '../../visitors/protocol';
import { count } from '../../platform/words';
import { el, keepFocus } from './dom';

function legend(): HTMLElement {
  const root = el('div', 'legend');
  root.setAttribute('aria-hidden', 'true'); // each bar's label already names both series
  for (const [kind, label] of [
    ['human', l10n.t('Human')],
    ['ai', l10n.t('AI')],
  ] as const) {
    const item = el('span', 'legend-item');
    item.append(el('span', ['swatch', kind]), label);
    root.append(item);
  }
  return root;
}

function bar(kind: 'human' | 'ai', value: number, max: number): HTMLElement {
  const node = el('span', ['bar', kind]);
  node.style.width = `${(value / max) * 100}%`;
  node.classList.toggle('zero', value === 0);
  return node;
}

function row(item: ChartBar, max: number, openPath: (path: string) => void): HTMLElement {
  const root = el('li', item.current ? ['bar-row', 'current'] : 'bar-row');
  if (item.current) root.setAttribute('aria-current', 'true');

  const rank = el('span', 'bar-rank', l10n.t({ message: '#{0}', args: [count(item.rank)], comment: ['A rank: "#3"'] }));
  const label = el('span', 'bar-label');
  const link = el('button', 'link', item.path);
  link.type = 'button';
  link.title = l10n.t('Open the file for {0}', item.path);
  link.dataset.focusKey = item.path;
  link.addEventListener('click', () => openPath(item.path));
  label.append(link);
  if (item.current) label.append(el('span', 'badge', l10n.t('this page')));

  const bars = el('span', 'bars');
  bars.setAttribute('role', 'img');
  bars.setAttribute(
    'aria-label',
    l10n.t('{0}: {1} human, {2} AI, {3} total', item.path, count(item.human), count(item.ai), count(item.total)),
  );
  bars.append(bar('human', item.human, max), bar('ai', item.ai, max));

  root.append(rank, label, bars, el('span', 'bar-total', count(item.total)));
  return root;
}

export function renderChart(root: HTMLElement, chart: ChartBar[], openPath: (path: string) => void): void {
  keepFocus(root, () => {
    if (chart.length === 0) {
      root.replaceChildren(el('p', 'page-empty', l10n.t('No visits in this range.')));
      return;
    }
    // Widths share one scale for both series, so a long AI bar means many AI visitors.
    const max = chart.reduce((m, b) => Math.max(m, b.human, b.ai), 1);
    const list = el('ol', 'bar-list');
    list.setAttribute('role', 'list');
    list.setAttribute('aria-label', l10n.t('Top paths by total visitors'));
    chart.forEach((item, i) => {
      const before = chart[i - 1];
      // The open page is appended after the top when it ranks lower: mark the skipped ranks.
      if (item.current && before && !before.current && item.rank - before.rank > 1) {
        const gap = el('li', 'bar-gap', '…');
        gap.setAttribute('aria-hidden', 'true');
        list.append(gap);
      }
      list.append(row(item, max, openPath));
    });
    root.replaceChildren(legend(), list);
  });
}
