// The site's totals for the range: human, AI and unique visitors.
import * as l10n from '@vscode/l10n';
import type { Counts } from '../../visitors/protocol';
import { el, figure } from './dom';

export function renderTotals(root: HTMLElement, totals: Counts): void {
  const heading = el('h2', 'section-title', l10n.t('Whole site'));
  const cards = el('div', 'figures');
  cards.append(
    figure('human', l10n.t('Human'), totals.human),
    figure('ai', l10n.t('AI'), totals.ai),
    figure('total', l10n.t('Total'), totals.total),
  );
  // Total is unique visitors, which surprises anyone who adds the first two up.
  const note = el('p', 'note', l10n.t('Total counts each visitor once, so it is less than Human + AI when some visitors came both ways.'));
  root.replaceChildren(heading, cards, note);
}
