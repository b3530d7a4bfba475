// The panel's header: which project and range, how old the numbers are, how much of the
// hourly request budget is gone, and Refresh. Built once and updated, so focus stays put.
import * as l10n from '@vscode/l10n';
import type { VisitorsView } from '../../visitors/protocol';
import { relativeTime } from '../../platform/relative-time';
import { count, dateTime } from '../../platform/words';
import { rangeLabel } from '../../visitors/date-range';
import { button, el } from './dom';

const limitPerHour = 100;
const tickMs = 30_000;

export interface Header {
  root: HTMLElement;
  update(view: VisitorsView | null): void;
}

export function createHeader(refresh: () => void): Header {
  const root = el('header', 'header');
  const titles = el('div', 'header-titles');
  const title = el('h1', 'title', l10n.t('Visitors'));
  const project = el('span', 'project');
  title.append(' ', project);
  const range = el('p', 'range-label');
  const age = el('p', 'meta');
  const budget = el('p', 'meta');
  titles.append(title, range, age, budget);
  const refreshButton = button(l10n.t('Refresh'), refresh);
  refreshButton.title = l10n.t('Read this range again from the service');
  root.append(titles, refreshButton);

  let shown: VisitorsView | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // "Updated 2 min ago" must keep ageing while the panel stays open.
  function showAge(): void {
    clearTimeout(timer);
    if (!shown) return;
    const when = relativeTime(new Date(shown.fetchedAt).toISOString(), Date.now());
    const updated = shown.fromCache ? l10n.t('Updated {0} · from cache', when) : l10n.t('Updated {0} · fresh', when);
    age.textContent = shown.partial
      ? l10n.t('{0} · part of the range: the hour’s budget stopped the read, Refresh reads it again', updated)
      : updated;
    age.title = dateTime(shown.fetchedAt);
    timer = setTimeout(showAge, tickMs);
  }

  function update(view: VisitorsView | null): void {
    shown = view;
    project.textContent = view ? `· ${view.projectId}` : '';
    range.textContent = view ? rangeLabel(view.range, { withDays: true }) : '';
    budget.textContent = view
      ? l10n.t('{0} of {1} analytics requests used this hour', count(view.requestsLastHour), count(limitPerHour))
      : '';
    budget.classList.toggle('near-limit', !!view && view.requestsLastHour >= limitPerHour * 0.8);
    refreshButton.hidden = !view;
    showAge();
  }

  update(null);
  return { root, update };
}
