// What the Pages view lists for one site and one report: every page sorted and filtered, and
// the groups that say what to fix: unread pages, pages read mostly by AI, and paths readers
// asked for that no page serves.
import type { GeneratedFrom, SitePage } from '../site/inventory';
import { aiShare, type PageReaders } from './page-readers';
import type { PathRow } from '../visitors/protocol';
import type { NavSection } from '../site/navigation';
import { pagesBySection, type SectionGroup } from './pages-sections';

export type PagesSort = 'visitors' | 'aiShare' | 'name';

export interface PagesOptions {
  sort: PagesSort;
  /** Part of a path or file name; empty shows everything. */
  filter: string;
  /** A page is "mostly AI" above this share of AI visits (percent). */
  mostlyAiPercent: number;
}

function madeFrom({ title, spec, specFile, line }: GeneratedFrom): NonNullable<PageRow['generated']> {
  return { title, spec, ...(specFile !== undefined && { specFile }), ...(line !== undefined && { line }) };
}

export interface PageRow {
  pagePath: string;
  /** Root-relative; undefined for a page the navigation lists without a file. */
  file: string | undefined;
  /** For an API page the platform generates: its title, the OpenAPI file it comes from, and where its operation is written. */
  generated?: Pick<GeneratedFrom, 'title' | 'spec' | 'specFile' | 'line'>;
  /** Its place in navigation (language, product, tab…); undefined for a hidden page. */
  sections?: NavSection[];
  readers: PageReaders;
}

export interface PagesGroups {
  all: PageRow[];
  /** Every page by the site's sections, each section's pages sorted; undefined for a site of one section. */
  bySection: SectionGroup<PageRow> | undefined;
  unread: PageRow[];
  mostlyAi: PageRow[];
  withoutPage: PathRow[];
}

const byName = (a: { pagePath: string }, b: { pagePath: string }): number =>
  a.pagePath < b.pagePath ? -1 : a.pagePath > b.pagePath ? 1 : 0;

const orders: Record<PagesSort, (a: PageRow, b: PageRow) => number> = {
  visitors: (a, b) => b.readers.total - a.readers.total || byName(a, b),
  aiShare: (a, b) => aiShare(b.readers) - aiShare(a.readers) || b.readers.total - a.readers.total || byName(a, b),
  name: byName,
};

export function pagesGroups(
  pages: readonly SitePage[],
  readers: ReadonlyMap<string, PageReaders>,
  withoutPage: readonly PathRow[],
  options: PagesOptions,
): PagesGroups {
  const wanted = options.filter.trim().toLowerCase();
  const shown = (text: string | undefined): boolean => !wanted || (text ?? '').toLowerCase().includes(wanted);
  const rows = pages
    .map((page): PageRow => ({
      pagePath: page.pagePath,
      file: page.file,
      ...(page.generated && { generated: madeFrom(page.generated) }),
      ...(page.sections && { sections: page.sections }),
      readers: readers.get(page.pagePath) ?? { human: 0, ai: 0, total: 0, rank: undefined, of: 0 },
    }))
    .filter((row) => shown(row.pagePath) || shown(row.file) || shown(row.generated?.title));
  // Sections in navigation order (the pages' order), each one's pages in the chosen order.
  const bySection = pagesBySection(rows);
  rows.sort(orders[options.sort]);
  if (bySection) sortWithin(bySection, orders[options.sort]);
  return {
    all: rows,
    bySection,
    unread: rows.filter((row) => (row.file !== undefined || row.generated) && row.readers.total === 0),
    mostlyAi: rows.filter((row) => row.readers.total > 0 && aiShare(row.readers) > options.mostlyAiPercent),
    withoutPage: withoutPage.filter((row) => shown(row.path)),
  };
}

function sortWithin(group: SectionGroup<PageRow>, order: (a: PageRow, b: PageRow) => number): void {
  group.rows.sort(order);
  for (const section of group.sections) sortWithin(section, order);
}
