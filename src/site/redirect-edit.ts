// Adding a redirect to where the site keeps them, as text edits that leave the rest of the file
// (its formatting, its comments) as it was: docs.json's `redirects` list, or the list in the
// file its `$ref` names.
import { type Edit, type FormattingOptions, type JSONPath, modify } from 'jsonc-parser';
import type { Redirect } from './redirects';
import { redirectsListIn } from './redirects-target';

/** The file's own indentation and line ends, so the new entry looks like its neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/**
 * The edits that append `redirect` to the list at `path` (created when the file has none), or
 * why the file (named `name`) holds no list there to add to.
 */
export function addRedirectEdits(text: string, path: JSONPath, redirect: Redirect, name: string): { edits: Edit[] } | { problem: string } {
  const found = redirectsListIn(text, path, name);
  if ('problem' in found) return found;
  const formattingOptions = formattingOf(text);
  const entry = { source: redirect.source, destination: redirect.destination };
  if (found.list) {
    const at = [...found.path, found.list.children?.length ?? 0];
    return { edits: modify(text, at, entry, { formattingOptions, isArrayInsertion: true }) };
  }
  return { edits: modify(text, found.path, [entry], { formattingOptions }) };
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
