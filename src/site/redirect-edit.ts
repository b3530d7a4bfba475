// Adding a redirect to where the site keeps them, as text edits that leave the rest of the file
// (its formatting, its comments) as it was: docs.json's `redirects` list, or the list in the
// file its `$ref` names.
import { type Edit, type FormattingOptions, type JSONPath, modify, parseTree, findNodeAtLocation } from 'jsonc-parser';
import type { Redirect } from './redirects';

/** The file's own indentation and line ends, so the new entry looks like its neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return {
    insertSpaces: !indent.startsWith('\t'),
    tabSize: indent.startsWith('\t') ? 1 : indent.length,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** The edits that append `redirect` to the list at `path` (created when the file has none). */
export function addRedirectEdits(text: string, path: JSONPath, redirect: Redirect): Edit[] {
  const formattingOptions = formattingOf(text);
  const list = findNodeAtLocation(parseTree(text, [], { allowTrailingComma: true }) ?? { type: 'null', offset: 0, length: 0 }, path);
  const entry = { source: redirect.source, destination: redirect.destination };
  if (list?.type === 'array') {
    return modify(text, [...path, list.children?.length ?? 0], entry, { formattingOptions, isArrayInsertion: true });
  }
  return modify(text, path, [entry], { formattingOptions });
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
