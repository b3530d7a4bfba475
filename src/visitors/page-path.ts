// From a file in the workspace to the page path the analytics report uses. Pure: the caller
// passes `exists`, so this runs on any file system (the editor's, node:fs, or a test's Set).
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { docsConfigFiles } from '../site/config-files';
import { excludedBy, mintignoreFile } from '../site/mintignore';
import { pageAddress, sumByAddress } from '../site/page-address';
import { pageExtension, pagePathOf, unpublishedSegment } from '../site/page-files';
import type { PathRow } from './protocol';

export type PageResult = { kind: 'page'; root: string; pagePath: string } | { kind: 'notPage'; reason: string };

export interface PageOptions {
  workspaceFolder?: string;
  rootOverride?: string;
  exists: (path: string) => Promise<boolean>;
  /** Reads a file (undefined when missing): the root's .mintignore says which files are not served. */
  readText?: (path: string) => Promise<string | undefined>;
}

/** True when `child` is `parent` or lies inside it. */
function isInside(child: string, parent: string): boolean {
  const rel = path.posix.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.posix.isAbsolute(rel));
}

function clean(p: string): string {
  const normal = path.posix.normalize(p);
  return normal.length > 1 ? normal.replace(/\/+$/, '') : normal;
}

/** The folders from `dir` up to `top` (both included), nearest first. */
function foldersUp(dir: string, top: string): string[] {
  const folders: string[] = [];
  for (let current = dir; ; current = path.posix.dirname(current)) {
    folders.push(current);
    if (current === top || current === path.posix.dirname(current)) return folders;
  }
}

/** Nearest folder holding docs.json, else nearest holding mint.json: a newer config always wins. */
async function findRoot(folders: readonly string[], exists: PageOptions['exists']): Promise<string | undefined> {
  for (const config of docsConfigFiles) {
    // Asked together: each check is a round trip to the editor's file system.
    const found = await Promise.all(folders.map((folder) => exists(path.posix.join(folder, config))));
    const index = found.indexOf(true);
    if (index !== -1) return folders[index];
  }
  return undefined;
}

export async function pageForFile(filePath: string, options: PageOptions): Promise<PageResult> {
  const file = clean(filePath);
  const name = path.posix.basename(file);
  if (!pageExtension.test(name)) {
    return { kind: 'notPage', reason: l10n.t('{0} is not a docs page: only .mdx and .md files are pages.', name) };
  }
  const workspace = options.workspaceFolder === undefined ? undefined : clean(options.workspaceFolder);
  let root: string;
  if (options.rootOverride !== undefined && options.rootOverride.trim() !== '') {
    root = clean(path.posix.resolve(workspace ?? '/', options.rootOverride.trim()));
    if (!isInside(file, root) || file === root) {
      return { kind: 'notPage', reason: l10n.t('{0} is outside the docs folder set in the settings ({1}).', name, root) };
    }
  } else {
    if (workspace !== undefined && !isInside(file, workspace)) {
      return { kind: 'notPage', reason: l10n.t('{0} is outside the workspace folder, so it belongs to no docs project here.', name) };
    }
    const found = await findRoot(foldersUp(path.posix.dirname(file), workspace ?? '/'), options.exists);
    if (found === undefined) {
      return {
        kind: 'notPage',
        reason: l10n.t('{0} is not inside a docs project: no folder above it holds docs.json or mint.json.', name),
      };
    }
    root = found;
  }
  const relative = path.posix.relative(root, file);
  const hidden = unpublishedSegment(relative);
  if (hidden !== undefined) {
    const why =
      hidden === 'snippets' || hidden.startsWith('_')
        ? l10n.t("the snippets folder and names starting with '_' hold snippets, which are not pages")
        : l10n.t("names starting with '.' are hidden and not published");
    const reason =
      hidden === name
        ? l10n.t('{0} is not a page: its file {1} is not published ({2}).', name, hidden, why)
        : l10n.t('{0} is not a page: its folder {1} is not published ({2}).', name, hidden, why);
    return { kind: 'notPage', reason };
  }
  if (options.readText && (await excludedBy(await options.readText(path.posix.join(root, mintignoreFile))))(relative)) {
    return {
      kind: 'notPage',
      reason: l10n.t("{0} is not a page: the docs folder's .mintignore excludes it, so the site does not serve it.", name),
    };
  }
  return { kind: 'page', root, pagePath: pagePathOf(relative) };
}

/** The report's rows one per page: rows naming a page by path, URL or with a slash add up, at its address. */
export function rowsByPage(rows: readonly PathRow[]): PathRow[] {
  return sumByAddress(
    rows.map(({ path, human, ai, total }) => ({ path, human, ai, total })),
    (a, b) => ({ path: a.path, human: a.human + b.human, ai: a.ai + b.ai, total: a.total + b.total }),
  );
}

/** This page's one row, every form naming it added up; none when the report does not name it. */
export function rowsForPage(rows: readonly PathRow[], pagePath: string): PathRow[] {
  const wanted = pageAddress(pagePath);
  return rowsByPage(rows.filter((row) => pageAddress(row.path) === wanted));
}
