// Every page of a docs root: the published files, each with its place in the navigation when
// docs.json lists it, the API pages generated from OpenAPI files, and pages the navigation
// lists that have no file (yet). Files `.mintignore` excludes are not served, so not pages.
import { pageAddress } from './page-address';
import type { ListedPage, NavSection } from './navigation';
import type { GeneratedPage } from './openapi-pages';
import { publishedPagePath } from './page-files';

export interface SitePage {
  pagePath: string;
  /** The root-relative file serving it; undefined for a listed page with no file and for a generated one. */
  file?: string;
  /** Where the navigation lists it, outermost first; undefined for a hidden (unlisted) page. */
  trail?: string[];
  /** Its sections in navigation (language, product, tab…), outermost first; undefined for a hidden page. */
  sections?: NavSection[];
  /** An API page the platform generates from an OpenAPI file (no file of its own). */
  generated?: GeneratedFrom;
}

/** What a generated page is made from: the spec as navigation names it, and where its operation is written. */
export interface GeneratedFrom {
  title: string;
  /** The spec as navigation names it (a path or a URL). */
  spec: string;
  method: string;
  path: string;
  /** The spec's root-relative file, when it is one of the site's files. */
  specFile?: string;
  /** The 0-based line of the operation in that file, when found. */
  line?: number;
}

/** A generated page with what it is made from. */
export type SpecPage = GeneratedPage & Omit<GeneratedFrom, 'title' | 'method' | 'path'>;

export interface InventoryOptions {
  /** API pages generated from OpenAPI files, with the spec each comes from. */
  generated?: readonly SpecPage[];
  /** Whether `.mintignore` excludes a root-relative file. */
  excluded?: (relative: string) => boolean;
}

/** Listed pages in navigation order, then generated API pages, then unlisted files by path; one entry per page path. */
export function siteInventory(files: readonly string[], listed: readonly ListedPage[], options: InventoryOptions = {}): SitePage[] {
  const byPath = new Map<string, SitePage>();
  for (const page of listed) {
    const key = pageAddress(page.pagePath);
    if (!byPath.has(key)) byPath.set(key, { pagePath: page.pagePath, trail: page.trail, sections: page.sections });
  }
  for (const { pagePath, trail, sections, ...from } of options.generated ?? []) {
    const key = pageAddress(pagePath);
    const known = byPath.get(key);
    const { title, spec, method, path, specFile, line } = from;
    const generated: GeneratedFrom = {
      title,
      spec,
      method,
      path,
      ...(specFile !== undefined && { specFile }),
      ...(line !== undefined && { line }),
    };
    // A listed file of the same path is what the site serves there; a generated page fills a listed path with no file.
    if (!known) byPath.set(key, { pagePath, trail, sections, generated });
  }
  const excluded = options.excluded ?? (() => false);
  for (const file of [...files].sort()) {
    const pagePath = publishedPagePath(file);
    if (pagePath === undefined || excluded(file)) continue;
    const known = byPath.get(pageAddress(pagePath));
    if (known) {
      if (!known.generated) known.file ??= file;
    } else byPath.set(pageAddress(pagePath), { pagePath, file });
  }
  return [...byPath.values()];
}
