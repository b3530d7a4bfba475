// A preview build, as the platform runs it before it publishes a branch. The one check that can
// fail it here is internal links: a markdown link `[x](/path)` or an `href="/path"` in any page
// to a path that no page (nor other file) of the branch serves. Logs read like the platform's.
import { pageFiles, type SiteSnapshot } from './site-snapshot';

export interface BuildOutcome {
  ok: boolean;
  /** The lines the build adds to the deployment's logs. */
  lines: string[];
  summary: string;
}

export interface BrokenLink {
  /** The page holding the link, relative to the docs root. */
  file: string;
  /** The link as written. */
  link: string;
}

// A single leading slash: `//host/x` is another site, not a page of this one.
const LINK_PATTERNS = [/\]\((\/(?!\/)[^)\s]*)(?:\s+"[^"]*")?\)/g, /\bhref=["'](\/(?!\/)[^"']*)["']/g];

/** The internal links of a page's text, outside code blocks and code spans. */
export function internalLinks(text: string): string[] {
  const prose = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  return LINK_PATTERNS.flatMap((re) => [...prose.matchAll(re)].map((m) => m[1] ?? ''));
}

/** The served path a link asks for: no anchor or query, no trailing slash. */
function linkedPath(link: string): string {
  const bare = link.replace(/[?#].*$/, '');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  try {
    return decodeURI(trimmed);
  } catch {
    return trimmed;
  }
}

export function brokenLinks(snapshot: SiteSnapshot): BrokenLink[] {
  const pages = pageFiles(snapshot);
  const files = new Set(snapshot.files);
  const broken: BrokenLink[] = [];
  for (const file of [...pages.values()].sort()) {
    for (const link of internalLinks(snapshot.read(file) ?? '')) {
      const path = linkedPath(link);
      if (!pages.has(path) && !files.has(path.slice(1))) broken.push({ file, link });
    }
  }
  return broken;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The build's own lines and verdict; `forced` is a test's chosen end (the control route). */
export function runBuild(snapshot: SiteSnapshot, previewUrl: string, forced?: 'success' | 'failure'): BuildOutcome {
  if (snapshot.config === undefined) {
    const lines = ['✗ No docs.json or mint.json found in the repository', 'Build failed: no docs configuration'];
    return { ok: false, lines, summary: 'Build failed: the branch has no docs.json or mint.json' };
  }
  const pages = pageFiles(snapshot).size;
  const found = `Found ${snapshot.config} with ${plural(pages, 'page')}`;
  const deployed = { ok: true, summary: `Preview deployed: ${plural(pages, 'page')}` };
  if (forced === 'success') return { ...deployed, lines: [found, `Built ${plural(pages, 'page')}`, `✓ Preview live at ${previewUrl}`] };
  if (forced === 'failure') {
    return { ok: false, lines: [found, '✗ Build stopped', 'Build failed: stopped'], summary: 'Build failed: stopped' };
  }
  const broken = brokenLinks(snapshot);
  const checked = [found, 'Checking internal links'];
  if (broken.length === 0) {
    return { ...deployed, lines: [...checked, '✓ No broken links', `Built ${plural(pages, 'page')}`, `✓ Preview live at ${previewUrl}`] };
  }
  const count = plural(broken.length, 'broken link');
  const [first] = broken;
  return {
    ok: false,
    lines: [...checked, ...broken.map((b) => `✗ Broken link in ${b.file}: ${b.link}`), `Build failed: ${count}`],
    summary: `Build failed: ${count}${first ? ` (${first.file} links to ${first.link})` : ''}`,
  };
}
