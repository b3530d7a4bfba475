// The prompt Ask the Agent starts from: it names the pages and their numbers, and what to do.
import * as assert from 'node:assert/strict';
import { askGroupPrompt, askPrompt } from '../../src/readers/ask-prompt';
import { inRange } from '../../src/visitors/date-range';

const webhooks = {
  kind: 'page' as const,
  pagePath: '/guides/webhooks',
  file: 'guides/webhooks.mdx',
  readers: { human: 3, ai: 41, total: 43, rank: 7, of: 12 },
};

describe('analytics: the prompt Ask the Agent starts from', () => {
  it('a page read mostly by AI: its numbers, and to make it more useful for people', () => {
    const prompt = askPrompt(webhooks, 'Last 30 days', 50);
    assert.match(
      prompt,
      /^\/guides\/webhooks had 3 human and 41 AI visitors in the last 30 days \(rank 7 of 12\); most of its readers are AI crawlers\./,
    );
    assert.match(prompt, /Make guides\/webhooks\.mdx more useful for human readers/);
  });
  it('an unread page: to make it easier to find; a path without a page: a redirect', () => {
    const unread = { ...webhooks, readers: { human: 0, ai: 0, total: 0, rank: undefined, of: 12 } };
    assert.match(
      askPrompt(unread, 'Nov 1–20, 2026', 50),
      /^\/guides\/webhooks had no visitors in Nov 1–20, 2026\. Check that guides\/webhooks\.mdx is easy to find/,
    );
    const lost = askPrompt({ kind: 'withoutPage', row: { path: '/legacy/setup', human: 5, ai: 1, total: 6 } }, 'Last 7 days', 50);
    assert.match(
      lost,
      /^Readers still arrive at \/legacy\/setup \(6 visitors in the last 7 days\), which no page and no redirect serves\. Add a redirect/,
    );
  });
  it('a generated API page: the operation in its OpenAPI file, which is what the agent can change', () => {
    const api = {
      kind: 'page' as const,
      pagePath: '/api/charges/get',
      file: undefined,
      generated: { title: 'Get a charge', spec: 'openapi/payments.json' },
      readers: webhooks.readers,
    };
    assert.match(
      askPrompt(api, 'Last 30 days', 50),
      /Make the "Get a charge" operation in openapi\/payments\.json \(its page is \/api\/charges\/get\) more useful/,
    );
  });
  it('a group: the task, then one line per page with its numbers, at most 20', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...webhooks, pagePath: `/p${i}` }));
    const prompt = askGroupPrompt('mostlyAi', many, 'Last 30 days');
    const lines = prompt.split('\n');
    assert.match(lines[0] ?? '', /^These pages are read mostly by AI crawlers\..* \(and 5 more\)$/);
    assert.equal(lines.length, 21);
    assert.equal(lines[1], '- /p0 had 3 human and 41 AI visitors in the last 30 days (rank 7 of 12)');
  });
  it('says a range inside a sentence', () => {
    assert.equal(inRange('Last 90 days'), 'in the last 90 days');
    assert.equal(inRange('Nov 1–20, 2026'), 'in Nov 1–20, 2026');
  });
});
