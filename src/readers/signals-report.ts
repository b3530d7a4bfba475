// What readers said over one range, as the cache keeps it (one file per range, like visitors
// reports), and the check it passes on the way back in: storage outlives versions and may be
// damaged, and a damaged report is read again rather than shown wrong.
import type { AssistantTurn, FeedbackEntry, PageFeedback, SearchTerm } from '../api/signal-types';
import { isRecord } from '../platform/checks';
import { sharedKeys } from '../platform/storage-layout';
import type { ReportKind } from '../visitors/report-cache';
import type { SignalsRead } from './reader-signals';

export interface SignalsReport extends SignalsRead {
  fetchedAt: number;
  /** Requests the read took (of the 100 an hour). */
  requests: number;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isListOf = <T>(value: unknown, check: (item: Record<string, unknown>) => boolean): value is T[] =>
  Array.isArray(value) && value.every((item) => isRecord(item) && check(item));

const pageFeedbackOk = (row: Record<string, unknown>): boolean =>
  isText(row.path) && [row.thumbsUp, row.thumbsDown, row.code, row.total].every(isNumber);
const entryOk = (e: Record<string, unknown>): boolean => isText(e.id) && isText(e.path) && isText(e.status) && isText(e.source);
const searchOk = (s: Record<string, unknown>): boolean => isText(s.query) && isNumber(s.hits) && isNumber(s.ctr);
const turnOk = (t: Record<string, unknown>): boolean =>
  isText(t.id) && isText(t.query) && isListOf(t.sources, (source) => isText(source.url));

export function isSignalsReport(value: unknown): value is SignalsReport {
  return (
    isRecord(value) &&
    isNumber(value.fetchedAt) &&
    isNumber(value.requests) &&
    isNumber(value.totalSearches) &&
    [value.pageFeedbackHasMore, value.entriesComplete, value.searchesComplete, value.turnsComplete].every(
      (flag) => typeof flag === 'boolean',
    ) &&
    isListOf<PageFeedback>(value.pageFeedback, pageFeedbackOk) &&
    isListOf<FeedbackEntry>(value.entries, entryOk) &&
    isListOf<SearchTerm>(value.searches, searchOk) &&
    isListOf<AssistantTurn>(value.turns, turnOk)
  );
}

export const signalsKind: ReportKind<SignalsReport> = {
  indexKey: sharedKeys.signalsIndex,
  isReport: isSignalsReport,
  rowsOf: (report) => report.entries.length + report.searches.length + report.turns.length,
};
