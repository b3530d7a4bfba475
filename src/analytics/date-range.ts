// Calendar-day arithmetic for the visitors report. Days are 'YYYY-MM-DD' strings in UTC, the
// API's own calendar, so a reader in any time zone asks for the same days.
import type { DayRange, RangeChoice, RangePreset } from './protocol';

const dayMs = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const presetDays: Record<Exclude<RangePreset, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The longest custom range: one year, leap day included. */
export const maxRangeDays = 366;

/** Epoch ms of a day's UTC midnight, or undefined when it is not a real date (2026-02-30). */
export function parseDay(day: string): number | undefined {
  const match = dayPattern.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  // Date.UTC rolls 02-30 over to 03-02; reading it back catches that.
  return formatDay(ms) === day ? ms : undefined;
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function requireDay(day: string): number {
  const ms = parseDay(day);
  if (ms === undefined) throw new RangeError(`Not a calendar day: "${day}"`);
  return ms;
}

export function todayUtc(now: number): string {
  return formatDay(now);
}

export function addDays(day: string, days: number): string {
  return formatDay(requireDay(day) + days * dayMs);
}

/** Days from `from` to `to`, both included. */
export function dayCount(range: DayRange): number {
  return Math.round((requireDay(range.to) - requireDay(range.from)) / dayMs) + 1;
}

export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): RangeChoice {
  return { preset, from: addDays(today, 1 - presetDays[preset]), to: today };
}

/** The picker's `to` is a day people count in; the API's dateTo is exclusive, so ask up to the day after. */
export function toQuery(range: DayRange): { dateFrom: string; dateTo: string } {
  return { dateFrom: range.from, dateTo: addDays(range.to, 1) };
}

/** A range that ended before today no longer changes much, so it is cached for good. */
export function endsBeforeToday(range: DayRange, today: string): boolean {
  return range.to < today;
}

/** Why a custom range cannot be used, as a sentence for the picker; undefined when it can. */
export function checkCustomRange(from: string, to: string, today: string): string | undefined {
  if (parseDay(from) === undefined) return `The start date "${from}" is not a calendar date (YYYY-MM-DD).`;
  if (parseDay(to) === undefined) return `The end date "${to}" is not a calendar date (YYYY-MM-DD).`;
  if (from > to) return `The start date (${from}) is after the end date (${to}).`;
  if (to > today) return `The end date (${to}) is in the future: today (${today}) is the latest day with visitors.`;
  const days = dayCount({ from, to });
  if (days > maxRangeDays) return `The range spans ${days} days; pick at most ${maxRangeDays}.`;
  return undefined;
}

/** 7-day buckets from `from` on; the last one stops at `to`, so it may be shorter. */
export function weeksOf(range: DayRange): DayRange[] {
  const weeks: DayRange[] = [];
  for (let from = range.from; from <= range.to; from = addDays(from, 7)) {
    const end = addDays(from, 6);
    weeks.push({ from, to: end < range.to ? end : range.to });
  }
  return weeks;
}

function shortDay(day: string, withYear: boolean): string {
  const [year, month, date] = day.split('-');
  return `${months[Number(month) - 1] ?? month} ${Number(date)}${withYear ? `, ${year}` : ''}`;
}

/** English month names, not the locale's: the panel's other text is English too. */
export function rangeLabel(range: RangeChoice): string {
  if (range.preset !== 'custom') return `Last ${presetDays[range.preset]} days`;
  if (range.from === range.to) return shortDay(range.from, true);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${shortDay(range.from, !sameYear)} – ${shortDay(range.to, true)}`;
}
