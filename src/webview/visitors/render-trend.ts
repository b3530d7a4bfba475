// The open page's weekly trend. Reading it costs requests (one report per week), so it is
// loaded only on demand, and the button says what it will cost.
import * as l10n from '@vscode/l10n';
import type { PageInfo, RangeChoice, ToPage } from '../../visitors/protocol';
import { formatDays } from '../../visitors/date-range';
import { count } from '../../platform/words';
import { readWithText, trendCostText, type TrendCost } from './counted-text';
import { button, el } from './dom';
import { mergeCompare, mergeLine } from './render-merge';

export type Trend = Extract<ToPage, { type: 'trend' }>;

export interface TrendInput {
  page: PageInfo;
  range: RangeChoice;
  cost: TrendCost | null;
  /** The newest trend, with the range it was read for. */
  trend: { message: Trend; range: RangeChoice } | null;
  loading: boolean;
}

export interface TrendView {
  root: HTMLElement;
  update(input: TrendInput): void;
}

function weeksChart(message: Trend): HTMLElement {
  const list = el('ol', 'trend-list');
  list.setAttribute('role', 'list');
  list.setAttribute('aria-label', l10n.t('Weekly visitors of {0}', message.pagePath));
  const max = message.weeks.reduce((m, w) => Math.max(m, w.total), 1);
  for (const week of message.weeks) {
    if (message.mark && week.from === message.mark.day) {
      const merge = el('li', 'trend-merge');
      merge.setAttribute('aria-label', l10n.t({ message: 'Merge', args: [], comment: ['A mark in the chart: where a change was merged'] }));
      merge.title = l10n.t('Merged: {0}', message.mark.label);
      list.append(merge);
    }
    const label = formatDays(week.from, week.to, false);
    const item = el('li', 'trend-week');
    const words = l10n.t('{0}: {1} total, {2} human, {3} AI', label, count(week.total), count(week.human), count(week.ai));
    item.setAttribute('aria-label', words);
    item.title = words;
    const column = el('span', 'trend-column');
    const fill = el('span', 'trend-bar');
    fill.style.height = `${(week.total / max) * 100}%`;
    column.append(fill);
    item.append(el('span', 'trend-total', count(week.total)), column, el('span', 'trend-label', label));
    list.append(item);
  }
  return list;
}

export function createTrend(load: () => void): TrendView {
  const root = el('section', 'trend');
  root.setAttribute('aria-label', l10n.t('Weekly trend'));
  // aria-disabled instead of disabled: a disabled button drops keyboard focus.
  const loadButton = button(
    '',
    () => {
      if (loadButton.getAttribute('aria-disabled') !== 'true') load();
    },
    ['button', 'secondary'],
  );
  const note = el('span', 'note');
  note.setAttribute('aria-live', 'polite');
  const controls = el('div', 'trend-controls');
  controls.append(loadButton, note);
  const marked = el('div', 'trend-mark');
  const chart = el('div', 'trend-chart');
  root.append(marked, controls, chart);

  function update({ page, range, cost, trend, loading }: TrendInput): void {
    root.hidden = page.pagePath === null;
    // A trend belongs to one page and one range: drop it when either changes.
    const fits =
      trend !== null && trend.message.pagePath === page.pagePath && trend.range.from === range.from && trend.range.to === range.to;
    loadButton.textContent = loading ? l10n.t('Loading weekly trend…') : trendCostText(cost, fits);
    loadButton.setAttribute('aria-disabled', String(loading));
    const mark = cost?.mark?.pagePath === page.pagePath ? cost.mark : undefined;
    marked.replaceChildren(...(mark ? [mergeLine(mark)] : []));
    if (!fits || !trend) {
      chart.replaceChildren();
      note.textContent = '';
      return;
    }
    const { message } = trend;
    chart.replaceChildren(
      message.weeks.length > 0 ? weeksChart(message) : el('p', 'page-empty', l10n.t('No weeks to show for this range.')),
    );
    if (message.compare) chart.append(mergeCompare(message.compare));
    note.textContent = message.requests > 0 ? readWithText(message.requests) : l10n.t('From cache.');
  }

  return { root, update };
}
