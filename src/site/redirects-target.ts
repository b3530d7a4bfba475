// Where Add Redirect may write, or the one sentence that says why not: never outside the docs
// folder (the file docs.json names, and every link on the way to it, followed), and never over
// a value that is not a list of redirects, since the writer's data there would be lost.
import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import { count } from '../platform/words';
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
      problem: l10n.t(
        'This site keeps its redirects in a file outside its docs folder (by a $ref), and Docs Agent does not write there. Add the redirect by hand.',
      ),
    };
  }
  const named = path.posix.relative(root, place.file);
  let real: [string, string];
  try {
    real = await Promise.all([realPath(place.file), realPath(root)]);
  } catch {
    return { problem: l10n.t('{0}, where this site keeps its redirects, cannot be opened.', named) };
  }
  // The site reads through a link, so a link (or a linked folder) inside could aim the write anywhere.
  if (!isInside(real[0], real[1])) {
    return {
      problem: l10n.t(
        '{0} is a link to a file outside the docs folder, and Docs Agent does not write there. Add the redirect by hand.',
        named,
      ),
    };
  }
  return place;
}

/** Why the value at the redirects' place cannot take one, by what it is: whole sentences, the kind's words differ in each language. */
function notAList(what: string, type: Node['type']): string {
  switch (type) {
    case 'object':
      return l10n.t(
        '{0} is an object, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
    case 'string':
      return l10n.t(
        '{0} is a string, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
    case 'number':
      return l10n.t(
        '{0} is a number, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
    case 'boolean':
      return l10n.t(
        '{0} is true or false, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
    case 'null':
      return l10n.t(
        '{0} is null, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
    default:
      return l10n.t(
        '{0} is something else, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.',
        what,
      );
  }
}

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
    return {
      problem: error
        ? l10n.t(
            '{0} has a JSON syntax error (line {1}), so Docs Agent cannot add a redirect to it. Fix it, then add the redirect again.',
            name,
            count(text.slice(0, error.offset).split('\n').length),
          )
        : l10n.t('{0} has a JSON syntax error, so Docs Agent cannot add a redirect to it. Fix it, then add the redirect again.', name),
    };
  }
  const holder = at.length ? findNodeAtLocation(root, at.slice(0, -1)) : undefined;
  if (at.length && holder?.type !== 'object') {
    return { problem: l10n.t('{0} is not a JSON object, so Docs Agent cannot add a redirect to it.', name) };
  }
  const value = at.length ? findNodeAtLocation(root, at) : root;
  if (value?.type === 'array') return { path: at, list: value };
  // Undefined only below the top level, where `holder` is the object checked above.
  if (value === undefined) return { path: at, list: undefined, holder: holder ?? root };
  const inner = value.type === 'object' ? findNodeAtLocation(value, ['redirects']) : undefined;
  if (inner?.type === 'array') return { path: [...at, 'redirects'], list: inner };
  const what = at.length ? l10n.t('The "{0}" value in {1}', String(at.at(-1)), name) : name;
  return { problem: notAList(what, value.type) };
}
