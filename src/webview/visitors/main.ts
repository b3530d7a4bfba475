// The visitors panel's page: lays out the sections, keeps the newest data from the
// extension, and sends the user's choices back. Every section is built with DOM calls, after
// the page has taken the editor's display language.
import * as l10n from '@vscode/l10n';
import type { ErrorAction, PageInfo, RangeChoice, ToPage, VisitorsView } from '../../visitors/protocol';
import { refreshPreset, todayUtc } from '../../visitors/date-range';
import { el } from './dom';
import { post, savedState, saveState } from './host';
import { startLanguage } from './language';
import { isToPage } from './messages';
import { renderChart } from './render-chart';
import { createHeader } from './render-header';
import { renderPage } from './render-page';
import { createRangePicker } from './render-range';
import { createStatus } from './render-status';
import { renderTotals } from './render-summary';
import { createTable } from './render-table';
import { createTabs } from './render-tabs';
import { createTrend, type Trend } from './render-trend';
import type { TrendCost } from './counted-text';
import { createSaid } from './render-said';

// First: every word and number below is in the editor's display language.
startLanguage();

let view: VisitorsView | null = null;
let trendCost: TrendCost | null = null;
let trend: { message: Trend; range: RangeChoice } | null = null;
let trendLoading = false;

const saved = savedState();
const savedRange = saved.range ? refreshPreset(saved.range, todayUtc()) : undefined;
const openPath = (path: string): void => post({ type: 'openPath', path });

const header = createHeader(() => post({ type: 'refresh' }));
const status = createStatus(cancel, (action: ErrorAction) => post({ type: 'action', action }));
const picker = createRangePicker(chooseRange);
const totals = section(['card', 'totals'], () => l10n.t('Whole site'));
const pageCard = section(['card', 'page-card'], () =>
  l10n.t({ message: 'Open page', args: [], comment: ['Heading: the page open in the editor'] }),
);
const trendView = createTrend(loadTrend);
const chartPanel = el('div', 'chart');
const table = createTable(saved, openPath, saveState);
const said = createSaid(() => post({ type: 'readSaid' }));
const tabs = createTabs(tabPanels(), saved.tab ?? 'chart', (tab) => saveState({ tab }));

// Everything that shows numbers sits in one box, dimmed while newer numbers load.
const content = el('main', 'content');
const pageColumn = el('div', 'page-column');
pageColumn.append(pageCard, trendView.root);
const cards = el('div', 'cards');
cards.append(totals, pageColumn);
content.append(cards, tabs.root);
content.hidden = true;

const app = document.getElementById('app') ?? document.body;
app.append(header.root, status.root, picker.root, content);
picker.update(savedRange);
status.waiting();

/** A card named for screen readers (its name is built once the page has its language). */
function section(className: readonly string[], name: () => string): HTMLElement {
  const root = el('section', className);
  root.setAttribute('aria-label', name());
  return root;
}

/** The tabs, with their names in the page's language. */
function tabPanels(): Parameters<typeof createTabs>[0] {
  return [
    { id: 'chart', label: l10n.t('Chart'), panel: chartPanel },
    { id: 'table', label: l10n.t('Table'), panel: table.root },
    { id: 'said', label: l10n.t('Readers said'), panel: said.root },
  ];
}

function chooseRange(range: RangeChoice): void {
  saveState({ range });
  picker.update(range);
  post({ type: 'setRange', range });
}

function cancel(): void {
  post({ type: 'cancel' });
  // The extension may have nothing older to send back: stop showing progress right away.
  status.clear();
  setStale(false);
  picker.update(view?.range ?? savedRange);
}

function loadTrend(): void {
  trendLoading = true;
  updateTrend();
  post({ type: 'loadTrend' });
}

function setStale(stale: boolean): void {
  content.classList.toggle('stale', stale);
  content.setAttribute('aria-busy', String(stale));
}

function currentPaths(page: PageInfo): ReadonlySet<string> {
  return new Set(page.rows.map((r) => r.path));
}

function updateTrend(): void {
  if (view) trendView.update({ page: view.page, range: view.range, cost: trendCost, trend, loading: trendLoading });
}

function showView(next: VisitorsView): void {
  view = next;
  header.update(next);
  picker.update(next.range);
  saveState({ range: next.range });
  renderTotals(totals, next.totals);
  renderPage(pageCard, next.page);
  renderChart(chartPanel, next.chart, openPath);
  table.update(next.table, currentPaths(next.page));
  updateTrend();
  content.hidden = false;
}

function handle(message: ToPage): void {
  switch (message.type) {
    case 'data':
      status.clear();
      setStale(false);
      showView(message.view);
      return;
    case 'loading':
      status.loading(message);
      setStale(view !== null);
      picker.update(message.range);
      return;
    case 'error':
      status.error(message);
      setStale(false);
      trendLoading = false;
      updateTrend();
      return;
    case 'page':
      // The editor moved to another file: only the page's own parts change, no reload.
      if (!view) return;
      view = { ...view, page: message.page, chart: message.chart };
      renderPage(pageCard, view.page);
      renderChart(chartPanel, view.chart, openPath);
      table.setCurrent(currentPaths(view.page));
      updateTrend();
      return;
    case 'trendCost':
      trendCost = message;
      // A new cost follows every trend the extension finished, or gave up on.
      trendLoading = false;
      updateTrend();
      return;
    case 'said':
      said.update(message.state);
      return;
    case 'trend':
      if (!view) return;
      trend = { message, range: view.range };
      trendLoading = false;
      updateTrend();
      return;
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (isToPage(event.data)) handle(event.data);
});

// The saved range rides on `ready`, so a restored panel reads once, not twice.
post(savedRange ? { type: 'ready', range: savedRange } : { type: 'ready' });
