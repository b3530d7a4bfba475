// The pages docs.json's navigation lists, however deep it nests: languages, versions, tabs,
// anchors, dropdowns, products, groups and pages inside one another, group objects with
// their own pages and a `root` page, and mint.json's older `[{ group, pages }]`.
import { isRecord } from '../platform/checks';

export interface ListedPage {
  /** The page path it serves (`/guides/webhooks`, `/` for the root index). */
  pagePath: string;
  /** Where navigation puts it, outermost first: ["Español", "Guides", "Webhooks"]. */
  trail: string[];
}

/** Keys whose values hold more navigation. */
const nestingKeys = ['languages', 'versions', 'tabs', 'anchors', 'dropdowns', 'products', 'groups', 'pages', 'navigation'];
/** Keys that name a navigation level, in the order a level is named by. */
const labelKeys = ['group', 'tab', 'anchor', 'dropdown', 'product', 'version', 'language'];

/** A navigation page entry (`guides/webhooks`, `/es/index`) as a page path; links elsewhere are not pages. */
export function pagePathOfEntry(entry: string): string | undefined {
  const page = entry.trim();
  if (!page || /^[a-z][\w+.-]*:/i.test(page) || page.startsWith('//')) return undefined;
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

/** Every page navigation lists, in order, each once (its first place wins). */
export function listedPages(navigation: unknown): ListedPage[] {
  const found = new Map<string, ListedPage>();
  const visit = (node: unknown, trail: string[], depth: number): void => {
    if (depth > 32) return; // a config is never this deep; a cycle through $ref would be
    if (typeof node === 'string') {
      const pagePath = pagePathOfEntry(node);
      if (pagePath && !found.has(pagePath)) found.set(pagePath, { pagePath, trail });
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) visit(child, trail, depth + 1);
      return;
    }
    if (!isRecord(node)) return;
    const label = labelOf(node);
    const here = label ? [...trail, label] : trail;
    if (typeof node.root === 'string') visit(node.root, here, depth + 1);
    for (const key of nestingKeys) if (key in node) visit(node[key], here, depth + 1);
  };
  visit(navigation, [], 0);
  return [...found.values()];
}
