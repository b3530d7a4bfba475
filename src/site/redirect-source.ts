// The source Add Redirect writes for an address readers reached, or why it writes none. A source
// is a pattern to the site: Mintlify documents `*` (`/guides/*`, `/articles/concepts-*`) and
// parameters (`/posts/:id`, `/beta/:slug*`) and no way to escape them, so an address holding one
// would catch other pages too. `( ) + \` are refused as well: they are the rest of the path syntax
// `:slug*` comes from (path-to-regexp), which Mintlify neither documents nor rules out.
import * as l10n from '@vscode/l10n';
import { pageAddress } from './page-address';
import { encodedPath } from './url-path';

const patternCharacters = /[*:()+\\]/g;

/**
 * The source for `path`: its page address (no host, query, anchor or trailing slash: a redirect
 * never sees them), encoded as a browser requests it. `file` names where redirects live, for the sentence.
 */
export function redirectSourceFor(path: string, file: string): { source: string } | { problem: string } {
  // Read as every export is (a whole URL, encoded or not), so `%2A` cannot slip a `*` past the check.
  const source = encodedPath(pageAddress(path));
  const found = [...new Set(source.match(patternCharacters))];
  if (found.length === 0) return { source };
  return {
    problem: l10n.t(
      'This address has characters the site reads as a pattern ({0}), so a redirect from it would catch other pages too. Add it by hand in {1} if you mean it.',
      found.join(' '),
      file,
    ),
  };
}
