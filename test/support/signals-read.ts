// A small read of what readers said, for the pure tests: a page voted down with comments on it
// as a path and as URLs, searches that led nowhere, and assistant questions.
import type { AssistantTurn, FeedbackEntry, SearchTerm } from '../../src/api/signal-types';
import type { SignalsRead } from '../../src/readers/reader-signals';

export const entry = (
  id: string,
  path: string,
  comment: string | null,
  status: FeedbackEntry['status'],
  createdAt: string,
): FeedbackEntry => ({
  id,
  path,
  comment,
  createdAt,
  source: 'contextual',
  status,
  helpful: false,
  code: null,
});
export const search = (query: string, hits: number, ctr: number, topClickedPage: string | null): SearchTerm => ({
  query,
  hits,
  ctr,
  topClickedPage,
  lastSearchedAt: null,
});
export const turn = (id: string, query: string, cited: string[], more: Partial<AssistantTurn> = {}): AssistantTurn => ({
  id,
  timestamp: `2026-11-${id.padStart(2, '0')}T10:00:00Z`,
  query,
  response: '…',
  responseType: 'answer',
  sources: cited.map((url) => ({ title: url, url })),
  resolution: 'answered',
  pageUrl: null,
  ...more,
});

export const read: SignalsRead = {
  pageFeedback: [
    { path: '/guides/webhooks', thumbsUp: 2, thumbsDown: 9, code: 0, total: 11 },
    { path: 'https://docs.acme.dev/quickstart/', thumbsUp: 10, thumbsDown: 3, code: 1, total: 14 },
    { path: '/changelog', thumbsUp: 0, thumbsDown: 3, code: 0, total: 3 },
  ],
  pageFeedbackHasMore: false,
  entries: [
    entry('a', '/guides/webhooks', 'Old but resolved', 'resolved', '2026-11-22T10:00:00Z'),
    entry('b', 'https://docs.acme.dev/guides/webhooks', 'Retries are not explained', 'pending', '2026-11-01T10:00:00Z'),
    entry('c', '/guides/webhooks/', 'What is the backoff?', 'pending', '2026-11-20T10:00:00Z'),
    entry('d', '/guides/webhooks', null, 'pending', '2026-11-21T10:00:00Z'),
    entry('e', '/quickstart', 'Great', 'pending', '2026-11-21T10:00:00Z'),
  ],
  entriesComplete: false,
  searches: [
    search('webhook retries', 12, 0.04, null),
    search('quickstart', 40, 0.8, '/quickstart'),
    search('rate limit headers', 6, 0.05, 'https://docs.acme.dev/api/limits'),
    search('sso', 2, 0, null),
  ],
  totalSearches: 60,
  searchesComplete: true,
  turns: [
    turn('1', 'How do I retry a failed webhook?', ['https://docs.acme.dev/guides/webhooks']),
    turn('2', 'how do I retry a failed webhook?', ['https://docs.acme.dev/guides/webhooks']),
    turn('3', 'Which plan has SSO?', [], { responseType: 'clarifying_question' }),
    turn('4', 'Do webhook retries back off?', [], { resolution: 'unanswered' }),
    turn('5', 'Where is the quickstart?', ['https://docs.acme.dev/quickstart']),
  ],
  turnsComplete: true,
};
