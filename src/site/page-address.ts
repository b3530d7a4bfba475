// The one way to read which page an address names, whatever an export or a site file wrote: a
// path (`/zh/guides/http-request`, `zh/guides/http-request/`), a whole URL on the site's own
// domain or a custom one (`https://docs.acme.dev/zh/guides/http-request/?utm=x#top`), percent-
// encoded or not. The query and fragment are dropped, repeated and trailing slashes too; the
// language prefix stays (it is part of the page's path). Letter case is kept: the platform
// serves a file's path as the file is named, and `/Guides` is not `/guides` there.

const scheme = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The path part of a whole URL (`https://host/a` or `//host/a`), or the text as it is. */
function pathOfUrl(text: string): string {
  if (!scheme.test(text) && !text.startsWith('//')) return text;
  try {
    return new URL(text, 'https://site.invalid').pathname;
  } catch {
    return text.replace(/^[a-z][a-z0-9+.-]*:/i, '').replace(/^\/\/[^/]*/, '');
  }
}

/** Each segment decoded on its own, so a stray `%` spoils only its segment; an encoded `/` stays one segment. */
function decoded(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** `/zh/guides/http-request` from any of the forms above; `/` for the root. */
export function pageAddress(pathOrUrl: string): string {
  const path = pathOfUrl(pathOrUrl.trim()).replace(/[?#].*$/, '');
  const clean = decoded(path)
    .replace(/\/{2,}/g, '/')
    .replace(/^\/+|\/+$/g, '');
  return `/${clean}`;
}

/**
 * Rows of an export merged by the page they name: two rows naming one page in two forms become
 * one row at its address, their numbers added by `add` (first seen first). Order of first sight.
 */
export function sumByAddress<T extends { path: string }>(rows: readonly T[], add: (sum: T, row: T) => T): T[] {
  const byAddress = new Map<string, T>();
  for (const row of rows) {
    const address = pageAddress(row.path);
    const seen = byAddress.get(address);
    byAddress.set(address, seen ? { ...add(seen, row), path: address } : { ...row, path: address });
  }
  return [...byAddress.values()];
}
