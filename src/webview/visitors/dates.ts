// Calendar days as YYYY-MM-DD in UTC: the API counts days in UTC, so "today" does too.
import type { RangeChoice, RangePreset } from '../../analytics/protocol';

export type Preset = Exclude<RangePreset, 'custom'>;
export const presetDays: Record<Preset, number> = { '7d': 7, '30d': 30, '90d': 90 };

const dayMs = 86_400_000;
// Fixed English names: the rest of the panel is English, and the browser locale may not be.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** A preset ends today, inclusive: "last 7 days" is today and the 6 before. */
export function presetRange(preset: Preset, today: string): RangeChoice {
  return { preset, from: addDays(today, 1 - presetDays[preset]), to: today };
}

/** A saved preset means "the last N days" from whenever the page opens again. */
export function refreshPreset(range: RangeChoice, today: string): RangeChoice {
  return range.preset === 'custom' ? range : presetRange(range.preset, today);
}

function parts(day: string): { year: number; month: string; date: number } {
  return { year: Number(day.slice(0, 4)), month: months[Number(day.slice(5, 7)) - 1] ?? '?', date: Number(day.slice(8, 10)) };
}

/** "Nov 1–7", "Oct 29–Nov 4"; with the year: "Nov 1–7, 2025", "Dec 29, 2025–Jan 4, 2026". */
export function formatDays(from: string, to: string, withYear: boolean): string {
  const a = parts(from);
  const b = parts(to);
  const start = `${a.month} ${a.date}`;
  const year = withYear ? `, ${b.year}` : '';
  if (from === to) return start + year;
  if (withYear && a.year !== b.year) return `${start}, ${a.year}–${b.month} ${b.date}, ${b.year}`;
  const end = a.month === b.month && a.year === b.year ? String(b.date) : `${b.month} ${b.date}`;
  return `${start}–${end}${year}`;
}

export function rangeLabel(range: RangeChoice): string {
  const days = formatDays(range.from, range.to, true);
  return range.preset === 'custom' ? days : `Last ${presetDays[range.preset]} days · ${days}`;
}

/** Why a custom range cannot be asked for, or undefined when it can. */
export function rangeProblem(from: string, to: string, today: string): string | undefined {
  if (!from || !to) return 'Choose both days.';
  if (from > to) return 'The first day must be on or before the last day.';
  if (to > today) return `The last day cannot be after today (${formatDays(today, today, true)}, UTC).`;
  return undefined;
}
