// Redirects as docs.json lists them, and whether one covers a path readers asked for: exact
// sources, parameters (`/beta/:slug*`, `/posts/:id`), partial wildcards
// (`/articles/concepts-*`) and trailing ones (`/settings/*`). Addresses compare as people read
// them, so `/getting%20started` and `/getting started` are one address.
import { isRecord } from '../platform/checks';
import { pageAddress } from './page-address';
import { decodedPath } from './url-path';

export interface Redirect {
  source: string;
  destination: string;
}

/** The well-formed entries of a `redirects` value; anything else is skipped, never thrown on. */
export function redirectsOf(value: unknown): Redirect[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) =>
    isRecord(entry) && typeof entry.source === 'string' && typeof entry.destination === 'string'
      ? [{ source: entry.source, destination: entry.destination }]
      : [],
  );
}

const escape = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** The segments of a source: no anchor, and no query (a `?` right after a `:name` is its modifier, not a query). */
function sourceSegments(source: string): string[] {
  const segments: string[] = [];
  // Segments alone: the site reads `old-page` as `/old-page`, never as the root.
  for (const segment of source.trim().replace(/#.*$/, '').split('/')) {
    const query = /^:\w+\?$/.test(segment) ? -1 : segment.indexOf('?');
    if (query < 0) segments.push(segment);
    else return [...segments, segment.slice(0, query)].filter(Boolean);
  }
  return segments.filter(Boolean);
}

/** A source as a regular expression over whole paths, as people read them. */
export function sourcePattern(source: string): RegExp {
  const segments = sourceSegments(source);
  let pattern = '';
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    const param = /^:\w+([*+?]?)$/.exec(segment);
    const modifier = param?.[1];
    // `:slug*` is any number of segments (none too: `/a/:slug*/edit` covers `/a/edit`); a last `*` too.
    if (modifier === '*' || (segment === '*' && last)) pattern += '(?:/[^/]+)*';
    else if (modifier === '+') pattern += '(?:/[^/]+)+';
    else if (modifier === '?') pattern += '(?:/[^/]+)?';
    else if (param || segment === '*') pattern += '/[^/]+';
    // A partial wildcard (`concepts-*`) stays inside its one segment.
    else
      pattern += `/${segment
        .split('*')
        .map((text) => escape(decodedPath(text)))
        .join('[^/]*')}`;
  }
  return new RegExp(`^${pattern || '/'}$`);
}

/** Every redirect compiled once, for asking about many paths (a report has thousands). */
export class RedirectMatcher {
  private readonly compiled: { redirect: Redirect; pattern: RegExp }[];

  constructor(redirects: readonly Redirect[]) {
    this.compiled = redirects.map((redirect) => ({ redirect, pattern: sourcePattern(redirect.source) }));
  }

  /** The first redirect that catches `path` (any form of address), as the site applies them in order. */
  covering(path: string): Redirect | undefined {
    const wanted = pageAddress(path);
    return this.compiled.find(({ pattern }) => pattern.test(wanted))?.redirect;
  }
}
