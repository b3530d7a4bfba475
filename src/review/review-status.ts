// After the agent worked on a review: whether the lines each sent thread was about changed since
// (addressed) or still read as they did (still open). Pure: the caller reads the file at the
// agent's new commit.
import type { ReviewThread, ThreadStatus } from './review-record';

/** Whether `block` appears in `lines` as consecutive lines. */
function holds(lines: readonly string[], block: readonly string[]): boolean {
  for (let start = 0; start + block.length <= lines.length; start++) {
    if (block.every((line, i) => lines[start + i] === line)) return true;
  }
  return false;
}

/**
 * `now` is the file at the agent's new commit (undefined when the file is gone). A thread on the
 * agent's lines is addressed once those lines no longer read as they did (changed, or gone with
 * the file); a thread on lines the change had removed, once those lines are back.
 */
export function threadStatus(thread: Pick<ReviewThread, 'side' | 'lines'>, now: string | undefined): ThreadStatus {
  const there = now !== undefined && holds(now.replace(/\r\n?/g, '\n').split('\n'), thread.lines);
  if (thread.side === 'agent') return there ? 'open' : 'addressed';
  return there ? 'addressed' : 'open';
}
