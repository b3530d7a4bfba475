// What the reader feedback tool says: a page's votes, comments, searches and assistant
// questions, or the site's groups (unhappy pages, searches that found nothing, questions the
// assistant could not answer), with the range, the share of the range read and where it came
// from beside them. What readers typed (and the paths they reached) is only ever in a fenced
// block it cannot close, after the sentence saying it is data (platform/data-fence.ts). Pure, so
// unit tests check it.
import * as l10n from '@vscode/l10n';
import type { PageSignals, UnansweredQuestion, UnhappyPage } from '../readers/reader-signals';
import type { SearchTerm } from '../api/signal-types';
import { analyticsLimitPerHour } from '../visitors/request-ledger';
import { count, plural } from '../platform/words';
import type { Confirmation } from './job-tool-text';
import type { ReadSource } from './read-source';
import { oneLine, percent } from '../readers/said-words';
import { searchesText } from '../readers/said-counts-text';
import { fencedData, fencedList } from '../platform/data-fence';

const day = (date: string | null): string => (date ? date.slice(0, 10) : l10n.t('undated'));

/** Where the answer came from: a kept read (free) or one made now. */
export type FeedbackSource = ReadSource;

export function sourceLine(source: FeedbackSource): string {
  if ('cachedAgo' in source) return l10n.t('From a read kept since {0} (no request).', source.cachedAgo);
  const args = [count(source.requests), count(source.used), count(analyticsLimitPerHour)];
  return plural(
    source.requests,
    l10n.t('Read now: {0} analytics request ({1} of the {2} an hour used on this machine).', ...args),
    l10n.t('Read now: {0} analytics requests ({1} of the {2} an hour used on this machine).', ...args),
  );
}

/** `pagePath`: the page asked about; none for the whole docs sites. */
export function feedbackCostConfirmation(pagePath: string | undefined, range: string, most: number, used: number): Confirmation {
  const args = [range, count(most), count(analyticsLimitPerHour), count(used)];
  return {
    title: l10n.t('Read what readers said from the analytics API?'),
    message:
      pagePath === undefined
        ? l10n.t(
            'Reading what readers said across the docs sites for {0} takes at most {1} of the {2} analytics requests an hour your organisation has; {3} used in the last hour on this machine. The read is kept for every window, so asking again costs nothing.',
            ...args,
          )
        : l10n.t(
            'Reading what readers said about {0} for {1} takes at most {2} of the {3} analytics requests an hour your organisation has; {4} used in the last hour on this machine. The read is kept for every window, so asking again costs nothing.',
            pagePath,
            ...args,
          ),
  };
}

/** Why a read is refused: it would pass the hour's budget (no read passes it). */
export function feedbackRefusalText(pagePath: string | undefined, most: number, used: number): string {
  const requests = plural(most, l10n.t('{0} request', count(most)), l10n.t('{0} requests', count(most)));
  const args = [requests, count(used), count(analyticsLimitPerHour)];
  return pagePath === undefined
    ? l10n.t(
        "reading what readers said across the docs sites takes up to {0} and {1} of the {2} an hour are used or held by reads under way; no read passes the hour's budget.",
        ...args,
      )
    : l10n.t(
        "reading what readers said about {0} takes up to {1} and {2} of the {3} an hour are used or held by reads under way; no read passes the hour's budget.",
        pagePath,
        ...args,
      );
}

/** A search, its numbers first and then what the reader typed, last on its line: nothing typed can pass for a number. */
function searchLine(s: SearchTerm): string {
  const searches = searchesText(s.hits);
  return s.topClickedPage
    ? l10n.t({
        message: '{0}, {1} click-through, top result {2}: {3}',
        args: [searches, percent(s.ctr), oneLine(s.topClickedPage), oneLine(s.query)],
        comment: ['A search readers made: how often, its click-through, the page most opened, then the search as typed (keep it last)'],
      })
    : l10n.t({
        message: '{0}, {1} click-through, no result opened: {2}',
        args: [searches, percent(s.ctr), oneLine(s.query)],
        comment: ['A search readers made: how often, its click-through, then the search as typed (keep it last)'],
      });
}

/**
 * A titled list, cut to `limit`: "Title (3):" then its items in a fence the items cannot close,
 * since they hold what readers typed (platform/data-fence.ts); or "Title: none."
 */
function list<T>(
  titled: { some: (n: string) => string; none: () => string },
  items: readonly T[],
  limit: number,
  line: (item: T) => string,
): string[] {
  if (!items.length) return [titled.none()];
  return [
    titled.some(count(items.length)),
    fencedData(
      'readers',
      items.slice(0, limit).map((item) => `- ${line(item)}`),
    ),
  ];
}

export function pageFeedbackText(said: PageSignals, range: string, share: string, source: FeedbackSource, limit: number): string {
  return [
    l10n.t('What readers said about {0} ({1}), from {2}:', said.pagePath, range, share),
    l10n.t('Votes: {0} helpful, {1} not helpful.', count(said.thumbsUp), count(said.thumbsDown)),
    ...list(
      {
        some: (n) => l10n.t('Comments, pending first, then newest ({0}):', n),
        none: () => l10n.t('Comments, pending first, then newest: none.'),
      },
      said.comments,
      limit,
      (c) =>
        l10n.t({
          message: '[{0}, {1}] {2}',
          args: [c.status, day(c.createdAt), oneLine(c.comment ?? '')],
          comment: ['A reader’s comment: [its status as the service names it, its day] then the comment as written (keep it last)'],
        }),
    ),
    ...list(
      {
        some: (n) => l10n.t('Searches whose top result is this page ({0}):', n),
        none: () => l10n.t('Searches whose top result is this page: none.'),
      },
      said.searches,
      limit,
      searchLine,
    ),
    ...list(
      {
        some: (n) => l10n.t('Assistant questions that cited this page ({0}):', n),
        none: () => l10n.t('Assistant questions that cited this page: none.'),
      },
      said.questions,
      limit,
      (q) =>
        l10n.t({
          message: '{0}: {1}',
          args: [day(q.timestamp), oneLine(q.query)],
          comment: ['The day a reader asked the assistant a question, then the question as written (keep it last)'],
        }),
    ),
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

function whyText(why: UnansweredQuestion['why']): string {
  switch (why) {
    case 'clarifying':
      return l10n.t('it asked a clarifying question');
    case 'unanswered':
      return l10n.t('marked as not covered by the docs');
    case 'no sources':
      return l10n.t('answered without citing a page');
  }
}

function unhappyLine(p: SiteFeedback['unhappy'][number]): string {
  const args = [count(p.thumbsDown), count(p.thumbsUp), percent(p.share)];
  return p.file
    ? l10n.t('{0} ({1}): {2} down, {3} up ({4} down)', oneLine(p.pagePath), p.file, ...args)
    : l10n.t('{0}: {1} down, {2} up ({3} down)', oneLine(p.pagePath), ...args);
}

function questionLine(q: UnansweredQuestion): string {
  return l10n.t({
    message: 'asked {0}×, {1}: {2}',
    args: [count(q.asked), whyText(q.why), oneLine(q.query)],
    comment: ['A question the assistant could not answer: how often, why, then the question as written (keep it last)'],
  });
}

/** A group's title with its count, then its first items in a fence (paths and words readers chose). */
function group(title: string, lines: readonly string[]): string[] {
  return lines.length ? [title, fencedList('readers', lines)] : [title];
}

function siteLines(s: SiteFeedback, range: string, limit: number): string[] {
  return [
    s.partial.length
      ? l10n.t({
          message: '{0} ({1}); {2}:',
          args: [s.site, range, s.partial.join('; ')],
          comment: ['A docs site, the range, then what was read only in part'],
        })
      : l10n.t({ message: '{0} ({1}):', args: [s.site, range], comment: ['A docs site, then the range'] }),
    ...group(l10n.t('Unhappy readers ({0}):', count(s.unhappy.length)), s.unhappy.slice(0, limit).map(unhappyLine)),
    ...group(l10n.t('Searches that found nothing ({0}):', count(s.searches.length)), s.searches.slice(0, limit).map(searchLine)),
    ...group(
      l10n.t('Questions the assistant could not answer ({0}):', count(s.questions.length)),
      s.questions.slice(0, limit).map(questionLine),
    ),
  ];
}

export function siteFeedbackText(sites: readonly SiteFeedback[], range: string, source: FeedbackSource, limit: number): string {
  if (!sites.length) return l10n.t('No docs site with a project ID is open, so there is no feedback to read ({0}).', range);
  return [...sites.flatMap((s) => siteLines(s, range, limit)), sourceLine(source)].join('\n');
}
