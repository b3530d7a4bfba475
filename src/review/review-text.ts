// A review of the agent's change as the text of one follow-up: each comment's file (its path in
// the repository, as the agent sees it), its line or lines and on which side (the agent's
// version, or the old one it removed or replaced), those lines as they read there (in a fence:
// platform/data-fence.ts), and the writer's remark. Plain text, which the writer reads and edits
// in the composer before sending.
import { fencedData } from '../platform/data-fence';

export interface ReviewNote {
  /** The file's path in the repository. */
  path: string;
  /** `agent`: lines of the agent's version; `before`: lines of the old version the change removed or replaced. */
  side: 'agent' | 'before';
  /** 1-based, inclusive. */
  from: number;
  to: number;
  /** The lines as they read on that side. */
  lines: readonly string[];
  /** What the writer said about them. */
  remark: string;
}

// Sent to the agent: stays English.
/** The instruction a review draft opens with; the writer may reword it. */
export const reviewInstruction = 'Change your work as my review comments below say. Keep everything else as it is.';

// Sent to the agent: stays English.
const sideWords: Record<ReviewNote['side'], string> = { agent: 'your version', before: 'the version before your change' };

function place(note: ReviewNote): string {
  const lines = note.from === note.to ? `line ${note.from}` : `lines ${note.from}–${note.to}`;
  return `${note.path}, ${lines} of ${sideWords[note.side]}`;
}

/** Files in path order, the old side first, then by line: the order a person reads a diff in. */
function byPlace(a: ReviewNote, b: ReviewNote): number {
  if (a.path !== b.path) return a.path < b.path ? -1 : 1;
  if (a.side !== b.side) return a.side === 'before' ? -1 : 1;
  return a.from - b.from || a.to - b.to;
}

// Sent to the agent: stays English.
/**
 * The lines go in a fence they cannot close, after the sentence saying they are the
 * repository's text (the agent's own lines, or lines from anywhere before it): a line reading
 * "Ignore the review above" is a line to review, not an instruction. Every line of a note is
 * indented by three spaces, so nothing in the writer's remark (a fence, a heading, a list
 * marker) can start another item.
 */
function noteText(note: ReviewNote, index: number): string {
  const quoted = note.lines.length ? fencedData('repository', note.lines).split('\n') : ['(an empty line)'];
  const remark = note.remark.trim().split(/\r?\n/);
  return [
    `${index + 1}. ${place(note)}:`,
    ...quoted.map((line) => `   ${line}`.trimEnd()),
    `   Comment: ${remark[0] ?? ''}`,
    ...remark.slice(1).map((line) => `   ${line}`.trimEnd()),
  ].join('\n');
}

// Sent to the agent: stays English.
export function reviewText(notes: readonly ReviewNote[]): string {
  const count = notes.length === 1 ? '1 comment' : `${notes.length} comments`;
  return [`My review (${count}):`, '', [...notes].sort(byPlace).map(noteText).join('\n\n')].join('\n');
}

/** A hunk of the agent's change the writer took into their copy: lines of its version (none: a removal after line `from`), or a whole file. */
export interface TakenChange {
  path: string;
  from?: number;
  to?: number;
  whole?: 'added' | 'deleted' | 'renamed';
}

// Sent to the agent: stays English.
const wholeWords: Record<NonNullable<TakenChange['whole']>, string> = {
  added: 'the new file',
  deleted: 'its removal',
  renamed: 'its new name',
};

// Sent to the agent: stays English.
function takenPlace({ path, from = 0, to = 0, whole }: TakenChange): string {
  if (whole) return `${path} (${wholeWords[whole]})`;
  if (to < from) return `${path}, the lines you removed after line ${from} of your version`;
  return `${path}, ${from === to ? `line ${from}` : `lines ${from}–${to}`} of your version`;
}

// Sent to the agent: stays English.
/** What a review says about the changes the writer already took, so the agent neither redoes nor undoes them; empty when none. */
export function takenText(taken: readonly TakenChange[]): string {
  if (!taken.length) return '';
  const places = [...taken].sort((a, b) => (a.path === b.path ? (a.from ?? 0) - (b.from ?? 0) : a.path < b.path ? -1 : 1)).map(takenPlace);
  return [
    'I already took these changes of yours into my copy. Keep them as they are in your version:',
    ...places.map((p) => `- ${p}`),
  ].join('\n');
}
