// Adding an item at the end of a JSON list or object by insertion alone: every character already
// in the file stays as it was (layout, comments, trailing commas, line ends), so a diff shows the
// new item and, when the item before it had none, the comma that item needs.
import type { Edit, Node } from 'jsonc-parser';

/** How the file writes lines: its line end and one step of indentation. */
export interface Layout {
  eol: string;
  step: string;
}

export function layoutOf(text: string): Layout {
  return {
    eol: text.includes('\r\n') ? '\r\n' : '\n',
    step: /^([ \t]+)["{}[\]]/m.exec(text)?.[1] ?? '  ',
  };
}

function lineStart(text: string, offset: number): number {
  return offset === 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

/** The indentation of the line that holds `offset`. */
export function indentAt(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset), offset))?.[0] ?? '';
}

/** Whether only indentation comes before `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}

/** Where the comma after the value ending at `end` is, past spaces and comments; undefined when none follows. */
function commaAfter(text: string, end: number): number | undefined {
  const trivia = /(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/y;
  trivia.lastIndex = end;
  trivia.exec(text);
  return text[trivia.lastIndex] === ',' ? trivia.lastIndex : undefined;
}

/** Where the comments right after `from` end (spaces between them included, after the last not); `from` when none. */
function afterComments(text: string, from: number): number {
  const comment = /\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/)/y;
  let end = from;
  comment.lastIndex = from;
  while (comment.exec(text)) end = comment.lastIndex;
  return end;
}

const insert = (offset: number, content: string): Edit => ({ offset, length: 0, content });

/**
 * The edits that append an item to `container`, an array or object node of `text`. `item(indent)`
 * writes the item starting a line at `indent`, or, given undefined, inside a line.
 */
export function appendItem(text: string, container: Node, item: (indent: string | undefined) => string, layout: Layout): Edit[] {
  const { eol, step } = layout;
  const close = container.offset + container.length - 1;
  const closeOwnsLine = startsLine(text, close);
  const last = container.children?.at(-1);
  if (!last) {
    if (closeOwnsLine) {
      const indent = indentAt(text, close) + step;
      return [insert(lineStart(text, close), `${indent}${item(indent)}${eol}`)];
    }
    const outer = indentAt(text, container.offset);
    return [insert(close, `${eol}${outer}${step}${item(outer + step)}${eol}${outer}`)];
  }
  const end = last.offset + last.length;
  const comma = commaAfter(text, end);
  // Closed on a line of its own: the item goes on its own lines just above, after any comment.
  if (closeOwnsLine) {
    const indent = startsLine(text, last.offset) ? indentAt(text, last.offset) : indentAt(text, close) + step;
    const added = insert(lineStart(text, close), `${indent}${item(indent)}${comma === undefined ? '' : ','}${eol}`);
    return comma === undefined ? [insert(end, ','), added] : [added];
  }
  // Inside the line, spaced as the items are: `{ "a": 1 }, { "b": 2 }` or `{"a":1},{"b":2}`; after
  // the comments that follow the last item, which describe it (or the list's end), not the new one.
  const before = container.children?.at(-2);
  const spaced = before ? text.slice(before.offset + before.length, last.offset) : text.slice(last.offset, end);
  const space = /\s/.test(spaced) ? ' ' : '';
  return comma === undefined
    ? [insert(afterComments(text, end), `,${space}${item(undefined)}`)]
    : [insert(afterComments(text, comma + 1), `${space}${item(undefined)}`)];
}
