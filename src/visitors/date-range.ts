// Calendar-day arithmetic and labels for the visitors report, shared by the extension and the
// panel's page. Days are 'YYYY-MM-DD' strings in UTC, the API's own calendar, so a reader in any
// time zone asks for the same days. Month names are English, as the rest of the panel is.
import type { DayRange, RangeChoice, RangePreset } from './protocol';

const dayMs = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export type Preset = Exclude<RangePreset, 'custom'>;
export const presetDays: Record<Preset, number> = { '7d': 7, '30d': 30, '90d': 90 };

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

export function todayUtc(now = Date.now()): string {
  return formatDay(now);
}

export function addDays(day: string, days: number): string {
  return formatDay(requireDay(day) + days * dayMs);
}

/** Days from `from` to `to`, both included. */
export function dayCount(range: DayRange): number {
  return Math.round((requireDay(range.to) - requireDay(range.from)) / dayMs) + 1;
}

/** A preset ends today, inclusive: "last 7 days" is today and the 6 before. */
export function presetRange(preset: Preset, today: string): RangeChoice {
  return { preset, from: addDays(today, 1 - presetDays[preset]), to: today };
}

/** A saved preset means "the last N days" from whenever the page opens again. */
export function refreshPreset(range: RangeChoice, today: string): RangeChoice {
  return range.preset === 'custom' ? range : presetRange(range.preset, today);
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
  if (!from || !to) return 'Choose both days.';
  if (parseDay(from) === undefined) return `The start date "${from}" is not a calendar date (YYYY-MM-DD).`;
  if (parseDay(to) === undefined) return `The end date "${to}" is not a calendar date (YYYY-MM-DD).`;
  if (from > to) return `The start date (${from}) is after the end date (${to}).`;
  if (to > today) return `The end date (${to}) is in the future: today (${today}) is the latest day with visitors.`;
  const days = dayCount({ from, to });
  if (days > maxRangeDays) return `The range spans ${days} days; pick at most ${maxRangeDays}.`;
  return undefined;
}

/** Why a range cannot be read (only a custom one can be wrong), or undefined. */
export function rangeProblem(range: RangeChoice, today: string): string | undefined {
  return range.preset === 'custom' ? checkCustomRange(range.from, range.to, today) : undefined;
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

/**
 * "Last 30 days" for a preset, "Nov 1–20, 2026" for a custom range; `withDays` adds a preset's
 * days ("Last 30 days · Oct 24–Nov 22, 2026"), as the panel's header shows them.
 */
export function rangeLabel(range: RangeChoice, options: { withDays?: boolean } = {}): string {
  const days = formatDays(range.from, range.to, true);
  if (range.preset === 'custom') return days;
  const name = `Last ${presetDays[range.preset]} days`;
  return options.withDays ? `${name} · ${days}` : name;
}

/** "in the last 30 days", "in Nov 1–20, 2026": a range label inside a sentence. */
export function inRange(label: string): string {
  return /^Last /.test(label) ? `in the l${label.slice(1)}` : `in ${label}`;
}
