// Messages between the visitors panel (extension host) and its webview page. Shared by both
// sides; no vscode or DOM import. Messages from the page are untrusted input: the host checks
// them with isFromPage before acting.
import type { l10nJsonFormat } from '@vscode/l10n';
import { type ErrorAction, isErrorAction } from '../platform/error-actions';

export type { ErrorAction };

/** Inclusive calendar days, YYYY-MM-DD (UTC). The API's exclusive dateTo is derived from `to`. */
export interface DayRange {
  from: string;
  to: string;
}

export type RangePreset = '7d' | '30d' | '90d' | 'custom';

export interface RangeChoice extends DayRange {
  preset: RangePreset;
}

export interface Counts {
  human: number;
  ai: number;
  /** Deduplicated across human and AI: never their sum. */
  total: number;
}

export interface PathRow extends Counts {
  path: string;
}

export interface ChartBar extends PathRow {
  /** 1-based; rows with equal totals share a rank. */
  rank: number;
  /** The open page's row. */
  current: boolean;
}

/** The open editor's page, or why it is not one. */
export interface PageInfo {
  /** Workspace-relative file name, for display. */
  file: string;
  /** `/guides/quickstart`, or null when the file is not a docs page. */
  pagePath: string | null;
  /** Why it is not a page (outside a docs root, not .md/.mdx…). */
  reason?: string;
  /** Its analytics rows (a path can come with and without a trailing slash). Empty: no visits. */
  rows: PathRow[];
  rank: number | null;
  /** How many paths the report has, for "rank 3 of 412". */
  of: number;
}

export interface VisitorsView {
  projectId: string;
  range: RangeChoice;
  totals: Counts;
  page: PageInfo;
  /** Top paths by total, plus the open page's rows when they are not among them. */
  chart: ChartBar[];
  /** Every path, for the table (sorted and filtered in the page). */
  table: PathRow[];
  fetchedAt: number;
  fromCache: boolean;
  /** The read's reserved requests ran out before the end of the range: these are the paths read so far. */
  partial?: boolean;
  /** Analytics requests in the last hour, of the platform's 100. */
  requestsLastHour: number;
}

export interface TrendWeek extends DayRange, Counts {}

/** A day the trend is split at: when a job's change reached the site's default branch. */
export interface MergeMark {
  pagePath: string;
  /** The merge's calendar day (UTC): its week is the first one after. */
  day: string;
  /** "pull request #12, merged into origin/main (merge commit)". */
  label: string;
}

/** Thumbs on a page over one window; null: the page is not among the most voted pages read. */
export type WindowVotes = { up: number; down: number } | null;

/** The page before the merge against after it: weeks that are whole (7 days) and votes. */
export interface MergeCompare {
  before: { range: DayRange; fullWeeks: number; perWeek: number | null; votes: WindowVotes };
  after: { range: DayRange; fullWeeks: number; perWeek: number | null; votes: WindowVotes };
}

/** What readers said about the open page, for the Readers said tab (from a read already made). */
export interface ReadersSaid {
  pagePath: string;
  thumbsUp: number;
  thumbsDown: number;
  /** Pending first, then newest first. */
  comments: { status: string; date: string | null; text: string; source: string }[];
  /** Searches whose top clicked result is this page, most searched first. */
  searches: { query: string; hits: number; ctr: number }[];
  /** Assistant questions that cited the page, newest first. */
  questions: { query: string; date: string | null; clarifying: boolean }[];
  /** "all 120 feedback entries of the range" or "the newest 300 … (more exist)". */
  share: string;
}

/** The tab's content: what was said, or what reading it would cost; none for a file that is no page. */
export type SaidState = { said: ReadersSaid } | { cost: string; reading: boolean } | { none: string };

/** `readAnyway`: read a range although it would pass the hourly budget (the user was asked). */

export type ToPage =
  | { type: 'loading'; range: RangeChoice; pagesRead: number; estimatedPages?: number }
  | { type: 'data'; view: VisitorsView }
  | { type: 'page'; page: PageInfo; chart: ChartBar[] }
  | { type: 'error'; message: string; actions: ErrorAction[] }
  | { type: 'trendCost'; requests: number; cachedWeeks: number; weeks: number; mark?: MergeMark }
  | { type: 'trend'; pagePath: string; weeks: TrendWeek[]; requests: number; mark?: MergeMark; compare?: MergeCompare }
  | { type: 'said'; state: SaidState };

export type FromPage =
  /** The page loaded; `range` is the one it showed before a reload. */
  | { type: 'ready'; range?: RangeChoice }
  | { type: 'setRange'; range: RangeChoice }
  | { type: 'refresh' }
  | { type: 'cancel' }
  | { type: 'loadTrend' }
  | { type: 'readSaid' }
  | { type: 'openPath'; path: string }
  | { type: 'action'; action: ErrorAction };

/**
 * The editor's display language and this extension's translations for it (none for English),
 * which the page takes before it renders: JSON in a `<script type="application/json">` element
 * of the page's HTML, with this id.
 */
export interface PageLanguage {
  language: string;
  bundle?: l10nJsonFormat;
}

export const pageLanguageId = 'page-language';

/** The page's language as the HTML carries it; anything else (a damaged page) is not one. */
export function isPageLanguage(value: unknown): value is PageLanguage {
  if (typeof value !== 'object' || value === null) return false;
  const { language, bundle } = value as Record<string, unknown>;
  return typeof language === 'string' && (bundle === undefined || (typeof bundle === 'object' && bundle !== null));
}

/** What the page keeps with setState, so a reload or a restored panel starts where it was. */
export interface PageState {
  range?: RangeChoice;
  tab?: 'chart' | 'table' | 'said';
  filter?: string;
  sort?: { column: keyof PathRow; descending: boolean };
}

const day = /^\d{4}-\d{2}-\d{2}$/;
const presets: ReadonlySet<string> = new Set(['7d', '30d', '90d', 'custom']);

/** A range as the page may send it (or have saved it): a known preset and two ordered days. */
export function isRangeChoice(value: unknown): value is RangeChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { preset, from, to } = value as Record<string, unknown>;
  return (
    typeof preset === 'string' &&
    presets.has(preset) &&
    typeof from === 'string' &&
    day.test(from) &&
    typeof to === 'string' &&
    day.test(to) &&
    from <= to
  );
}

export function isFromPage(message: unknown): message is FromPage {
  if (typeof message !== 'object' || message === null) return false;
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return m.range === undefined || isRangeChoice(m.range);
    case 'refresh':
    case 'cancel':
    case 'loadTrend':
    case 'readSaid':
      return true;
    case 'setRange':
      return isRangeChoice(m.range);
    case 'openPath':
      return typeof m.path === 'string' && m.path.startsWith('/') && m.path.length < 2048;
    case 'action':
      return isErrorAction(m.action);
    default:
      return false;
  }
}
