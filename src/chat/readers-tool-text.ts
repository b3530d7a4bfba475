// What the visitors tools say: what a read costs before it is made, a refusal that would pass
// the hourly budget, a page's readers and the pages that need attention. Plain text with the
// range beside every number; pure, so unit tests check each one.
import { analyticsLimitPerHour } from '../visitors/request-ledger';
import { aiShare, countText, type PageReaders, visitorsText } from '../readers/page-readers';
import type { PageRow } from '../readers/pages-model';
import type { Counts, PathRow } from '../visitors/protocol';
import { formatWait } from '../api/wait-text';
import type { Confirmation } from './job-tool-text';
import type { ReadSource } from './read-source';

const requestsText = (n: number): string => `${n} request${n === 1 ? '' : 's'}`;

/** "120 visitors (100 human, 30 AI)": a visitor seen as both counts once in the total. */
export function countsText(counts: Counts): string {
  return `${visitorsText(counts.total)} (${countText(counts.human)} human, ${countText(counts.ai)} AI)`;
}

/** `what`: "visitors of /quickstart"; `range`: "Last 7 days · Nov 16–22, 2026". */
export function readCostConfirmation(what: string, range: string, requests: number, used: number): Confirmation {
  return {
    title: 'Read visitors from the analytics API?',
    message:
      `Reading ${what} for ${range} takes about ${requestsText(requests)} of the ${analyticsLimitPerHour} an hour your organisation has; ` +
      `${used} used in the last hour on this machine. The report is kept, so asking again costs nothing.`,
  };
}

/** A read that would pass the hourly budget is not made from chat: the panel asks first. */
export function budgetRefusalText(what: string, range: string, cap: number, used: number, waitMs: number): string {
  return (
    `Not read: ${what} for ${range} may take up to ${requestsText(cap)}, and ${used} of the ${analyticsLimitPerHour} analytics requests ` +
    `an hour are used or held by reads under way on this machine. No read passes the hour's budget: ask again in ${formatWait(waitMs)}.`
  );
}

/** Where the numbers came from: a kept report (free) or a read just made. */
export type ReportSource = ReadSource;

function sourceText(source: ReportSource): string {
  if ('cachedAgo' in source) return `Source: a report read ${source.cachedAgo}, kept on this machine (no request).`;
  const part = source.partial
    ? ' Only part of the range was read: the requests set aside for it ran out, so these numbers are too low.'
    : '';
  return `Source: read now (${requestsText(source.requests)}; ${source.used} of ${analyticsLimitPerHour} used in the last hour on this machine).${part}`;
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

export function pageVisitorsText(page: PageVisitors): string {
  const { readers } = page;
  const rank =
    readers.rank === undefined ? `no visitors, so no rank among the ${readers.of} paths` : `${readers.rank} of ${readers.of} paths`;
  return [
    `Page ${page.pagePath}${page.file ? ` (${page.file})` : ''}, ${page.range}`,
    `Visitors: ${countsText(readers)}, ${aiShare(readers)}% AI`,
    `Rank: ${rank}`,
    `Whole site: ${countsText(page.site)}`,
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

const pageLine = (row: PageRow): string =>
  `- ${row.pagePath}${row.file ? ` (${row.file})` : ''}: ${row.readers.total === 0 ? 'no visitors' : countsText(row.readers)}`;

/** The pages of one site with the fewest readers, first the ones nobody read. */
export function fewestReaders(pages: readonly PageRow[], limit: number): PageRow[] {
  return pages
    .filter((row) => row.file !== undefined)
    .sort((a, b) => a.readers.total - b.readers.total || (a.pagePath < b.pagePath ? -1 : a.pagePath > b.pagePath ? 1 : 0))
    .slice(0, limit);
}

/** Per site: fewest readers, mostly AI, readers without a page; each list cut to `limit`. */
export function attentionText(sites: readonly SiteAttention[], range: string, limit: number, mostlyAiPercent: number): string {
  if (!sites.length) return 'No docs site (a folder with docs.json or mint.json) with a project ID is open in this workspace.';
  return sites
    .map((s) => {
      const few = fewestReaders(s.pages, limit);
      const withFiles = s.pages.filter((row) => row.file !== undefined).length;
      const section = (title: string, lines: string[], none: string): string => [title, ...(lines.length ? lines : [none])].join('\n');
      return [
        `Docs site ${s.site} (project ${s.projectId}), ${range}: ${withFiles} pages, ${countsText(s.siteTotals)} on the whole site.`,
        section(`Fewest readers (${few.length} of ${withFiles} pages):`, few.map(pageLine), '- none'),
        section(
          `Read mostly by AI (over ${mostlyAiPercent}% AI):`,
          s.mostlyAi.slice(0, limit).map((row) => `${pageLine(row)}, ${aiShare(row.readers)}% AI`),
          '- none',
        ),
        section(
          'Visited paths with no page (paths with visitors that no page and no redirect serves):',
          s.withoutPage.slice(0, limit).map((row) => `- ${row.path}: ${countsText(row)}`),
          '- none',
        ),
        sourceText(s.source),
      ].join('\n');
    })
    .join('\n\n');
}
