// Which docs sites a file coming, changing or going makes stale, so that only those are read
// again: a page or folder inside a root is that site's (every site whose root holds it, roots
// may nest), a file a site is built from is that site's, and only a site configuration created
// or deleted, or a root removed, can add or take away a site. Anything else (a README at the
// top of a monorepo, a build's JSON) re-reads nothing. Paths are absolute and posix.
import * as path from 'node:path';
import { docsConfigFiles } from './config-files';

export type SiteFileEvent =
  /** A page file (.md, .mdx) created or deleted. */
  | { kind: 'page'; path: string }
  /** A JSON, YAML or .mintignore file created, changed or deleted. */
  | { kind: 'siteFile'; path: string; change: 'created' | 'changed' | 'deleted' }
  /** Anything deleted: a folder removed whole is one event, not one per file in it. */
  | { kind: 'removed'; path: string };

export interface KnownSite {
  /** The root folder, without a trailing slash. */
  root: string;
  /** The files its last read was built from (configuration, $refs, specs, .mintignore). */
  inputs: ReadonlySet<string>;
}

export interface Staleness {
  /** The roots themselves may have changed: look for them again. */
  rediscover: boolean;
  /** The roots of the sites to read again. */
  roots: string[];
}

const skipped = /\/(node_modules|\.git)\//;
const configNames = new Set<string>(docsConfigFiles);

const inside = (file: string, root: string): boolean => file.startsWith(`${root}/`);

/** What `event` makes stale among `sites`. */
export function staleAfter(event: SiteFileEvent, sites: readonly KnownSite[]): Staleness {
  const file = event.path.replace(/\/+$/, '');
  if (skipped.test(`${file}/`)) return { rediscover: false, roots: [] };
  const holding = sites.filter((s) => inside(file, s.root)).map((s) => s.root);
  switch (event.kind) {
    case 'page':
      return { rediscover: false, roots: holding };
    case 'siteFile': {
      const builtFrom = sites.filter((s) => s.inputs.has(file)).map((s) => s.root);
      // A docs.json coming or going makes or unmakes a root (its own folder's site reads it first).
      const config = configNames.has(path.posix.basename(file)) && event.change !== 'changed';
      const ownFolder = config ? sites.filter((s) => s.root === path.posix.dirname(file)).map((s) => s.root) : [];
      return { rediscover: config, roots: [...new Set([...builtFrom, ...ownFolder])] };
    }
    case 'removed': {
      // A root, or a folder above one, gone: the sites there go. A folder inside a root may have held pages.
      const takesRoot = sites.some((s) => s.root === file || inside(s.root, file));
      return { rediscover: takesRoot, roots: path.posix.extname(file) ? [] : holding };
    }
  }
}
