// What a preview deployment builds and serves: the docs root of one commit, fixed when the
// deployment is asked for (a later push needs a redeploy, as on the platform). Without a git
// remote, the fixture docs folder on disk stands for every branch.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageToPath } from './fixture-site';
import type { GitSide } from './git-side';

export interface SiteSnapshot {
  /** Every file under the docs root, relative to it. */
  readonly files: readonly string[];
  /** `docs.json` or `mint.json`, relative to the root; undefined when the commit has neither. */
  readonly config: string | undefined;
  read(file: string): string | undefined;
}

const CONFIG_RE = /(^|\/)(docs|mint)\.json$/;

/** The shallowest docs.json (else mint.json) of a file list, as [root, config file]. */
function findConfig(all: readonly string[]): [string, string] | undefined {
  const depth = (file: string): number => file.split('/').length;
  const [config] = all.filter((f) => CONFIG_RE.test(f)).sort((a, b) => depth(a) - depth(b) || a.localeCompare(b));
  if (config === undefined) return undefined;
  const slash = config.lastIndexOf('/');
  return slash < 0 ? ['', config] : [config.slice(0, slash + 1), config.slice(slash + 1)];
}

/** The docs root of `rev` in the repository; files are read on first use and kept. */
export function gitSnapshot(git: GitSide, rev: string): SiteSnapshot {
  const all = git.listFiles(rev);
  const found = findConfig(all);
  if (found === undefined) return { files: [], config: undefined, read: () => undefined };
  const [prefix, config] = found;
  const files = all.filter((f) => f.startsWith(prefix)).map((f) => f.slice(prefix.length));
  const known = new Set(files);
  const cache = new Map<string, string | undefined>();
  const read = (file: string): string | undefined => {
    if (!cache.has(file)) cache.set(file, known.has(file) ? git.readFile(rev, prefix + file) : undefined);
    return cache.get(file);
  };
  return { files, config, read };
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** A docs root folder on disk (the fixture site), read as it is now. */
export function diskSnapshot(docsDir: string): SiteSnapshot {
  const files = walk(docsDir);
  const known = new Set(files);
  const config = findConfig(files.filter((f) => !f.includes('/')))?.[1];
  return { files, config, read: (file) => (known.has(file) ? readFileSync(join(docsDir, file), 'utf8') : undefined) };
}

/** Page path -> file, for every `.mdx` / `.md` file under the root (hidden pages too). */
export function pageFiles(snapshot: SiteSnapshot): Map<string, string> {
  const pages = new Map<string, string>();
  // `.mdx` sorts after `.md`: when both exist, the `.mdx` file is the page.
  for (const file of [...snapshot.files].sort()) {
    const m = /^(.*)\.mdx?$/i.exec(file);
    if (m?.[1] !== undefined) pages.set(pageToPath(m[1]), file);
  }
  return pages;
}
