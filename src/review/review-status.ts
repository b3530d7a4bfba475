// After the agent worked on a review: whether its new work changed the place each sent thread is
// on (addressed) or left it alone (still open). Decided at that place through the diff's hunks,
// never by looking for the quoted lines anywhere in the file: a `</Step>` or a blank line is on
// many lines, and a line the change removed may still be written elsewhere. Pure: the caller reads
// the hunks from git (file-hunks.ts).
import { changesPlace, linesSpan, mapSpan, type Span } from './hunk-places';
import type { Hunk } from './hunks';
import type { ReviewThread, ThreadStatus } from './review-record';

/** A thread's file through the agent's versions, as hunks. */
export interface ThreadHunks {
  /** The change as reviewed: the version compared against to the one reviewed (read for a thread on the old side). */
  reviewed: readonly Hunk[];
  /** The agent's new work: the version reviewed to its newest. */
  since: readonly Hunk[];
}

/**
 * Where a thread is in the version reviewed: its own lines on the agent's side; on the old side,
 * where the change put its lines (the lines that replaced them, or the gap where they were removed).
 */
export function placeInReviewed(thread: Pick<ReviewThread, 'side' | 'from' | 'to'>, reviewed: readonly Hunk[]): Span {
  const lines = linesSpan(thread.from, thread.to);
  return thread.side === 'agent' ? lines : mapSpan(lines, reviewed);
}

/** Addressed when a hunk of the agent's new work changed the thread's place (hunk-places.ts says what that takes), else still open. */
export function threadStatus(thread: Pick<ReviewThread, 'side' | 'from' | 'to'>, hunks: ThreadHunks): ThreadStatus {
  const place = placeInReviewed(thread, hunks.reviewed);
  return hunks.since.some((hunk) => changesPlace(hunk, place)) ? 'addressed' : 'open';
}
