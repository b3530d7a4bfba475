// What happened to a job, as this machine sent and saw it (the API keeps no messages): each
// follow-up sent (a review's comment count with it) and each finish with its pull request, oldest
// first, kept with the job and pruned with it. Plain data and rules; no vscode import.
import type { AgentJob } from '../api/types';
import { isRecord } from '../platform/checks';

export type JobEvent =
  | { kind: 'followUp'; at: string; text: string; review?: number }
  | { kind: 'finished'; at: string; status: string; prLink?: string }
  | TakenEvent
  | ReviewedEvent;

/** How many of the agent's changes the writer had marked Reviewed, as last counted. */
export interface ReviewedEvent {
  kind: 'reviewed';
  at: string;
  reviewed: number;
  total: number;
}

/** How much of the agent's change the writer's files held after they last applied or unapplied a hunk of it. */
export interface TakenEvent {
  kind: 'taken';
  at: string;
  applied: number;
  total: number;
  files: number;
}

/** Enough for a job's record; the job file is rewritten on every change. */
export const maxStoredEvents = 40;
/** A follow-up's text as the record shows it: its first lines are what a writer recognises. */
const maxEventText = 300;

export function withEvent(history: readonly JobEvent[] | undefined, event: JobEvent): JobEvent[] {
  return [...(history ?? []), event].slice(-maxStoredEvents);
}

export function followUpEvent(text: string, at: string): JobEvent {
  return { kind: 'followUp', at, text: text.length > maxEventText ? `${text.slice(0, maxEventText)}…` : text };
}

/** A finish worth recording: the job became finished, or finished differently (another status or pull request). */
export function finishEvent(before: AgentJob, after: AgentJob, at: string, terminal: (job: AgentJob) => boolean): JobEvent | undefined {
  if (!terminal(after)) return undefined;
  if (terminal(before) && before.rawStatus === after.rawStatus && before.prLink === after.prLink) return undefined;
  return { kind: 'finished', at, status: after.rawStatus, ...(after.prLink ? { prLink: after.prLink } : {}) };
}

/** The history with `event` last: in place of a count taken before it with nothing between (one line per stretch of applying). */
export function withTaken(history: readonly JobEvent[] | undefined, event: TakenEvent): JobEvent[] {
  // The reviewed count (kept once, last) does not break a stretch of applying.
  const events = history ?? [];
  const last = events.map((e) => e.kind !== 'reviewed').lastIndexOf(true);
  return withEvent(events[last]?.kind === 'taken' ? events.filter((_, i) => i !== last) : events, event);
}

/** The history with the reviewed count last, in place of any before it: the record says where the review stands now. */
export function withReviewedCount(history: readonly JobEvent[] | undefined, event: ReviewedEvent): JobEvent[] {
  return withEvent(
    (history ?? []).filter((e) => e.kind !== 'reviewed'),
    event,
  );
}

/** The last reviewed count in the history. */
export function reviewedCountOf(history: readonly JobEvent[] | undefined): ReviewedEvent | undefined {
  return history?.filter((e): e is ReviewedEvent => e.kind === 'reviewed').at(-1);
}

/** The last follow-up noted as a review of `comments` comments. */
export function withReviewNoted(history: readonly JobEvent[] | undefined, comments: number): JobEvent[] | undefined {
  if (!history) return undefined;
  const index = history.map((e) => e.kind).lastIndexOf('followUp');
  const last = history[index];
  if (last?.kind !== 'followUp') return [...history];
  return history.map((e, i) => (i === index ? { ...last, review: comments } : e));
}

function readEvent(value: unknown): JobEvent | undefined {
  if (!isRecord(value) || typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at))) return undefined;
  if (value.kind === 'followUp' && typeof value.text === 'string') {
    const event: JobEvent = { kind: 'followUp', at: value.at, text: value.text };
    if (Number.isSafeInteger(value.review) && (value.review as number) > 0) event.review = value.review as number;
    return event;
  }
  if (value.kind === 'taken') {
    const [applied, total, files] = [value.applied, value.total, value.files];
    const counts = [applied, total, files].every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
    return counts ? { kind: 'taken', at: value.at, applied: applied as number, total: total as number, files: files as number } : undefined;
  }
  if (value.kind === 'reviewed') {
    const [reviewed, total] = [value.reviewed, value.total];
    const counts = [reviewed, total].every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
    return counts ? { kind: 'reviewed', at: value.at, reviewed: reviewed as number, total: total as number } : undefined;
  }
  if (value.kind === 'finished' && typeof value.status === 'string') {
    const event: JobEvent = { kind: 'finished', at: value.at, status: value.status };
    if (typeof value.prLink === 'string') event.prLink = value.prLink;
    return event;
  }
  return undefined;
}

/** The stored history; events this version cannot read are left out (the rest of the job is not lost for them). */
export function readHistory(value: unknown): JobEvent[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map(readEvent).filter((e): e is JobEvent => e !== undefined);
}
