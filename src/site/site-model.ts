// A docs root as the platform serves it, from its files alone: the configuration, every page
// (files, generated API pages), the redirects, the API sections whose pages cannot be known
// here (a spec that is a URL or cannot be read), and the files whose change changes all this.
import * as l10n from '@vscode/l10n';
import * as path from 'node:path';
import { type DocsConfig, parseJsonc, readDocsConfig, type ReadText } from './docs-config';
import { siteInventory, type SitePage, type SpecPage } from './inventory';
import { excludedBy, mintignoreFile } from './mintignore';
import { type ApiListing, readNavigation } from './navigation';
import { generatedPages } from './openapi-pages';
import { RedirectMatcher, redirectsOf } from './redirects';
import { operationLine, operationLines } from './spec-lines';

/** Paths whose pages come from a spec that was not read: readers there are never called lost. */
export interface UncheckedSection {
  prefix: string;
  /** The sentence that says so, in the writer's language. */
  why: string;
}

/** Why a spec was not read: the spec is a URL, outside the docs folder, or missing or unreadable. */
type Unread = 'url' | 'outside' | 'unreadable';

/** "The API pages under /api come from …; their readers are not checked." */
function uncheckedSentence(prefix: string, source: string, why: Unread): string {
  switch (why) {
    case 'url':
      return l10n.t(
        'The API pages under {0} come from {1}, which Docs Agent does not download; their readers are not checked.',
        prefix,
        source,
      );
    case 'outside':
      return l10n.t('The API pages under {0} come from {1}, outside the docs folder; their readers are not checked.', prefix, source);
    case 'unreadable':
      return l10n.t(
        'The API pages under {0} come from {1}, which is missing or not a JSON or YAML OpenAPI file; their readers are not checked.',
        prefix,
        source,
      );
  }
}

export interface SiteModel {
  config: DocsConfig | undefined;
  pages: SitePage[];
  redirects: RedirectMatcher;
  unchecked: UncheckedSection[];
  /** What could not be read, one sentence each. */
  problems: string[];
  /** Absolute (posix) files whose change changes the site: configuration, its $refs, specs, .mintignore. */
  watched: string[];
}

async function parseSpec(file: string, text: string): Promise<unknown> {
  if (!/\.ya?ml$/i.test(file)) return parseJsonc(text);
  // YAML specs are common but the parser is large: loaded only when a site has one.
  const yaml = await import('yaml');
  try {
    return yaml.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A spec's operations, or why it was not read. */
async function readSpec(
  root: string,
  source: string,
  read: ReadText,
): Promise<{ file?: string; spec?: unknown; lines?: Map<string, number>; why?: Unread }> {
  if (/^[a-z][\w+.-]*:/i.test(source)) return { why: 'url' };
  const file = path.posix.resolve(root, source.replace(/^\/+/, ''));
  if (!file.startsWith(`${root.replace(/\/$/, '')}/`)) return { why: 'outside' };
  const text = await read(file);
  const spec = text === undefined ? undefined : await parseSpec(file, text);
  if (spec === undefined || spec === null || typeof spec !== 'object') {
    return { file, why: 'unreadable' };
  }
  return { file, spec, lines: operationLines(text ?? '') };
}

async function apiPages(root: string, listings: readonly ApiListing[], read: ReadText) {
  const generated: SpecPage[] = [];
  const unchecked: UncheckedSection[] = [];
  const specFiles = new Set<string>();
  const specs = new Map<string, Promise<Awaited<ReturnType<typeof readSpec>>>>();
  for (const listing of listings) {
    const { source } = listing.spec;
    if (!specs.has(source)) specs.set(source, readSpec(root, source, read));
    const { file, spec, lines, why } = (await specs.get(source)) ?? {};
    if (file) specFiles.add(file);
    if (why !== undefined) {
      const prefix = `/${listing.spec.directory}`;
      if (!unchecked.some((u) => u.prefix === prefix)) unchecked.push({ prefix, why: uncheckedSentence(prefix, source, why) });
      continue;
    }
    const specFile = file === undefined ? undefined : path.posix.relative(root, file);
    for (const page of generatedPages(spec, listing)) {
      const line = lines && operationLine(lines, page.method, page.path);
      generated.push({ ...page, spec: source, ...(specFile !== undefined && { specFile }), ...(line !== undefined && { line }) });
    }
  }
  return { generated, unchecked, specFiles: [...specFiles] };
}

/** The site at `root` (absolute, posix) with these root-relative files (pages and others). */
export async function readSiteModel(root: string, read: ReadText, files: readonly string[]): Promise<SiteModel> {
  const config = await readDocsConfig(root, read);
  const navigation = readNavigation(config?.value.navigation);
  const mintignorePath = path.posix.join(root, mintignoreFile);
  const [api, mintignore] = await Promise.all([apiPages(root, navigation.api, read), read(mintignorePath)]);
  const pages = siteInventory(files, navigation.pages, { generated: api.generated, excluded: await excludedBy(mintignore) });
  return {
    config,
    pages,
    redirects: new RedirectMatcher(redirectsOf(config?.value.redirects)),
    unchecked: api.unchecked,
    problems: [...(config?.problems ?? []), ...api.unchecked.map((u) => u.why)],
    watched: [...(config?.files ?? []), ...api.specFiles, mintignorePath],
  };
}
