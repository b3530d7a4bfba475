// The file that serves a page path, found only inside the docs root. A path comes from the
// analytics service, so it is untrusted: ".." segments (also percent-encoded), absolute or
// drive paths, back slashes and a symlink leading out of the root are refused, never opened.
// Plain Node (no vscode import), so unit tests run it against real folders and links.
import { realpath, stat } from 'node:fs/promises';
import * as l10n from '@vscode/l10n';
import { join, relative, isAbsolute } from 'node:path';

/** `refused`: why the path is not opened, a clause the writer reads after "is not opened:". */
export type PageFile = { file: string } | { refused: string };

/** The path's segments under the root, or the reason it cannot be one. */
export function pageSegments(pagePath: string): string[] | { refused: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pagePath);
  } catch {
    return { refused: l10n.t('it is not a valid path') };
  }
  if (/[\\\0]/.test(decoded)) return { refused: l10n.t('it holds a back slash or a NUL character') };
  const segments = decoded.replace(/^\//, '').replace(/\/+$/, '').split('/');
  if (decoded.startsWith('//') || /^[a-z]:/i.test(segments[0] ?? '')) return { refused: l10n.t('it is an absolute path') };
  if (segments.some((s) => s === '..' || s === '.')) return { refused: l10n.t('it climbs out with “..”') };
  if (segments.some((s) => s === '') && segments.length > 1) return { refused: l10n.t('it has an empty segment') };
  return segments.filter((s) => s !== '');
}

function inside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** The first of page.mdx, page.md, page/index.mdx, page/index.md under `root`, inside it after links are followed. */
export async function fileForPagePath(root: string, pagePath: string): Promise<PageFile | undefined> {
  const segments = pageSegments(pagePath);
  if (!Array.isArray(segments)) return segments;
  const realRoot = await realpath(root).catch(() => undefined);
  if (!realRoot) return undefined;
  const base = segments.join('/');
  const candidates = base === '' ? ['index.mdx', 'index.md'] : [`${base}.mdx`, `${base}.md`, `${base}/index.mdx`, `${base}/index.md`];
  for (const candidate of candidates) {
    const path = join(root, candidate);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    const real = await realpath(path);
    if (!inside(realRoot, real)) return { refused: l10n.t('a link in the docs folder leads outside it') };
    return { file: path };
  }
  return undefined;
}
