// How numbers, counts and ranges are written in the prompts Docs Agent drafts for
// the agent (Ask the Agent from a page, a group or what readers said). Sent to the agent: stays
// English whatever the writer's language, the way the agent has always read them: the agent works
// in the repository's languages, and the writer edits the draft before sending it. Readers' words go
// in a fenced block (platform/data-fence.ts), never in quotes a reader could close.
import { presetDays } from '../visitors/date-range';
import type { RangeChoice } from '../visitors/protocol';

const numbers = new Intl.NumberFormat('en-US');
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1,234". */
export const promptCount = (n: number): string => numbers.format(n);

// Sent to the agent: stays English.
/** "1 visitor", "1,234 visitors". */
export const promptVisitors = (total: number): string => `${promptCount(total)} visitor${total === 1 ? '' : 's'}`;

/** "30%". */
export const promptPercent = (share: number): string => `${Math.round(share * 100)}%`;

/** "once", "3 times". */
export const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

function day(text: string): { year: number; month: string; date: number } {
  return { year: Number(text.slice(0, 4)), month: months[Number(text.slice(5, 7)) - 1] ?? '?', date: Number(text.slice(8, 10)) };
}

/** "Nov 1–20, 2026", "Oct 29–Nov 4, 2026", "Dec 29, 2025–Jan 4, 2026". */
function days(from: string, to: string): string {
  const [a, b] = [day(from), day(to)];
  const start = `${a.month} ${a.date}`;
  if (from === to) return `${start}, ${b.year}`;
  if (a.year !== b.year) return `${start}, ${a.year}–${b.month} ${b.date}, ${b.year}`;
  return `${start}–${a.month === b.month ? String(b.date) : `${b.month} ${b.date}`}, ${b.year}`;
}

/** "Last 30 days" for a preset, "Nov 1–20, 2026" for a custom range. */
export function promptRangeLabel(range: RangeChoice): string {
  return range.preset === 'custom' ? days(range.from, range.to) : `Last ${presetDays[range.preset]} days`;
}

// Sent to the agent: stays English.
/** "in the last 30 days", "in Nov 1–20, 2026": a label from promptRangeLabel inside a sentence. */
export function promptInRange(label: string): string {
  return /^Last /.test(label) ? `in the l${label.slice(1)}` : `in ${label}`;
}
