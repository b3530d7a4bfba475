// Where Add Redirect may write, or the one sentence that says why not: never outside the docs
// folder (the file docs.json names, and every link on the way to it, followed), and never over
// a value that is not a list of redirects, since the writer's data there would be lost.
import * as path from 'node:path';
import { findNodeAtLocation, type JSONPath, type Node, type ParseError, parseTree } from 'jsonc-parser';
import { type DocsConfig, isInside } from './docs-config';

/** A file's path with every symbolic link followed (absolute, posix); rejects when it does not exist. */
export type RealPath = (file: string) => Promise<string>;

export type RedirectsTarget = { file: string; path: JSONPath } | { problem: string };

/** The file and JSON path new redirects go to, once links are followed; `root` is the docs root (absolute, posix). */
export async function redirectsTarget(config: Pick<DocsConfig, 'redirectsAt'>, root: string, realPath: RealPath): Promise<RedirectsTarget> {
  const place = config.redirectsAt;
  if (!place) {
    return {
      problem:
        'This site keeps its redirects in a file outside its docs folder (by a $ref), and Docs Agent does not write there. Add the redirect by hand.',
    };
  }
  const named = path.posix.relative(root, place.file);
  let real: [string, string];
  try {
    real = await Promise.all([realPath(place.file), realPath(root)]);
  } catch {
    return { problem: `${named}, where this site keeps its redirects, cannot be opened.` };
  }
  // The site reads through a link, so a link (or a linked folder) inside could aim the write anywhere.
  if (!isInside(real[0], real[1])) {
    return {
      problem: `${named} is a link to a file outside the docs folder, and Docs Agent does not write there. Add the redirect by hand.`,
    };
  }
  return place;
}

const kinds: Partial<Record<Node['type'], string>> = {
  object: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/**
 * The list at `at` in `text` (absent: the object to create it in), or, when the value there is
 * an object holding its list under `redirects` (as the site reads it), that list; else why
 * nothing can be added without overwriting what the file holds. `name` is the file's, for the sentence.
 */
export function redirectsListIn(
  text: string,
  at: JSONPath,
  name: string,
): { path: JSONPath; list: Node } | { path: JSONPath; list: undefined; holder: Node } | { problem: string } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const [error] = errors;
  if (error || !root) {
    const line = error ? ` (line ${text.slice(0, error.offset).split('\n').length})` : '';
    return {
      problem: `${name} has a JSON syntax error${line}, so Docs Agent cannot add a redirect to it. Fix it, then add the redirect again.`,
    };
  }
  const holder = at.length ? findNodeAtLocation(root, at.slice(0, -1)) : undefined;
  if (at.length && holder?.type !== 'object') {
    return { problem: `${name} is not a JSON object, so Docs Agent cannot add a redirect to it.` };
  }
  const value = at.length ? findNodeAtLocation(root, at) : root;
  if (value?.type === 'array') return { path: at, list: value };
  // Undefined only below the top level, where `holder` is the object checked above.
  if (value === undefined) return { path: at, list: undefined, holder: holder ?? root };
  const inner = value.type === 'object' ? findNodeAtLocation(value, ['redirects']) : undefined;
  if (inner?.type === 'array') return { path: [...at, 'redirects'], list: inner };
  const what = at.length ? `The "${String(at.at(-1))}" value in ${name}` : name;
  return {
    problem: `${what} is ${kinds[value.type] ?? 'something else'}, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.`,
  };
}
