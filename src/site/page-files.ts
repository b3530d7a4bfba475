// Which files of a docs root are pages, and the path each answers at: `.mdx`/`.md` files,
// not under a `_` (snippets) or `.` (hidden) name nor in the root's `snippets/` folder (reusable
// content the platform imports, never a page), `index` answering at its folder's path.

export const pageExtension = /\.(mdx|md)$/i;

/** The first name in a root-relative path that keeps it from being published, if any. */
export function unpublishedSegment(relative: string): string | undefined {
  const segments = relative.split('/');
  if (segments[0] === 'snippets' && segments.length > 1) return 'snippets';
  return segments.find((segment) => segment.startsWith('_') || segment.startsWith('.'));
}

/** The page path of a root-relative page file (`guides/index.mdx` → `/guides`). */
export function pagePathOf(relative: string): string {
  const segments = relative.split('/');
  const last = (segments.pop() ?? '').replace(pageExtension, '');
  if (last !== 'index') segments.push(last);
  return `/${segments.join('/')}`;
}

/** The page path of a root-relative file, or undefined when it is not a published page. */
export function publishedPagePath(relative: string): string | undefined {
  return pageExtension.test(relative) && unpublishedSegment(relative) === undefined ? pagePathOf(relative) : undefined;
}
