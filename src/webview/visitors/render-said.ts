// The Readers said tab: the open page's thumbs, its comments (pending first, then newest, each
// with its status and date), the searches whose top result it is (with their click-through)
// and the assistant questions that cited it; or a button that reads them, with its cost.
import type { ReadersSaid, SaidState } from '../../visitors/protocol';
import { button, count, el, keepFocus, plural } from './dom';

export interface SaidView {
  root: HTMLElement;
  update(state: SaidState): void;
}

const statusText: Record<string, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

const day = (date: string | null): string => (date ? date.slice(0, 10) : 'no date');
const percent = (share: number): string => `${Math.round(share * 100)}%`;

function section(title: string, items: number, body: HTMLElement, empty: string): HTMLElement {
  const root = el('section', 'said-section');
  root.append(el('h3', 'section-title', `${title} (${count(items)})`), items ? body : el('p', 'page-empty', empty));
  return root;
}

function comments(said: ReadersSaid): HTMLElement {
  const list = el('ol', 'said-list comments');
  for (const c of said.comments) {
    const item = el('li', `said-comment status-${c.status}`);
    const meta = el('p', 'said-meta');
    meta.append(el('span', 'said-status', statusText[c.status] ?? c.status), el('span', 'said-date', day(c.date)));
    item.append(meta, el('p', 'said-text', c.text));
    list.append(item);
  }
  return section('Comments', said.comments.length, list, 'No comments on this page in this range.');
}

function searches(said: ReadersSaid): HTMLElement {
  const table = el('table', 'said-searches');
  const head = el('tr');
  for (const name of ['Search', 'Searches', 'Click-through']) {
    const th = el('th', name === 'Search' ? '' : 'num', name);
    th.scope = 'col';
    head.append(th);
  }
  const body = el('tbody');
  for (const s of said.searches) {
    const row = el('tr');
    const query = el('th', 'said-query', s.query);
    query.scope = 'row';
    row.append(query, el('td', 'num', count(s.hits)), el('td', 'num', percent(s.ctr)));
    body.append(row);
  }
  const thead = el('thead');
  thead.append(head);
  table.append(thead, body);
  return section('Searches whose top result is this page', said.searches.length, table, 'No search led here in this range.');
}

function questions(said: ReadersSaid): HTMLElement {
  const list = el('ul', 'said-list questions');
  for (const q of said.questions) {
    const item = el('li', 'said-question');
    const meta = el('p', 'said-meta');
    meta.append(el('span', 'said-date', day(q.date)), ...(q.clarifying ? [el('span', 'said-status', 'Asked back')] : []));
    item.append(meta, el('p', 'said-text', q.query));
    list.append(item);
  }
  return section(
    'Assistant questions that cited this page',
    said.questions.length,
    list,
    'The assistant cited this page in no answer in this range.',
  );
}

export function createSaid(read: () => void): SaidView {
  const root = el('div', 'said');
  root.setAttribute('aria-live', 'polite');
  return {
    root,
    update(state) {
      keepFocus(root, () => {
        if ('none' in state) return root.replaceChildren(el('p', 'page-empty', state.none));
        if ('cost' in state) {
          const go = button(state.reading ? 'Reading…' : 'Read What Readers Said', read);
          go.disabled = state.reading;
          go.dataset.focusKey = 'read-said';
          return root.replaceChildren(
            el('p', 'page-empty', 'What readers said in this range (feedback, searches, assistant questions) has not been read yet.'),
            go,
            el('p', 'said-cost', `Costs ${state.cost}; kept for every window.`),
          );
        }
        const { said } = state;
        const votes = el('p', 'said-votes', `${plural(said.thumbsUp, 'reader')} found it helpful · ${count(said.thumbsDown)} did not`);
        root.replaceChildren(
          el('h2', 'section-title', `Readers said about ${said.pagePath}`),
          votes,
          el('p', 'said-share', `Comments from ${said.share}.`),
          comments(said),
          searches(said),
          questions(said),
        );
      });
    },
  };
}
