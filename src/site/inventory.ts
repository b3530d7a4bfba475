// Every page of a docs root: the published files, each with its place in the navigation when
// docs.json lists it, and pages the navigation lists that have no file (yet).
import { comparablePath } from './redirects';
import type { ListedPage } from './navigation';
import { publishedPagePath } from './page-files';

export interface SitePage {
  pagePath: string;
  /** The root-relative file serving it; undefined for a listed page with no file. */
  file?: string;
  /** Where the navigation lists it, outermost first; undefined for a hidden (unlisted) page. */
  trail?: string[];
}

/** Listed pages in navigation order, then unlisted files by path; one entry per page path. */
export function siteInventory(files: readonly string[], listed: readonly ListedPage[]): SitePage[] {
  const byPath = new Map<string, SitePage>();
  for (const page of listed) {
    const key = comparablePath(page.pagePath);
    if (!byPath.has(key)) byPath.set(key, { pagePath: page.pagePath, trail: page.trail });
  }
  for (const file of [...files].sort()) {
    const pagePath = publishedPagePath(file);
    if (pagePath === undefined) continue;
    const known = byPath.get(comparablePath(pagePath));
    if (known) known.file ??= file;
    else byPath.set(comparablePath(pagePath), { pagePath, file });
  }
  return [...byPath.values()];
}
