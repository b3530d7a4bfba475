// Adding a redirect to where the site keeps them, as insertions that leave the rest of the file
// (its formatting, its comments) as it was: docs.json's `redirects` list, or the list in the
// file its `$ref` names. The new entry is written like the entry before it.
import type { Edit, JSONPath, Node } from 'jsonc-parser';
import { appendItem, indentAt, type Layout, layoutOf, startsLine } from './json-append';
import type { Redirect } from './redirects';
import { redirectsListIn } from './redirects-target';

/** The entry inside one line, spaced as `like` (a neighbour's text) is. */
function inlineEntry(redirect: Redirect, like: string | undefined): string {
  const spaced = (pattern: RegExp, wide: string, tight: string): string => (like === undefined || pattern.test(like) ? wide : tight);
  const colon = spaced(/"\s*:\s/, ': ', ':');
  const fields = [`"source"${colon}${JSON.stringify(redirect.source)}`, `"destination"${colon}${JSON.stringify(redirect.destination)}`];
  return spaced(/^\{\s/, `{ ${fields.join(', ')} }`, `{${fields.join(spaced(/,\s/, ', ', ','))}}`);
}

/** The entry on lines of its own: `{` at `indent`, its fields at `inner`. */
function blockEntry(redirect: Redirect, indent: string, inner: string, eol: string): string {
  const fields = [`"source": ${JSON.stringify(redirect.source)},`, `"destination": ${JSON.stringify(redirect.destination)}`];
  return ['{', ...fields.map((field) => inner + field), `${indent}}`].join(eol);
}

/** Writes the entry as `neighbour` (the list's last entry) is written: on one line or several. */
function entryWriter(
  text: string,
  redirect: Redirect,
  neighbour: Node | undefined,
  layout: Layout,
): (indent: string | undefined) => string {
  const like = neighbour?.type === 'object' ? text.slice(neighbour.offset, neighbour.offset + neighbour.length) : undefined;
  const field = neighbour?.type === 'object' ? neighbour.children?.[0] : undefined;
  return (indent) => {
    if (indent === undefined || (like !== undefined && !like.includes('\n'))) return inlineEntry(redirect, like);
    const inner = field && startsLine(text, field.offset) ? indentAt(text, field.offset) : indent + layout.step;
    return blockEntry(redirect, indent, inner, layout.eol);
  };
}

/**
 * The edits that append `redirect` to the list at `path` (created when the file has none), or
 * why the file (named `name`) holds no list there to add to.
 */
export function addRedirectEdits(text: string, path: JSONPath, redirect: Redirect, name: string): { edits: Edit[] } | { problem: string } {
  const found = redirectsListIn(text, path, name);
  if ('problem' in found) return found;
  const layout = layoutOf(text);
  if (found.list) {
    return { edits: appendItem(text, found.list, entryWriter(text, redirect, found.list.children?.at(-1), layout), layout) };
  }
  // No list yet: a `redirects` member at the end of the object that should hold it.
  const key = JSON.stringify(String(found.path.at(-1)));
  const entry = entryWriter(text, redirect, undefined, layout);
  const member = (indent: string | undefined): string =>
    indent === undefined
      ? `${key}: [${entry(undefined)}]`
      : `${key}: [${layout.eol}${indent}${layout.step}${entry(indent + layout.step)}${layout.eol}${indent}]`;
  return { edits: appendItem(text, found.holder, member, layout) };
}

function tokens(path: string): string[] {
  return path
    .toLowerCase()
    .split(/[/\-_.]+/)
    .filter(Boolean);
}

/** Pages ordered by how close their path is to `source`: shared words first, then the same last name, then by name. */
export function closestPages<T extends { pagePath: string }>(source: string, pages: readonly T[]): T[] {
  const wanted = new Set(tokens(source));
  const last = tokens(source).at(-1);
  const score = (page: T): number => {
    const words = tokens(page.pagePath);
    const shared = words.filter((w) => wanted.has(w)).length;
    return shared * 2 + (last !== undefined && words.at(-1) === last ? 3 : 0) - words.length * 0.01;
  };
  return [...pages].sort((a, b) => score(b) - score(a) || (a.pagePath < b.pagePath ? -1 : 1));
}
