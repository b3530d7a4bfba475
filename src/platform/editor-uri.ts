// Whether a stored address is one the editor accepts: vscode.Uri.parse(text, true) throws on the
// rest, and a stored address is read from a file any process could have damaged. The same rules
// as the editor's (vs/base/common/uri.ts: `_validateUri` after `parse`), without vscode, so a
// record's check runs in plain Node and a damaged address is caught when the record is read, not
// while its neighbours are drawn.

/** The editor's split of an address: scheme, authority, path, query, fragment. */
const parts = /^(([^:/?#]+?):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
const schemePattern = /^\w[\w\d+.-]*$/;
const encoded = /(%[0-9A-Za-z][0-9A-Za-z])+/g;

/** Percent-decoding as the editor does it: a sequence that does not decode is kept as written. */
function decodeGracefully(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.length > 3 ? text.slice(0, 3) + decodeGracefully(text.slice(3)) : text;
  }
}

const decoded = (text: string): string => text.replace(encoded, (sequence) => decodeGracefully(sequence));

/** True when `vscode.Uri.parse(text, true)` accepts `text`. */
export function isEditorUri(text: string): boolean {
  const match = parts.exec(text);
  const scheme = match?.[2] ?? '';
  if (!schemePattern.test(scheme)) return false;
  const authority = decoded(match?.[4] ?? '');
  let path = decoded(match?.[5] ?? '');
  // The editor makes these paths absolute before it checks them.
  if ((scheme === 'http' || scheme === 'https' || scheme === 'file') && !path.startsWith('/')) path = `/${path}`;
  if (!path) return true;
  return authority ? path.startsWith('/') : !path.startsWith('//');
}
