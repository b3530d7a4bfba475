// Calendar-day arithmetic and labels for the visitors report, shared by the extension and the
// panel's page. Days are 'YYYY-MM-DD' strings in UTC, the API's own calendar, so a reader in any
// time zone asks for the same days. Labels are in the editor's display language (the panel's
// page sets it too, before it renders), dates written as that language writes them.
import * as l10n from '@vscode/l10n';
import { count, displayLanguage } from '../platform/words';
import type { DayRange, RangeChoice, RangePreset } from './protocol';

const dayMs = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
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
  // A programming error, never shown to the writer: stays English.
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

/** How a day is typed, in the letters the writer's language uses for year, month and day (JJJJ-MM-TT in German). */
export function dayFormatHint(): string {
  return l10n.t({
    message: 'YYYY-MM-DD',
    comment: [
      'How to type a day: year, month, day, in the letters your language abbreviates them with (German JJJJ-MM-TT). Keep the order and the hyphens.',
    ],
  });
}

/** Why a custom range cannot be used, as a sentence for the picker; undefined when it can. */
export function checkCustomRange(from: string, to: string, today: string): string | undefined {
  if (!from || !to) return l10n.t('Choose both days.');
  if (parseDay(from) === undefined) return l10n.t('The start date "{0}" is not a calendar date ({1}).', from, dayFormatHint());
  if (parseDay(to) === undefined) return l10n.t('The end date "{0}" is not a calendar date ({1}).', to, dayFormatHint());
  if (from > to) return l10n.t('The start date ({0}) is after the end date ({1}).', from, to);
  if (to > today) return l10n.t('The end date ({0}) is in the future: today ({1}) is the latest day with visitors.', to, today);
  const days = dayCount({ from, to });
  if (days > maxRangeDays) return l10n.t('The range spans {0} days; pick at most {1}.', count(days), count(maxRangeDays));
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

/** Month and day ("Nov 1"), with the year when asked ("Nov 1, 2026"), as the display language writes them. */
function dayFormat(withYear: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(displayLanguage(), {
    month: 'short',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
}

/** The panel's dash between two days sits tight ("Nov 1–7"): the spaces some languages put around it go. */
function tight(text: string): string {
  return text.replace(/\s–\s/g, '–');
}

/** "Nov 1–7", "Oct 29–Nov 4"; with the year: "Nov 1–7, 2025", "Dec 29, 2025–Jan 4, 2026" (in the display language). */
export function formatDays(from: string, to: string, withYear: boolean): string {
  const [start, end] = [parseDay(from), parseDay(to)];
  // Not calendar days (an empty range, say): shown as they are rather than thrown on.
  if (start === undefined || end === undefined) return from === to ? from : `${from}–${to}`;
  if (start === end) return dayFormat(withYear).format(start);
  // Without the year, days on both sides of a new year stay short ("Dec 29–Jan 4").
  if (!withYear && from.slice(0, 4) !== to.slice(0, 4)) return `${dayFormat(false).format(start)}–${dayFormat(false).format(end)}`;
  return tight(dayFormat(withYear).formatRange(start, end));
}

/** A preset's name: "Last 30 days". */
export function presetLabel(preset: Preset): string {
  return l10n.t('Last {0} days', count(presetDays[preset]));
}

/**
 * "Last 30 days" for a preset, "Nov 1–20, 2026" for a custom range; `withDays` adds a preset's
 * days ("Last 30 days · Oct 24–Nov 22, 2026"), as the panel's header shows them.
 */
export function rangeLabel(range: RangeChoice, options: { withDays?: boolean } = {}): string {
  const days = formatDays(range.from, range.to, true);
  if (range.preset === 'custom') return days;
  const name = presetLabel(range.preset);
  return options.withDays
    ? l10n.t({ message: '{0} · {1}', args: [name, days], comment: ['A preset range and its days: "Last 30 days · Oct 24–Nov 22, 2026"'] })
    : name;
}

/** "last 30 days" for a preset, "Nov 1–20, 2026" for a custom range: a range after a verb ("Reading last 30 days"). */
export function rangeInSentence(range: RangeChoice): string {
  return range.preset === 'custom'
    ? formatDays(range.from, range.to, true)
    : l10n.t({ message: 'last {0} days', args: [count(presetDays[range.preset])], comment: ['After a verb: "Reading last 30 days"'] });
}

/** "in the last 30 days", "in Nov 1–20, 2026": a range label (from rangeLabel) inside a sentence. */
export function inRange(label: string): string {
  const preset = (Object.keys(presetDays) as Preset[]).find((p) => presetLabel(p) === label);
  if (preset) return l10n.t('in the last {0} days', count(presetDays[preset]));
  return l10n.t({ message: 'in {0}', args: [label], comment: ['A range of days inside a sentence: "in Nov 1–20, 2026"'] });
}
