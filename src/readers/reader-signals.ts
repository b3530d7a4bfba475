// What readers said and looked for, per page and across the site, from what was read of the
// exports: a page's thumbs and comments (pending first, newest first), the searches whose top
// clicked result is the page, the assistant questions that cited it; and the site's groups:
// unhappy pages, searches that found nothing, questions the assistant could not answer. Pure.
import * as l10n from '@vscode/l10n';
import type { AssistantTurn, FeedbackEntry, PageFeedback, SearchTerm } from '../api/signal-types';
import { count } from '../platform/words';
import { pageAddress, sumByAddress } from '../site/page-address';

export interface SignalThresholds {
  /** A page is unhappy from this share of thumbs down (0..1)… */
  unhappyShare: number;
  /** …with at least this many votes. */
  unhappyMinVotes: number;
  /** A search found nothing with at least this many hits… */
  searchMinHits: number;
  /** …and no clicked page, or a click-through rate under this (0..1). */
  searchMaxCtr: number;
}

export const defaultThresholds: SignalThresholds = { unhappyShare: 0.4, unhappyMinVotes: 5, searchMinHits: 5, searchMaxCtr: 0.1 };

/** What was read, and how much of it: a view says what share it shows. */
export interface SignalsRead {
  pageFeedback: PageFeedback[];
  /** The top pages only: more pages have feedback. */
  pageFeedbackHasMore: boolean;
  entries: FeedbackEntry[];
  /** Every entry of the range was read (false: the newest ones, up to the cap). */
  entriesComplete: boolean;
  searches: SearchTerm[];
  totalSearches: number;
  searchesComplete: boolean;
  turns: AssistantTurn[];
  turnsComplete: boolean;
}

export interface PageSignals {
  pagePath: string;
  thumbsUp: number;
  thumbsDown: number;
  /** Entries with words in them, pending first, then newest first. */
  comments: FeedbackEntry[];
  /** Searches whose top clicked result is this page, most searched first. */
  searches: SearchTerm[];
  /** Assistant turns that cited this page, newest first. */
  questions: AssistantTurn[];
}

const statusOrder: Record<FeedbackEntry['status'], number> = { pending: 0, in_progress: 1, other: 2, resolved: 3, dismissed: 4 };

function newestFirst(a: string | null, b: string | null): number {
  return (Date.parse(b ?? '') || 0) - (Date.parse(a ?? '') || 0);
}

export function byStatusThenNewest(a: FeedbackEntry, b: FeedbackEntry): number {
  return statusOrder[a.status] - statusOrder[b.status] || newestFirst(a.createdAt, b.createdAt) || a.id.localeCompare(b.id);
}

function grouped<T>(items: readonly T[], pathsOf: (item: T) => (string | null)[]): Map<string, T[]> {
  const byPage = new Map<string, T[]>();
  for (const item of items) {
    for (const path of new Set(pathsOf(item).flatMap((p) => (p === null ? [] : [pageAddress(p)])))) {
      const list = byPage.get(path);
      if (list) list.push(item);
      else byPage.set(path, [item]);
    }
  }
  return byPage;
}

/** Feedback-by-page rows one per page: rows naming a page by path, URL or with a slash add up. */
export function votesByPage(rows: readonly PageFeedback[]): PageFeedback[] {
  return sumByAddress(rows, (a, b) => ({
    path: a.path,
    thumbsUp: a.thumbsUp + b.thumbsUp,
    thumbsDown: a.thumbsDown + b.thumbsDown,
    code: a.code + b.code,
    total: a.total + b.total,
  }));
}

/**
 * What readers said, looked up by page: every entry, search and turn is placed once (a site of
 * thousands of pages asks for each of them), then a page's lists are sorted when asked for.
 */
export function signalsByPage(read: SignalsRead): (pagePath: string) => PageSignals {
  const counts = new Map(votesByPage(read.pageFeedback).map((row) => [row.path, row] as const));
  const comments = grouped(
    read.entries.filter((e) => e.comment?.trim()),
    (e) => [e.path],
  );
  const searches = grouped(read.searches, (s) => [s.topClickedPage]);
  const questions = grouped(read.turns, (t) => t.sources.map((source) => source.url));
  return (pagePath) => {
    const page = pageAddress(pagePath);
    return {
      pagePath: page,
      thumbsUp: counts.get(page)?.thumbsUp ?? 0,
      thumbsDown: counts.get(page)?.thumbsDown ?? 0,
      comments: [...(comments.get(page) ?? [])].sort(byStatusThenNewest),
      searches: [...(searches.get(page) ?? [])].sort((a, b) => b.hits - a.hits),
      questions: [...(questions.get(page) ?? [])].sort((a, b) => newestFirst(a.timestamp, b.timestamp)),
    };
  };
}

/** Everything readers said about one page. */
export function pageSignals(read: SignalsRead, pagePath: string): PageSignals {
  return signalsByPage(read)(pagePath);
}

export interface UnhappyPage {
  pagePath: string;
  thumbsUp: number;
  thumbsDown: number;
  /** Thumbs down over all votes, 0..1. */
  share: number;
}

/** Pages with at least the minimum votes whose thumbs-down share reaches the threshold, worst first. */
export function unhappyPages(read: SignalsRead, t: SignalThresholds): UnhappyPage[] {
  return votesByPage(read.pageFeedback)
    .map((row) => {
      const votes = row.thumbsUp + row.thumbsDown;
      return {
        pagePath: row.path,
        thumbsUp: row.thumbsUp,
        thumbsDown: row.thumbsDown,
        share: votes ? row.thumbsDown / votes : 0,
      };
    })
    .filter((p) => p.thumbsUp + p.thumbsDown >= t.unhappyMinVotes && p.share >= t.unhappyShare)
    .sort((a, b) => b.share - a.share || b.thumbsDown - a.thumbsDown || a.pagePath.localeCompare(b.pagePath));
}

/** Searches searched often enough that led nowhere: no clicked page, or hardly any clicks. Most searched first. */
export function searchesThatFoundNothing(read: SignalsRead, t: SignalThresholds): SearchTerm[] {
  return read.searches
    .filter((s) => s.hits >= t.searchMinHits && (s.topClickedPage === null || s.ctr < t.searchMaxCtr))
    .sort((a, b) => b.hits - a.hits || a.query.localeCompare(b.query));
}

export interface UnansweredQuestion {
  query: string;
  /** How many times it was asked (the same words, any letter case). */
  asked: number;
  why: 'clarifying' | 'unanswered' | 'no sources';
  latest: AssistantTurn;
}

function whyUnanswered(turn: AssistantTurn): UnansweredQuestion['why'] | undefined {
  if (turn.responseType === 'clarifying_question') return 'clarifying';
  if (turn.resolution === 'unanswered') return 'unanswered';
  // An id of UnansweredQuestion['why'], never shown: stays English.
  return turn.sources.length === 0 ? 'no sources' : undefined;
}

/** Questions the assistant could not answer from the docs, the same question once, most asked first. */
export function unansweredQuestions(read: SignalsRead): UnansweredQuestion[] {
  const byQuery = new Map<string, UnansweredQuestion>();
  for (const turn of [...read.turns].sort((a, b) => newestFirst(a.timestamp, b.timestamp))) {
    const why = whyUnanswered(turn);
    if (!why) continue;
    const key = turn.query.trim().toLowerCase().replace(/\s+/g, ' ');
    const seen = byQuery.get(key);
    if (seen) seen.asked++;
    else byQuery.set(key, { query: turn.query.trim(), asked: 1, why, latest: turn });
  }
  return [...byQuery.values()].sort((a, b) => b.asked - a.asked || a.query.localeCompare(b.query));
}

/** "the newest 300 feedback entries of the range (…)" or "all 5 feedback entries of the range", in the writer's language. */
export function shareText(read: Pick<SignalsRead, 'entries' | 'entriesComplete'>): string {
  const entries = count(read.entries.length);
  return read.entriesComplete
    ? l10n.t('all {0} feedback entries of the range', entries)
    : l10n.t('the newest {0} feedback entries of the range (pending first; more exist)', entries);
}
