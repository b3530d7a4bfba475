// Where Add Redirect may write, or the one sentence that says why not: never over a value that
// is not a list of redirects, since the writer's data there would be lost.
import { findNodeAtLocation, type JSONPath, type Node, type ParseError, parseTree } from 'jsonc-parser';

const kinds: Partial<Record<Node['type'], string>> = {
  object: 'an object',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/**
 * The list at `at` in `text` (absent: to be created), or, when the value there is an object
 * holding its list under `redirects` (as the site reads it), that list; else why nothing can be
 * added without overwriting what the file holds. `name` is the file's, for the sentence.
 */
export function redirectsListIn(
  text: string,
  at: JSONPath,
  name: string,
): { path: JSONPath; list: Node | undefined } | { problem: string } {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const [error] = errors;
  if (error || !root) {
    const line = error ? ` (line ${text.slice(0, error.offset).split('\n').length})` : '';
    return {
      problem: `${name} has a JSON syntax error${line}, so Docs Agent cannot add a redirect to it. Fix it, then add the redirect again.`,
    };
  }
  if (at.length && findNodeAtLocation(root, at.slice(0, -1))?.type !== 'object') {
    return { problem: `${name} is not a JSON object, so Docs Agent cannot add a redirect to it.` };
  }
  const value = at.length ? findNodeAtLocation(root, at) : root;
  if (value === undefined || value.type === 'array') return { path: at, list: value };
  const inner = value.type === 'object' ? findNodeAtLocation(value, ['redirects']) : undefined;
  if (inner?.type === 'array') return { path: [...at, 'redirects'], list: inner };
  const what = at.length ? `The "${String(at.at(-1))}" value in ${name}` : name;
  return {
    problem: `${what} is ${kinds[value.type] ?? 'something else'}, not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.`,
  };
}
