// The reader-signal exports' answers as the published schemas describe them, and as a less
// careful service might send them: what is kept, what defaults, what is refused, and that a
// reader's contact e-mail is never kept. Paging along the cursor, with a cap.
import * as assert from 'node:assert/strict';
import { MalformedResponseError } from '../../src/api/errors';
import { readCursorPages } from '../../src/api/signal-reads';
import type { CursorPage } from '../../src/api/signal-types';
import {
  parseAssistantPage,
  parseFeedbackPage,
  parsePageFeedback,
  parseSearchesPage,
  parseViewsPage,
} from '../../src/api/validate-signals';
import { assertMatchesSchema, loadOpenApi, responseSchema, sampleOf } from '../support/emulator/openapi-schema';

const published = loadOpenApi('analytics.openapi.json');
const schemaOf = (path: string): ReturnType<typeof responseSchema> =>
  responseSchema(published, `/v1/analytics/{projectId}/${path}`, 'get', '200');

function refused(parse: () => unknown, field: string): void {
  assert.throws(parse, (error: unknown) => error instanceof MalformedResponseError && error.message.includes(`"${field}"`));
}

describe('reader-signal answers, against the published schemas', () => {
  it('reads a sample of every export the schema describes', () => {
    const parsers: [string, (body: unknown, status: number) => unknown][] = [
      ['feedback/by-page', parsePageFeedback],
      ['feedback', parseFeedbackPage],
      ['searches', parseSearchesPage],
      ['assistant', parseAssistantPage],
      ['views', parseViewsPage],
    ];
    for (const [path, parse] of parsers) {
      const sample = sampleOf(published, schemaOf(path));
      assertMatchesSchema(published, schemaOf(path), sample, path);
      assert.doesNotThrow(() => parse(sample, 200), path);
    }
  });

  it('keeps a feedback entry’s words, status and helpfulness, and never the reader’s e-mail', () => {
    const said = {
      id: 'fb_1',
      path: '/guides/webhooks',
      comment: 'Retries are not explained',
      createdAt: '2026-11-20T10:00:00Z',
      source: 'contextual',
      status: 'pending',
      helpful: false,
    };
    const body = {
      feedback: [
        { ...said, contact: 'reader@example.com' },
        { id: 'fb_2', path: 'https://docs.acme.dev/quickstart', comment: null, createdAt: null, source: 'new_kind', status: 'triaged' },
      ],
      nextCursor: 'c2',
      hasMore: true,
    };
    assertMatchesSchema(published, schemaOf('feedback'), { ...body, feedback: [body.feedback[0]] });
    const page = parseFeedbackPage(body, 200);
    assert.equal(page.nextCursor, 'c2');
    assert.deepEqual(page.items[0], { ...said, code: null });
    assert.ok(!JSON.stringify(page).includes('reader@example.com'), 'the contact is not kept');
    assert.equal(page.items[1]?.source, 'other');
    assert.equal(page.items[1]?.status, 'other');
    assert.equal(page.items[1]?.helpful, null);
    refused(() => parseFeedbackPage({ feedback: [{ id: 'x' }], nextCursor: null, hasMore: false }, 200), 'feedback[0].path');
  });

  it('a page that says nothing follows ends the paging, whatever cursor it carries', () => {
    assert.equal(parseFeedbackPage({ feedback: [], nextCursor: 'stray', hasMore: false }, 200).nextCursor, null);
    assert.equal(parseAssistantPage({ conversations: [], nextCursor: '', hasMore: true }, 200).nextCursor, null);
  });

  it('searches: the click-through rate as a share (a percentage is read as one), no click as null', () => {
    const page = parseSearchesPage(
      {
        searches: [
          { searchQuery: 'webhook retries', hits: 12, ctr: 0.04, topClickedPage: null, lastSearchedAt: '2026-11-20T10:00:00Z' },
          { searchQuery: 'sso', hits: 3, ctr: 50, topClickedPage: '', lastSearchedAt: null },
        ],
        totalSearches: 40,
        nextCursor: null,
      },
      200,
    );
    assert.deepEqual(
      page.items.map((t) => [t.query, t.ctr, t.topClickedPage]),
      [
        ['webhook retries', 0.04, null],
        ['sso', 0.5, null],
      ],
    );
    assert.equal(page.totalSearches, 40);
    refused(() => parseSearchesPage({ searches: [{ searchQuery: 'x', hits: -1, ctr: 0 }], nextCursor: null }, 200), 'searches[0].hits');
  });

  it('assistant turns: an absent response type is an answer (as the schema says), sources kept, unanswered kept', () => {
    const page = parseAssistantPage(
      {
        conversations: [
          {
            id: 't1',
            timestamp: null,
            query: 'how do I retry a failed webhook?',
            response: 'See…',
            sources: [{ title: 'Webhooks', url: 'https://docs.acme.dev/guides/webhooks' }],
          },
          {
            id: 't2',
            query: 'which plan?',
            response: 'Which product do you use?',
            responseType: 'clarifying_question',
            resolutionStatus: 'unanswered',
          },
        ],
        nextCursor: null,
        hasMore: false,
      },
      200,
    );
    assert.equal(page.items[0]?.responseType, 'answer');
    assert.equal(page.items[0]?.sources[0]?.url, 'https://docs.acme.dev/guides/webhooks');
    assert.equal(page.items[1]?.responseType, 'clarifying_question');
    assert.equal(page.items[1]?.resolution, 'unanswered');
    assert.deepEqual(page.items[1]?.sources, []);
  });

  it('feedback by page: the counts, and whether more pages exist than the top ones sent', () => {
    const report = parsePageFeedback(
      { feedback: [{ path: '/quickstart', thumbsUp: 4, thumbsDown: 9, code: 1, total: 14 }], hasMore: true },
      200,
    );
    assert.deepEqual(report, { pages: [{ path: '/quickstart', thumbsUp: 4, thumbsDown: 9, code: 1, total: 14 }], hasMore: true });
    refused(() => parsePageFeedback({ feedback: [] }, 200), 'hasMore');
  });
});

describe('paging along a cursor', () => {
  const pages = (count: number, size = 2): ((cursor: string | undefined) => Promise<CursorPage<string>>) => {
    return (cursor) => {
      const index = cursor === undefined ? 0 : Number(cursor);
      const items = Array.from({ length: size }, (_, i) => `item-${index * size + i}`);
      return Promise.resolve({ items, nextCursor: index + 1 < count ? String(index + 1) : null });
    };
  };

  it('reads every page once, and says the range was read whole', async () => {
    const read = await readCursorPages(pages(3), (item) => item, { maxRequests: 10 });
    assert.equal(read.requests, 3);
    assert.equal(read.items.length, 6);
    assert.equal(read.complete, true);
  });

  it('stops at the cap, saying the read is partial', async () => {
    const read = await readCursorPages(pages(5), (item) => item, { maxRequests: 2 });
    assert.deepEqual([read.requests, read.items.length, read.complete], [2, 4, false]);
  });

  it('keeps an entry sent twice once, and refuses a cursor that comes back', async () => {
    const twice = await readCursorPages(
      (cursor) => Promise.resolve({ items: ['a', 'b'], nextCursor: cursor === undefined ? '1' : null }),
      (item) => item,
      { maxRequests: 5 },
    );
    assert.deepEqual(twice.items, ['a', 'b']);
    await assert.rejects(
      readCursorPages(
        () => Promise.resolve({ items: ['a'], nextCursor: 'same' }),
        (item) => item,
        { maxRequests: 5 },
      ),
      MalformedResponseError,
    );
  });
});
