// What the reader feedback tool says: a page's votes, comments, searches and assistant
// questions, or the site's groups (unhappy pages, searches that found nothing, questions the
// assistant could not answer), with the range, the share of the range read and where it came
// from beside them. Pure, so unit tests check it.
import type { PageSignals, UnansweredQuestion, UnhappyPage } from '../readers/reader-signals';
import type { SearchTerm } from '../api/signal-types';
import { analyticsLimitPerHour } from '../visitors/request-ledger';
import type { Confirmation } from './job-tool-text';
import type { ReadSource } from './read-source';
import { count as n, percent, quoted as quote } from '../readers/said-words';

const day = (date: string | null): string => (date ? date.slice(0, 10) : 'undated');

/** Where the answer came from: a kept read (free) or one made now. */
export type FeedbackSource = ReadSource;

function sourceLine(source: FeedbackSource): string {
  return 'cachedAgo' in source
    ? `From a read kept since ${source.cachedAgo} (no request).`
    : `Read now: ${n(source.requests)} analytics requests (${n(source.used)} of the ${analyticsLimitPerHour} an hour used on this machine).`;
}

export function feedbackCostConfirmation(what: string, range: string, most: number, used: number): Confirmation {
  return {
    title: 'Read what readers said from the analytics API?',
    message:
      `Reading ${what} for ${range} takes at most ${n(most)} of the ${analyticsLimitPerHour} analytics requests an hour your organisation has; ` +
      `${n(used)} used in the last hour on this machine. The read is kept for every window, so asking again costs nothing.`,
  };
}

const searchLine = (s: SearchTerm): string =>
  `${quote(s.query)}: ${n(s.hits)} searches, ${percent(s.ctr)} click-through${s.topClickedPage ? `, top result ${s.topClickedPage}` : ', no result opened'}`;

export function pageFeedbackText(said: PageSignals, range: string, share: string, source: FeedbackSource, limit: number): string {
  const list = <T>(title: string, items: readonly T[], line: (item: T) => string): string[] =>
    items.length ? [`${title} (${n(items.length)}):`, ...items.slice(0, limit).map((item) => `- ${line(item)}`)] : [`${title}: none.`];
  return [
    `What readers said about ${said.pagePath} (${range}), from ${share}:`,
    `Votes: ${n(said.thumbsUp)} helpful, ${n(said.thumbsDown)} not helpful.`,
    ...list('Comments, pending first, then newest', said.comments, (c) => `[${c.status}, ${day(c.createdAt)}] ${quote(c.comment ?? '')}`),
    ...list('Searches whose top result is this page', said.searches, searchLine),
    ...list('Assistant questions that cited this page', said.questions, (q) => `${quote(q.query)} (${day(q.timestamp)})`),
    sourceLine(source),
  ].join('\n');
}

export interface SiteFeedback {
  site: string;
  unhappy: (UnhappyPage & { file: string | undefined })[];
  searches: SearchTerm[];
  questions: UnansweredQuestion[];
  partial: string[];
}

const whyText: Record<UnansweredQuestion['why'], string> = {
  clarifying: 'it asked a clarifying question',
  unanswered: 'marked as not covered by the docs',
  'no sources': 'answered without citing a page',
};

export function siteFeedbackText(sites: readonly SiteFeedback[], range: string, source: FeedbackSource, limit: number): string {
  if (!sites.length) return `No docs site with a project ID is open, so there is no feedback to read (${range}).`;
  const lines = sites.flatMap((s) => [
    `${s.site} (${range})${s.partial.length ? `; ${s.partial.join('; ')}` : ''}:`,
    `Unhappy readers (${n(s.unhappy.length)}):`,
    ...s.unhappy
      .slice(0, limit)
      .map(
        (p) => `- ${p.pagePath}${p.file ? ` (${p.file})` : ''}: ${n(p.thumbsDown)} down, ${n(p.thumbsUp)} up (${percent(p.share)} down)`,
      ),
    `Searches that found nothing (${n(s.searches.length)}):`,
    ...s.searches.slice(0, limit).map((t) => `- ${searchLine(t)}`),
    `Questions the assistant could not answer (${n(s.questions.length)}):`,
    ...s.questions.slice(0, limit).map((q) => `- ${quote(q.query)}, asked ${n(q.asked)}×: ${whyText[q.why]}`),
  ]);
  return [...lines, sourceLine(source)].join('\n');
}
