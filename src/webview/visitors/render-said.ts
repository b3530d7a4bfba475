// The Readers said tab: the open page's thumbs, its comments (pending first, then newest, each
// with its status and date), the searches whose top result it is (with their click-through)
// and the assistant questions that cited it; or a button that reads them, with its cost.
import * as l10n from '@vscode/l10n';
import type { ReadersSaid, SaidState } from '../../visitors/protocol';
import { count, displayLanguage } from '../../platform/words';
import { helpfulText } from './counted-text';
import { button, el, keepFocus } from './dom';

export interface SaidView {
  root: HTMLElement;
  update(state: SaidState): void;
}

/** A comment's status as the service names it, in words; an unknown one as it is. */
function statusText(status: string): string {
  switch (status) {
    case 'pending':
      return l10n.t('Pending');
    case 'in_progress':
      return l10n.t('In progress');
    case 'resolved':
      return l10n.t('Resolved');
    case 'dismissed':
      return l10n.t('Dismissed');
    default:
      return status;
  }
}

const day = (date: string | null): string => (date ? date.slice(0, 10) : l10n.t('no date'));
const percent = (share: number): string => new Intl.NumberFormat(displayLanguage(), { style: 'percent' }).format(share);

function section(title: string, items: number, body: HTMLElement, empty: string): HTMLElement {
  const root = el('section', 'said-section');
  const heading = l10n.t({ message: '{0} ({1})', args: [title, count(items)], comment: ['A section’s title and how many items it has'] });
  root.append(el('h3', 'section-title', heading), items ? body : el('p', 'page-empty', empty));
  return root;
}

function comments(said: ReadersSaid): HTMLElement {
  const list = el('ol', ['said-list', 'comments']);
  for (const c of said.comments) {
    const item = el('li', ['said-comment', `status-${c.status}`]);
    const meta = el('p', 'said-meta');
    meta.append(el('span', 'said-status', statusText(c.status)), el('span', 'said-date', day(c.date)));
    item.append(meta, el('p', 'said-text', c.text));
    list.append(item);
  }
  return section(l10n.t('Comments'), said.comments.length, list, l10n.t('No comments on this page in this range.'));
}

function searches(said: ReadersSaid): HTMLElement {
  const table = el('table', 'said-searches');
  const head = el('tr');
  const names = [
    l10n.t({ message: 'Search', args: [], comment: ['Column: what a reader searched for'] }),
    l10n.t({ message: 'Searches', args: [], comment: ['Column: how many times it was searched'] }),
    l10n.t('Click-through'),
  ];
  for (const [index, name] of names.entries()) {
    const th = el('th', index === 0 ? '' : 'num', name);
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
  return section(
    l10n.t('Searches whose top result is this page'),
    said.searches.length,
    table,
    l10n.t('No search led here in this range.'),
  );
}

function questions(said: ReadersSaid): HTMLElement {
  const list = el('ul', ['said-list', 'questions']);
  for (const q of said.questions) {
    const item = el('li', 'said-question');
    const meta = el('p', 'said-meta');
    meta.append(el('span', 'said-date', day(q.date)), ...(q.clarifying ? [el('span', 'said-status', l10n.t('Asked back'))] : []));
    item.append(meta, el('p', 'said-text', q.query));
    list.append(item);
  }
  return section(
    l10n.t('Assistant questions that cited this page'),
    said.questions.length,
    list,
    l10n.t('The assistant cited this page in no answer in this range.'),
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
          const go = button(state.reading ? l10n.t('Reading…') : l10n.t('Read What Readers Said'), read);
          go.disabled = state.reading;
          go.dataset.focusKey = 'read-said';
          return root.replaceChildren(
            el(
              'p',
              'page-empty',
              l10n.t('What readers said in this range (feedback, searches, assistant questions) has not been read yet.'),
            ),
            go,
            el('p', 'said-cost', l10n.t('Costs {0}; kept for every window.', state.cost)),
          );
        }
        const { said } = state;
        const votes = helpfulText(said.thumbsUp, said.thumbsDown);
        root.replaceChildren(
          el('h2', 'section-title', l10n.t('Readers said about {0}', said.pagePath)),
          el('p', 'said-votes', votes),
          el('p', 'said-share', l10n.t('Comments from {0}.', said.share)),
          comments(said),
          searches(said),
          questions(said),
        );
      });
    },
  };
}
