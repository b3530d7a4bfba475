// A review of the agent's change as the text of one follow-up: each comment's file (its path in
// the repository, as the agent sees it), its line or lines and on which side (the agent's
// version, or the old one it removed or replaced), those lines quoted as they read there, and the
// writer's remark. Plain text, which the writer reads and edits in the composer before sending.

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
 * Every quoted line starts with "> " and every remark line with three spaces, so nothing a line
 * holds (a code fence, a heading, a list marker, a "> ") can end a quote or start another item.
 */
function noteText(note: ReviewNote, index: number): string {
  const quoted = note.lines.length ? note.lines.map((line) => `   > ${line}`.trimEnd()) : ['   (an empty line)'];
  const remark = note.remark.trim().split(/\r?\n/);
  return [
    `${index + 1}. ${place(note)}:`,
    ...quoted,
    `   Comment: ${remark[0] ?? ''}`,
    ...remark.slice(1).map((line) => `   ${line}`.trimEnd()),
  ].join('\n');
}

// Sent to the agent: stays English.
export function reviewText(notes: readonly ReviewNote[]): string {
  const count = notes.length === 1 ? '1 comment' : `${notes.length} comments`;
  return [`My review (${count}):`, '', [...notes].sort(byPlace).map(noteText).join('\n\n')].join('\n');
}
