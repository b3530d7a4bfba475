// A page address in the two forms it travels in: as a browser requests it (spaces, quotes,
// braces and letters outside ASCII percent-encoded) and as people read it (decoded). Exports
// and docs.json may use either, so redirects are compared in the read form and written in the
// requested one.

/** Whether a browser percent-encodes `char` in a path: WHATWG's path set (controls, space, double quote, angle brackets, backquote, braces, beyond ASCII), less `#` and `?`, which end a path. */
function encodedInPath(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x20 || code >= 0x7f || '"<>`{}'.includes(char);
}

/** `path` as a browser requests it; `%XX` already there is kept, a `%` that starts none is encoded. */
export function encodedPath(path: string): string {
  const chars = [...path];
  return chars
    .map((char, index) => {
      if (char === '%') return /^[0-9a-f]{2}$/i.test(chars.slice(index + 1, index + 3).join('')) ? char : '%25';
      if (!encodedInPath(char)) return char;
      return [...new TextEncoder().encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    })
    .join('');
}

/** `path` as people read it; an encoded `/` stays encoded (it is not a segment break), malformed escapes stay as written. */
export function decodedPath(path: string): string {
  return path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run).replace(/\//g, '%2F');
    } catch {
      return run;
    }
  });
}
