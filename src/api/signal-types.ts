// What readers said and looked for, as the analytics exports answer (api-notes.md, "More
// analytics exports"): feedback by page and its entries, searches, the assistant's
// conversations, and page views. Paths are as sent: a path or a whole URL (see site/page-address.ts).
import type { VisitorCounts } from './types';

export const feedbackSources = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
export type FeedbackSource = (typeof feedbackSources)[number];
export const feedbackStatuses = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

/** One page's feedback counts (`/feedback/by-page`). */
export interface PageFeedback {
  path: string;
  thumbsUp: number;
  thumbsDown: number;
  code: number;
  total: number;
}

/** The top pages only: the endpoint has no offset or cursor, `hasMore` says more exist. */
export interface PageFeedbackReport {
  pages: PageFeedback[];
  hasMore: boolean;
}

/** One feedback entry. A reader's contact e-mail is dropped on arrival: nothing here needs it. */
export interface FeedbackEntry {
  id: string;
  path: string;
  comment: string | null;
  createdAt: string | null;
  /** A value the contract does not list reads as 'other'. */
  source: FeedbackSource | 'other';
  status: FeedbackStatus | 'other';
  /** Whether the reader found the page helpful; null when the entry does not say. */
  helpful: boolean | null;
  /** The snippet a code_snippet entry is about. */
  code: string | null;
}

export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface SearchTerm {
  query: string;
  hits: number;
  /** Click-through rate, 0..1. */
  ctr: number;
  topClickedPage: string | null;
  lastSearchedAt: string | null;
}

export interface SearchesPage extends CursorPage<SearchTerm> {
  /** Search events in the range, all terms (not only this page's). */
  totalSearches: number;
}

export interface AssistantSource {
  title: string;
  url: string;
}

export interface AssistantTurn {
  id: string;
  timestamp: string | null;
  query: string;
  response: string;
  responseType: 'answer' | 'clarifying_question';
  sources: AssistantSource[];
  /** `unanswered` when the assistant marked the question as not covered by the docs. */
  resolution: 'answered' | 'unanswered';
  pageUrl: string | null;
}

export interface ViewRow extends VisitorCounts {
  path: string;
}

/** View events (not distinct visitors): `total` is human + ai. */
export interface ViewsPage {
  totals: VisitorCounts;
  views: ViewRow[];
  hasMore: boolean;
}

/** The filters and paging the exports take; each endpoint uses the ones it documents. */
export interface SignalQuery {
  /** Inclusive, `YYYY-MM-DD`. */
  dateFrom?: string;
  /** Exclusive, `YYYY-MM-DD`. */
  dateTo?: string;
  limit?: number;
  cursor?: string;
  offset?: number;
  source?: FeedbackSource;
  status?: readonly FeedbackStatus[];
}
