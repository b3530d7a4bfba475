// What the visitors tools say: what a read costs before it is made, a refusal that would pass
// the hourly budget, a page's readers and the pages that need attention. Plain text with the
// range beside every number; the paths readers visited that no page serves go in a fence they
// cannot close (platform/data-fence.ts). Pure, so unit tests check each one.
import * as l10n from '@vscode/l10n';
import { analyticsLimitPerHour } from '../visitors/request-ledger';
import { aiShare, type PageReaders, visitorsText } from '../readers/page-readers';
import type { PageRow } from '../readers/pages-model';
import type { Counts, PathRow } from '../visitors/protocol';
import { formatWait } from '../api/wait-text';
import { fencedList } from '../platform/data-fence';
import { count, plural } from '../platform/words';
import { oneLine } from '../readers/said-words';
import type { Confirmation } from './job-tool-text';
import type { ReadSource } from './read-source';

/** What a visitors read is of: one page's visitors, or every page's of the docs sites open. */
export type VisitorsRead = { page: string } | { sites: number };

export const requestsText = (n: number): string => plural(n, l10n.t('{0} request', count(n)), l10n.t('{0} requests', count(n)));

/**
 * The refusal of a read that now costs more than the writer was asked about (a kept report ran
 * out between the question and the read, or the read looked free): nothing is spent unasked.
 */
export function unaskedCostText(requests: number): string {
  return l10n.t(
    'Not read: this now takes up to {0} of the analytics budget, which the writer was not asked about (a report kept on this machine ran out meanwhile). Call the tool again: the writer will be asked first.',
    requestsText(requests),
  );
}

/** "120 visitors (100 human, 30 AI)": a visitor seen as both counts once in the total. */
export function countsText(counts: Counts): string {
  return l10n.t('{0} ({1} human, {2} AI)', visitorsText(counts.total), count(counts.human), count(counts.ai));
}

/** `range`: "Last 7 days · Nov 16–22, 2026". */
export function readCostConfirmation(read: VisitorsRead, range: string, requests: number, used: number): Confirmation {
  const [cost, limit, spent] = [requestsText(requests), count(analyticsLimitPerHour), count(used)];
  const message =
    'page' in read
      ? l10n.t(
          'Reading visitors of {0} for {1} takes about {2} of the {3} an hour your organisation has; {4} used in the last hour on this machine. The report is kept, so asking again costs nothing.',
          read.page,
          range,
          cost,
          limit,
          spent,
        )
      : plural(
          read.sites,
          l10n.t(
            'Reading visitors of every page of {0} docs site for {1} takes about {2} of the {3} an hour your organisation has; {4} used in the last hour on this machine. The report is kept, so asking again costs nothing.',
            count(read.sites),
            range,
            cost,
            limit,
            spent,
          ),
          l10n.t(
            'Reading visitors of every page of {0} docs sites for {1} takes about {2} of the {3} an hour your organisation has; {4} used in the last hour on this machine. The report is kept, so asking again costs nothing.',
            count(read.sites),
            range,
            cost,
            limit,
            spent,
          ),
        );
  return { title: l10n.t('Read visitors from the analytics API?'), message };
}

/** A read that would pass the hourly budget is not made from chat: the panel asks first. */
export function budgetRefusalText(read: VisitorsRead, range: string, cap: number, used: number, waitMs: number): string {
  const args = [range, requestsText(cap), count(used), count(analyticsLimitPerHour), formatWait(waitMs)] as const;
  return 'page' in read
    ? l10n.t(
        "Not read: visitors of {0} for {1} may take up to {2}, and {3} of the {4} analytics requests an hour are used or held by reads under way on this machine. No read passes the hour's budget: ask again in {5}.",
        read.page,
        ...args,
      )
    : l10n.t(
        "Not read: visitors of every docs page for {0} may take up to {1}, and {2} of the {3} analytics requests an hour are used or held by reads under way on this machine. No read passes the hour's budget: ask again in {4}.",
        ...args,
      );
}

/** Where the numbers came from: a kept report (free) or a read just made. */
export type ReportSource = ReadSource;

function sourceText(source: ReportSource): string {
  if ('cachedAgo' in source) return l10n.t('Source: a report read {0}, kept on this machine (no request).', source.cachedAgo);
  const args = [requestsText(source.requests), count(source.used), count(analyticsLimitPerHour)];
  return source.partial
    ? l10n.t(
        'Source: read now ({0}; {1} of {2} used in the last hour on this machine). Only part of the range was read: the requests set aside for it ran out, so these numbers are too low.',
        ...args,
      )
    : l10n.t('Source: read now ({0}; {1} of {2} used in the last hour on this machine).', ...args);
}

export interface PageVisitors {
  pagePath: string;
  /** Workspace-relative, when the page came from a file. */
  file: string | undefined;
  range: string;
  readers: PageReaders;
  site: Counts;
  source: ReportSource;
}

export function rankText({ rank, of }: Pick<PageReaders, 'rank' | 'of'>): string {
  const paths = count(of);
  if (rank === undefined)
    return plural(
      of,
      l10n.t('Rank: no visitors, so no rank among the {0} path', paths),
      l10n.t('Rank: no visitors, so no rank among the {0} paths', paths),
    );
  return plural(of, l10n.t('Rank: {0} of {1} path', count(rank), paths), l10n.t('Rank: {0} of {1} paths', count(rank), paths));
}

export function pageVisitorsText(page: PageVisitors): string {
  const { readers } = page;
  return [
    page.file ? l10n.t('Page {0} ({1}), {2}', page.pagePath, page.file, page.range) : l10n.t('Page {0}, {1}', page.pagePath, page.range),
    l10n.t('Visitors: {0}, {1}% AI', countsText(readers), count(aiShare(readers))),
    rankText(readers),
    l10n.t('Whole site: {0}', countsText(page.site)),
    sourceText(page.source),
  ].join('\n');
}

export interface SiteAttention {
  /** The docs folder, workspace-relative ("docs"). */
  site: string;
  projectId: string;
  siteTotals: Counts;
  pages: readonly PageRow[];
  mostlyAi: readonly PageRow[];
  withoutPage: readonly PathRow[];
  source: ReportSource;
}

/** "/quickstart (docs/quickstart.mdx)": the page path, and the file that serves it if any. */
const pageName = (row: PageRow): string =>
  row.file
    ? l10n.t({
        message: '{0} ({1})',
        args: [row.pagePath, row.file],
        comment: ['A docs page’s path, then the workspace file that serves it'],
      })
    : row.pagePath;

/** "/quickstart (docs/quickstart.mdx): 120 visitors (100 human, 30 AI)", or "…: no visitors". */
function pageEntry(row: PageRow): string {
  const visitors = row.readers.total === 0 ? l10n.t('no visitors') : countsText(row.readers);
  return l10n.t({ message: '{0}: {1}', args: [pageName(row), visitors], comment: ['A docs page, then its visitors'] });
}

/** The pages of one site with the fewest readers, first the ones nobody read. */
export function fewestReaders(pages: readonly PageRow[], limit: number): PageRow[] {
  return pages
    .filter((row) => row.file !== undefined)
    .sort((a, b) => a.readers.total - b.readers.total || (a.pagePath < b.pagePath ? -1 : a.pagePath > b.pagePath ? 1 : 0))
    .slice(0, limit);
}

export function siteHead(s: Pick<SiteAttention, 'site' | 'projectId' | 'siteTotals'>, range: string, withFiles: number): string {
  const args = [s.site, s.projectId, range, count(withFiles), countsText(s.siteTotals)];
  return plural(
    withFiles,
    l10n.t('Docs site {0} (project {1}), {2}: {3} page, {4} on the whole site.', ...args),
    l10n.t('Docs site {0} (project {1}), {2}: {3} pages, {4} on the whole site.', ...args),
  );
}

/** A list under its title, a line per item, "- none" when empty. */
function section(title: string, lines: readonly string[]): string {
  const none = l10n.t({ message: 'none', args: [], comment: ['An empty list (no pages, no paths)'] });
  return [title, ...(lines.length ? lines : [none]).map((line) => `- ${line}`)].join('\n');
}

/** A list of what readers chose (the paths they visited) under its title: in a fence the paths cannot close. */
function fencedSection(title: string, lines: readonly string[]): string {
  return lines.length ? [title, fencedList('readers', lines)].join('\n') : section(title, lines);
}

/** "Fewest readers (10 of 120 pages):". */
export function fewestTitle(shown: number, withFiles: number): string {
  const fewest = [count(shown), count(withFiles)];
  return plural(withFiles, l10n.t('Fewest readers ({0} of {1} page):', ...fewest), l10n.t('Fewest readers ({0} of {1} pages):', ...fewest));
}

function siteText(s: SiteAttention, range: string, limit: number, mostlyAiPercent: number): string {
  const few = fewestReaders(s.pages, limit);
  const withFiles = s.pages.filter((row) => row.file !== undefined).length;
  const mostlyAi = s.mostlyAi.slice(0, limit).map((row) =>
    l10n.t({
      message: '{0}, {1}% AI',
      args: [pageEntry(row), count(aiShare(row.readers))],
      comment: ['A docs page and its visitors, then the share of them that are AI'],
    }),
  );
  const withoutPage = s.withoutPage
    .slice(0, limit)
    .map((row) =>
      l10n.t({ message: '{0}: {1}', args: [oneLine(row.path), countsText(row)], comment: ['A path readers asked for, then its visitors'] }),
    );
  return [
    siteHead(s, range, withFiles),
    section(fewestTitle(few.length, withFiles), few.map(pageEntry)),
    section(l10n.t('Read mostly by AI (over {0}% AI):', count(mostlyAiPercent)), mostlyAi),
    fencedSection(l10n.t('Visited paths with no page (paths with visitors that no page and no redirect serves):'), withoutPage),
    sourceText(s.source),
  ].join('\n');
}

/** Per site: fewest readers, mostly AI, readers without a page; each list cut to `limit`. */
export function attentionText(sites: readonly SiteAttention[], range: string, limit: number, mostlyAiPercent: number): string {
  if (!sites.length) return l10n.t('No docs site (a folder with docs.json or mint.json) with a project ID is open in this workspace.');
  return sites.map((s) => siteText(s, range, limit, mostlyAiPercent)).join('\n\n');
}
