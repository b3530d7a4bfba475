// A trend split at a merge: the line saying which change was merged when, and the two sides
// side by side (visitors a week over whole weeks, and thumbs), so a writer sees whether the
// agent's change helped readers.
import { changeText } from '../../visitors/merge-windows';
import { formatDays } from '../../visitors/date-range';
import type { MergeCompare, MergeMark, WindowVotes } from '../../visitors/protocol';
import { count, el, plural } from './dom';

/** "Merged Nov 11: pull request #12 into origin/main (merge commit)". */
export function mergeLine(mark: MergeMark): HTMLElement {
  return el('p', 'merge-line', `Merged ${formatDays(mark.day, mark.day, true)}: ${mark.label}`);
}

function visitorsText(side: MergeCompare['before']): string {
  if (side.perWeek === null) return 'no whole week yet';
  return `${count(side.perWeek)} a week (${plural(side.fullWeeks, 'whole week')})`;
}

function votesText(votes: WindowVotes): string {
  if (votes === null) return 'not among the most voted pages';
  const total = votes.up + votes.down;
  if (total === 0) return 'no votes';
  return `${count(votes.up)} up, ${count(votes.down)} down (${Math.round((votes.down / total) * 100)}% down)`;
}

/** The before and after table. */
export function mergeCompare(compare: MergeCompare): HTMLElement {
  const table = el('table', 'merge-compare');
  table.setAttribute('aria-label', 'Before and after the merge');
  const head = el('tr');
  head.append(el('th', undefined, ''), el('th', undefined, 'Before'), el('th', undefined, 'After'));
  const rows: [string, string, string][] = [
    [
      'Days',
      formatDays(compare.before.range.from, compare.before.range.to, false),
      formatDays(compare.after.range.from, compare.after.range.to, false),
    ],
    ['Visitors', visitorsText(compare.before), visitorsText(compare.after)],
    ['Thumbs', votesText(compare.before.votes), votesText(compare.after.votes)],
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
  if (change) root.append(el('p', 'merge-change', `Visitors a week: ${change} after the merge.`));
  return root;
}
