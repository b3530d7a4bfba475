// A trend split at a merge: the line saying which change was merged when, and the two sides
// side by side (visitors a week over whole weeks, and thumbs), so a writer sees whether the
// agent's change helped readers.
import * as l10n from '@vscode/l10n';
import { changeText } from '../../visitors/merge-windows';
import { formatDays } from '../../visitors/date-range';
import type { MergeCompare, MergeMark, WindowVotes } from '../../visitors/protocol';
import { count, displayLanguage } from '../../platform/words';
import { weeklyText } from './counted-text';
import { el } from './dom';

/** "Merged Nov 11: pull request #12 into origin/main (merge commit)". */
export function mergeLine(mark: MergeMark): HTMLElement {
  return el('p', 'merge-line', l10n.t('Merged {0}: {1}', formatDays(mark.day, mark.day, true), mark.label));
}

function votesText(votes: WindowVotes): string {
  if (votes === null) return l10n.t('not among the most voted pages');
  const total = votes.up + votes.down;
  if (total === 0) return l10n.t('no votes');
  const down = new Intl.NumberFormat(displayLanguage(), { style: 'percent' }).format(Math.round((votes.down / total) * 100) / 100);
  return l10n.t('{0} up, {1} down ({2} down)', count(votes.up), count(votes.down), down);
}

/** The before and after table. */
export function mergeCompare(compare: MergeCompare): HTMLElement {
  const table = el('table', 'merge-compare');
  table.setAttribute('aria-label', l10n.t('Before and after the merge'));
  const head = el('tr');
  head.append(el('th', undefined, ''), el('th', undefined, l10n.t('Before')), el('th', undefined, l10n.t('After')));
  const rows: [string, string, string][] = [
    [
      l10n.t('Days'),
      formatDays(compare.before.range.from, compare.before.range.to, false),
      formatDays(compare.after.range.from, compare.after.range.to, false),
    ],
    [l10n.t('Visitors'), weeklyText(compare.before), weeklyText(compare.after)],
    [l10n.t('Thumbs'), votesText(compare.before.votes), votesText(compare.after.votes)],
  ];
  table.append(head);
  for (const [name, before, after] of rows) {
    const row = el('tr');
    row.append(el('th', undefined, name), el('td', undefined, before), el('td', undefined, after));
    table.append(row);
  }
  const change = changeText(compare);
  const root = el('div', 'merge');
  root.append(table);
  if (change) root.append(el('p', 'merge-change', l10n.t('Visitors a week: {0} after the merge.', change)));
  return root;
}
