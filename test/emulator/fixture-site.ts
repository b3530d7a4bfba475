// Which pages the fixture docs site publishes: the ones its navigation lists. Files that
// exist but are not in the navigation (drafts/) are not pages and must never get visits.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';

/** `index` -> `/`, `guides/index` -> `/guides`, `quickstart` -> `/quickstart`. */
export function pageToPath(page: string): string {
  const trimmed = page.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '' || trimmed === 'index') return '/';
  return '/' + trimmed.replace(/\/index$/, '');
}

/** Every string in any `pages` array, at any depth (groups nest groups; tabs hold groups). */
function collectPages(node: unknown, out: string[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collectPages(item, out);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pages' && Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') out.push(item);
        else collectPages(item, out);
      }
    } else if (typeof value === 'object') {
      collectPages(value, out);
    }
  }
}

/** The published page paths of a docs root, in navigation order, without duplicates. */
export function readSitePaths(docsDir: string): string[] {
  const config = ['docs.json', 'mint.json'].map((name) => join(docsDir, name)).find((p) => existsSync(p));
  if (!config) throw new Error(`No docs.json or mint.json in ${docsDir}`);
  // As the platform reads it: JSON with comments.
  const parsed: unknown = parse(readFileSync(config, 'utf8'), [], { allowTrailingComma: true });
  const navigation: unknown = typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'navigation') : undefined;
  const pages: string[] = [];
  collectPages(navigation, pages);
  const paths = [...new Set(pages.map(pageToPath))];
  if (paths.length === 0) throw new Error(`${config} lists no pages in its navigation`);
  return paths;
}
