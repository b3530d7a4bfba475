// The weeks around a merge: as many whole weeks before the merge day as after it (the after
// side stops at today), so the weekly trend splits exactly at the merge and the two sides
// compare like with like. Pure: shared by the extension and its tests.
import * as l10n from '@vscode/l10n';
import { displayLanguage } from '../platform/words';
import { addDays, dayCount } from './date-range';
import type { DayRange, MergeCompare, RangeChoice, TrendWeek, WindowVotes } from './protocol';

/** Weeks on each side of the merge. */
export const weeksAroundMerge = 4;

export interface MergeWindows {
  /** The panel's range: both windows. */
  range: RangeChoice;
  before: DayRange;
  after: DayRange;
}

/** The windows around `day` (a merge dated after today, by a skewed clock, counts as today). */
export function mergeWindows(day: string, today: string, weeks = weeksAroundMerge): MergeWindows {
  const merged = day > today ? today : day;
  const from = addDays(merged, -7 * weeks);
  const end = addDays(merged, 7 * weeks - 1);
  const to = end < today ? end : today;
  return { range: { preset: 'custom', from, to }, before: { from, to: addDays(merged, -1) }, after: { from: merged, to } };
}

function side(weeks: readonly TrendWeek[], range: DayRange, votes: WindowVotes): MergeCompare['before'] {
  // A short last week would look like a drop: only whole weeks are averaged.
  const whole = weeks.filter((w) => w.from >= range.from && w.to <= range.to && dayCount(w) === 7);
  const perWeek = whole.length ? Math.round((whole.reduce((sum, w) => sum + w.total, 0) / whole.length) * 10) / 10 : null;
  return { range, fullWeeks: whole.length, perWeek, votes };
}

/** Visitors a week and votes, before the merge and after it. */
export function compareAroundMerge(
  weeks: readonly TrendWeek[],
  windows: Pick<MergeWindows, 'before' | 'after'>,
  votes: { before: WindowVotes; after: WindowVotes },
): MergeCompare {
  return { before: side(weeks, windows.before, votes.before), after: side(weeks, windows.after, votes.after) };
}

/** "+50%", "−12%", "no change"; undefined when either side has no whole week (or none read before). */
export function changeText(compare: MergeCompare): string | undefined {
  const { before, after } = compare;
  if (before.perWeek === null || after.perWeek === null || before.perWeek === 0) return undefined;
  const percent = Math.round(((after.perWeek - before.perWeek) / before.perWeek) * 100);
  if (percent === 0) return l10n.t('no change');
  // As the display language writes a percentage ("+50 %" in German), with a true minus sign.
  const format = new Intl.NumberFormat(displayLanguage(), { style: 'percent', signDisplay: 'exceptZero' });
  return format
    .formatToParts(percent / 100)
    .map((part) => (part.type === 'minusSign' && part.value === '-' ? '−' : part.value))
    .join('');
}
