// One line under the header for what is going on now: waiting, reading pages (with Cancel),
// or an error with the actions that fix it.
import * as l10n from '@vscode/l10n';
import type { ToPage } from '../../visitors/protocol';
import { type ErrorAction, errorActionLabels as actionLabels, isErrorAction } from '../../platform/error-actions';
import { loadingText } from './counted-text';
import { button, el } from './dom';

type Loading = Extract<ToPage, { type: 'loading' }>;
type Failure = Extract<ToPage, { type: 'error' }>;

export interface Status {
  root: HTMLElement;
  waiting(): void;
  loading(message: Loading): void;
  error(message: Failure): void;
  clear(): void;
}

export function createStatus(cancel: () => void, act: (action: ErrorAction) => void): Status {
  const root = el('div', 'status');

  const waitLine = el('p', 'status-line', l10n.t('Waiting for the extension…'));
  waitLine.setAttribute('role', 'status');

  // The Cancel button and progress bar live as long as the page, so progress updates do
  // not steal keyboard focus from Cancel.
  const loadLine = el('div', ['status-line', 'loading']);
  const loadText = el('span', 'loading-text');
  loadText.setAttribute('role', 'status');
  const progress = el('progress', 'progress');
  progress.setAttribute('aria-label', l10n.t('Pages of visitors read'));
  const cancelButton = button(l10n.t('Cancel'), cancel, ['button', 'secondary']);
  loadLine.append(loadText, progress, cancelButton);

  const errorLine = el('div', ['status-line', 'error']);
  errorLine.setAttribute('role', 'alert');

  root.append(waitLine, loadLine, errorLine);

  function only(line: HTMLElement | null): void {
    for (const node of [waitLine, loadLine, errorLine]) node.hidden = node !== line;
  }

  function loading(message: Loading): void {
    const { pagesRead, estimatedPages } = message;
    loadText.textContent = loadingText(pagesRead, estimatedPages);
    // Without an estimate the bar is indeterminate rather than a guess.
    if (estimatedPages !== undefined && estimatedPages > 0) {
      progress.max = Math.max(estimatedPages, pagesRead);
      progress.value = pagesRead;
    } else {
      progress.removeAttribute('value');
    }
    only(loadLine);
  }

  function error(message: Failure): void {
    const text = el('span', 'error-text', message.message);
    const actions = message.actions.filter(isErrorAction);
    errorLine.replaceChildren(
      text,
      ...actions.map((action, i) => button(actionLabels[action], () => act(action), i === 0 ? 'button' : ['button', 'secondary'])),
    );
    only(errorLine);
  }

  only(null);
  return { root, waiting: () => only(waitLine), loading, error, clear: () => only(null) };
}
