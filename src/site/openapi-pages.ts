// The API pages the platform generates from an OpenAPI file, at the paths it gives them (its
// "endpoint URLs" rules): an operation's `x-mint.href` when set (lowercased, anything after the
// last `.` of the last segment dropped); else the level's directory, the first tag and the
// summary (or the method and path), each made URL-safe; the later of two equal paths in one
// listing gets -1, -2. Operations marked `x-excluded` get no page; `x-hidden` ones still do.
import { isRecord } from '../platform/checks';
import type { ApiListing, NavSection } from './navigation';
import { pageAddress } from './page-address';

export interface GeneratedPage {
  pagePath: string;
  /** The operation's summary, else its method and path. */
  title: string;
  method: string;
  path: string;
  trail: string[];
  sections: NavSection[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** A tag or summary as the platform puts it in a URL. */
export function urlPart(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[{}(),.'/]/g, '')
    .toLowerCase();
}

/** An `x-mint.href` as a page path: with or without its leading `/`, a whole URL's path, no `.mdx`. */
function hrefPath(href: string): string {
  const segments = pageAddress(href).toLowerCase().split('/').filter(Boolean);
  const last = segments.pop();
  if (last !== undefined) segments.push(last.includes('.') ? last.slice(0, last.lastIndexOf('.')) : last);
  return `/${segments.join('/')}`;
}

function stringAt(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** The path the platform serves an operation at, before duplicates are numbered. */
function operationPath(operation: Record<string, unknown>, method: string, path: string, directory: string): string {
  const mint = operation['x-mint'];
  const href = isRecord(mint) ? stringAt(mint, 'href') : undefined;
  if (href) return hrefPath(href);
  const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string' && !!t.trim()) : [];
  const summary = stringAt(operation, 'summary');
  const slug = summary
    ? urlPart(summary)
    : [method, ...path.split('/').filter((segment) => segment && !/^\{.*\}$/.test(segment))].join('-').toLowerCase();
  return `/${[directory, tags[0] === undefined ? '' : urlPart(tags[0]), slug].filter(Boolean).join('/')}`;
}

/** What an internal `$ref` (`#/components/pathItems/users`) points at in the same document. */
function resolved(spec: unknown, value: unknown): unknown {
  const ref = isRecord(value) && typeof value.$ref === 'string' ? value.$ref : undefined;
  if (ref === undefined || !ref.startsWith('#/')) return value;
  const keys = ref
    .slice(2)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  return keys.reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), spec);
}

/** Every operation of a spec document, in its order, that is published. */
function operationsOf(spec: unknown): { method: string; path: string; operation: Record<string, unknown> }[] {
  const paths = isRecord(spec) && isRecord(spec.paths) ? spec.paths : {};
  return Object.entries(paths).flatMap(([path, value]) => {
    const item = resolved(spec, value);
    return isRecord(item)
      ? methods.flatMap((method) => {
          const operation = item[method];
          return isRecord(operation) && operation['x-excluded'] !== true ? [{ method, path, operation }] : [];
        })
      : [];
  });
}

/** The pages one navigation listing of a parsed spec generates, in order. */
export function generatedPages(spec: unknown, listing: ApiListing): GeneratedPage[] {
  const all = operationsOf(spec);
  const chosen = listing.operations
    ? listing.operations.flatMap(({ method, path }) => all.filter((op) => op.method === method && op.path === path))
    : all;
  const seen = new Map<string, number>();
  return chosen.map(({ method, path, operation }) => {
    const base = operationPath(operation, method, path, listing.spec.directory);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return {
      pagePath: count ? `${base}-${count}` : base,
      title: stringAt(operation, 'summary') ?? `${method.toUpperCase()} ${path}`,
      method,
      path,
      trail: listing.trail,
      sections: listing.sections,
    };
  });
}
