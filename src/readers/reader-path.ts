// The page path a reader signal is about. The exports send a path or a whole URL ("the path or
// URL to the source document"; the assistant cites pages by URL): both become `/a/b`, without a
// trailing slash, so they match the visitors' rows and the site's pages.

/** `/guides/webhooks` from `/guides/webhooks/`, `guides/webhooks` or `https://docs.acme.dev/guides/webhooks?x#y`. */
export function readerPath(pathOrUrl: string): string {
  let path = pathOrUrl.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  path = path.replace(/[?#].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % stays as it is.
  }
  const trimmed = `/${path.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
