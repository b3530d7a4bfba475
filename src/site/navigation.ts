// The pages docs.json's navigation lists, however deep it nests: languages, versions, tabs,
// anchors, dropdowns, products, a tab's `menu` of items, groups and pages inside one another,
// group objects with their own pages and a `root` page, and mint.json's older `[{ group, pages }]`.
// Besides files, navigation names API pages the platform generates from OpenAPI files: a level
// with `"openapi"` (one spec, `{ source, directory }`, or a list of them) and no pages (every
// operation of each), or entries such as `"GET /users"` (one operation of the nearest level's
// spec, the first of its list, or of the spec the entry names first).
import { isRecord } from '../platform/checks';

/** The levels of navigation that make a site's sections (a group does not). */
export const sectionKinds = ['language', 'version', 'product', 'dropdown', 'tab'] as const;
export type SectionKind = (typeof sectionKinds)[number];

/** One section a page is in: `{ kind: 'language', label: 'es' }`. */
export interface NavSection {
  kind: SectionKind;
  label: string;
}

export interface ListedPage {
  /** The page path it serves (`/guides/webhooks`, `/` for the root index). */
  pagePath: string;
  /** Where navigation puts it, outermost first: ["Español", "Guides", "Webhooks"]. */
  trail: string[];
  /** The sections among the trail, outermost first (language, then product, tab…). */
  sections: NavSection[];
}

/** A spec as a navigation level names it: `"openapi": "spec.json"` or `{ "source", "directory" }`. */
export interface OpenApiSource {
  /** A path from the docs root, or a URL. */
  source: string;
  /** The generated pages' first path segment (lowercase); the platform's default is `api-reference`. */
  directory: string;
}

/** API pages the platform generates: every operation of a spec, or the ones navigation names. */
export interface ApiListing {
  spec: OpenApiSource;
  /** undefined: every operation; else `[method, path]` pairs in navigation order. */
  operations: { method: string; path: string }[] | undefined;
  trail: string[];
  sections: NavSection[];
}

export interface Navigation {
  pages: ListedPage[];
  api: ApiListing[];
}

/** Keys whose values hold more navigation. */
const nestingKeys = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'products', 'menu', 'groups', 'pages', 'navigation'];
/** Keys that name a navigation level, in the order a level is named by. */
const labelKeys = ['group', 'item', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language'];

/** `GET /users`, or `specs/billing.yaml POST /invoices`: an operation, not a file. */
const operationEntry = /^(?:(\S+)\s+)?(get|post|put|patch|delete|head|options|trace)\s+(\/\S*)$/i;

/** A navigation page entry (`guides/webhooks`, `/es/index`) as a page path; links and operations are not pages. */
export function pagePathOfEntry(entry: string): string | undefined {
  const page = entry.trim();
  if (!page || /^[a-z][\w+.-]*:/i.test(page) || page.startsWith('//') || /\s/.test(page)) return undefined;
  const path = `/${page.replace(/^\/+/, '').replace(/\/+$/, '')}`.replace(/\.(mdx?|markdown)$/i, '');
  if (path === '/index') return '/';
  return path.endsWith('/index') ? path.slice(0, -'/index'.length) : path;
}

function labelOf(node: Record<string, unknown>): string | undefined {
  for (const key of labelKeys) {
    const value = node[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

function openApiSource(value: unknown): OpenApiSource | undefined {
  const source = typeof value === 'string' ? value : isRecord(value) && typeof value.source === 'string' ? value.source : undefined;
  if (!source?.trim()) return undefined;
  const directory = isRecord(value) && typeof value.directory === 'string' ? value.directory : 'api-reference';
  return { source: source.trim(), directory: directory.replace(/^\/+|\/+$/g, '').toLowerCase() || 'api-reference' };
}

/** The specs a level names: one, or each of a list, in order. */
export function openApiSourcesOf(value: unknown): OpenApiSource[] {
  return (Array.isArray(value) ? value : [value]).flatMap((item) => openApiSource(item) ?? []);
}

/** Every page and API listing navigation holds, in order; each page once (its first place wins). */
export function readNavigation(navigation: unknown): Navigation {
  const found = new Map<string, ListedPage>();
  const api: ApiListing[] = [];
  const named = new Map<string, ApiListing>();
  const operation = (entry: string, spec: OpenApiSource | undefined, trail: string[], sections: NavSection[]): boolean => {
    const match = operationEntry.exec(entry.trim());
    if (!match) return false;
    const [, file, method = '', path = ''] = match;
    const source = file ? { source: file, directory: spec?.directory ?? 'api-reference' } : spec;
    if (!source) return true; // an operation with no spec in reach: the platform builds nothing for it
    const key = `${source.source}\n${source.directory}\n${trail.join('\n')}`;
    let listing = named.get(key);
    if (!listing) {
      listing = { spec: source, operations: [], trail, sections };
      named.set(key, listing);
      api.push(listing);
    }
    listing.operations?.push({ method: method.toLowerCase(), path });
    return true;
  };
  type Place = { trail: string[]; sections: NavSection[] };
  const visit = (node: unknown, at: Place, spec: OpenApiSource | undefined, depth: number): void => {
    if (depth > 32) return; // a config is never this deep; a cycle through $ref would be
    if (typeof node === 'string') {
      if (operation(node, spec, at.trail, at.sections)) return;
      const pagePath = pagePathOfEntry(node);
      if (pagePath && !found.has(pagePath)) found.set(pagePath, { pagePath, ...at });
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) visit(child, at, spec, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    const label = labelOf(node);
    const kind = sectionKinds.find((k) => typeof node[k] === 'string' && String(node[k]).trim());
    const here: Place = {
      trail: label ? [...at.trail, label] : at.trail,
      sections: kind ? [...at.sections, { kind, label: String(node[kind]).trim() }] : at.sections,
    };
    const specs = openApiSourcesOf(node.openapi);
    const own = specs[0];
    // A level naming specs and listing nothing under it shows every operation of each.
    if (!nestingKeys.some((key) => key in node)) for (const spec of specs) api.push({ spec, operations: undefined, ...here });
    if (typeof node.root === 'string') visit(node.root, here, own ?? spec, depth + 1);
    for (const key of nestingKeys) if (key in node) visit(node[key], here, own ?? spec, depth + 1);
  };
  visit(navigation, { trail: [], sections: [] }, undefined, 0);
  return { pages: [...found.values()], api };
}

/** Every page navigation lists as a file, in order, each once (its first place wins). */
export function listedPages(navigation: unknown): ListedPage[] {
  return readNavigation(navigation).pages;
}
