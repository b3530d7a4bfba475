// Line diffs of texts in memory (the writer's working text is often an unsaved buffer, so git
// cannot be asked): where two texts differ, and by how many lines. Through jsdiff's Myers diff,
// whose edit scripts are shortest. Pure.
import { diffArrays } from 'diff';
import type { Span } from './hunk-places';

/** One run of differences: lines `begin` to `end - 1` of the first text became `count` lines of the second. */
export interface Difference extends Span {
  count: number;
}

/**
 * A text's lines as compared here: each with its line break (`\n`, a `\r` before it dropped), the
 * last without one when the file ends so, and none for an empty file.
 */
export function comparedLines(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/(?<=\n)/)
    .filter((line) => line !== '');
}

/** The runs of lines that differ between `from` and `to`, in order. */
export function differencesOf(from: readonly string[], to: readonly string[]): Difference[] {
  const found: Difference[] = [];
  let [at, open] = [0, undefined as Difference | undefined];
  for (const change of diffArrays([...from], [...to])) {
    if (!change.added && !change.removed) {
      open = undefined;
      at += change.count;
      continue;
    }
    if (!open) found.push((open = { begin: at, end: at, count: 0 }));
    if (change.removed) [open.end, at] = [open.end + change.count, at + change.count];
    else open.count += change.count;
  }
  return found;
}

/** How many lines a shortest edit from one text to the other removes and adds: the same however a diff aligns them. */
export function distance(from: readonly string[], to: readonly string[]): number {
  return diffArrays([...from], [...to]).reduce((sum, change) => sum + (change.added || change.removed ? change.count : 0), 0);
}

/** How many lines a difference adds (negative: removes) overall. */
export const growthOf = (d: Difference): number => d.count - (d.end - d.begin);
