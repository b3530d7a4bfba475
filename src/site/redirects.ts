// Redirects as docs.json lists them, and whether one covers a path readers asked for: exact
// sources, parameters (`/beta/:slug*`, `/posts/:id`), partial wildcards
// (`/articles/concepts-*`) and trailing ones (`/settings/*`).
import { isRecord } from '../platform/checks';
import { pageAddress } from './page-address';

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

/** A source as a regular expression over whole paths. */
export function sourcePattern(source: string): RegExp {
  // The site reads `old-page` as `/old-page`: without the slash it would compile to the root.
  const segments = pageAddress(`/${source.trim().replace(/^\/+/, '')}`)
    .split('/')
    .slice(1)
    .filter(Boolean);
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
    else pattern += `/${segment.split('*').map(escape).join('[^/]*')}`;
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
