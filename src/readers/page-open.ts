// What a page's row opens: the page's file; for an API page the platform generates, the spec
// file at its operation's line; else the page on the site, at the address the exports name it
// by (their whole URLs give the site's domain). Pure: the view turns it into a command.
import type { SitePage } from '../site/inventory';
import type { SignalsRead } from './reader-signals';

export type OpenTarget =
  /** A root-relative file, at a 0-based line when known. */
  { kind: 'file'; file: string; line?: number } | { kind: 'site'; url: string };

/** The https origin the exports name pages by most often (`https://docs.acme.dev`), if any. */
export function siteOrigin(read: Pick<SignalsRead, 'pageFeedback' | 'entries' | 'turns'>): string | undefined {
  const seen = new Map<string, number>();
  const note = (address: string | null): void => {
    if (!address || !/^https:\/\//i.test(address.trim())) return;
    try {
      const { origin } = new URL(address.trim());
      seen.set(origin, (seen.get(origin) ?? 0) + 1);
    } catch {
      // Not an address: it names no site.
    }
  };
  for (const row of read.pageFeedback) note(row.path);
  for (const entry of read.entries) note(entry.path);
  for (const turn of read.turns) for (const source of turn.sources) note(source.url);
  return [...seen].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
}

/** What a page's row opens; undefined for a page with neither file nor spec (the site does not serve it). */
export function openTarget(page: SitePage | undefined, origin: string | undefined): OpenTarget | undefined {
  if (page?.file) return { kind: 'file', file: page.file };
  const from = page?.generated;
  if (!page || !from) return undefined;
  if (from.specFile !== undefined && from.line !== undefined) return { kind: 'file', file: from.specFile, line: from.line };
  if (origin !== undefined) return { kind: 'site', url: `${origin}${encodeURI(page.pagePath)}` };
  return from.specFile === undefined ? undefined : { kind: 'file', file: from.specFile };
}
