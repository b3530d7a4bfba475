// The panel's header: which project and range, how old the numbers are, how much of the
// hourly request budget is gone, and Refresh. Built once and updated, so focus stays put.
import type { VisitorsView } from '../../visitors/protocol';
import { relativeTime } from '../../platform/relative-time';
import { rangeLabel } from '../../visitors/date-range';
import { button, count, el } from './dom';

const limitPerHour = 100;
const tickMs = 30_000;

export interface Header {
  root: HTMLElement;
  update(view: VisitorsView | null): void;
}

export function createHeader(refresh: () => void): Header {
  const root = el('header', 'header');
  const titles = el('div', 'header-titles');
  const title = el('h1', 'title', 'Visitors');
  const project = el('span', 'project');
  title.append(' ', project);
  const range = el('p', 'range-label');
  const age = el('p', 'meta');
  const budget = el('p', 'meta');
  titles.append(title, range, age, budget);
  const refreshButton = button('Refresh', refresh);
  refreshButton.title = 'Read this range again from the service';
  root.append(titles, refreshButton);

  let shown: VisitorsView | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // "Updated 2 min ago" must keep ageing while the panel stays open.
  function showAge(): void {
    clearTimeout(timer);
    if (!shown) return;
    const when = relativeTime(new Date(shown.fetchedAt).toISOString(), Date.now());
    const part = shown.partial ? ' · part of the range: the hour’s budget stopped the read, Refresh reads it again' : '';
    age.textContent = `Updated ${when} · ${shown.fromCache ? 'from cache' : 'fresh'}${part}`;
    age.title = new Date(shown.fetchedAt).toLocaleString();
    timer = setTimeout(showAge, tickMs);
  }

  function update(view: VisitorsView | null): void {
    shown = view;
    project.textContent = view ? `· ${view.projectId}` : '';
    range.textContent = view ? rangeLabel(view.range, { withDays: true }) : '';
    budget.textContent = view ? `${count(view.requestsLastHour)} of ${limitPerHour} analytics requests used this hour` : '';
    budget.classList.toggle('near-limit', !!view && view.requestsLastHour >= limitPerHour * 0.8);
    refreshButton.hidden = !view;
    showAge();
  }

  update(null);
  return { root, update };
}
