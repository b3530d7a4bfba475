// What the Pages view lists: sorting, the filter, and the groups that say what to fix.
import * as assert from 'node:assert/strict';
import type { PageReaders } from '../../src/readers/page-readers';
import { pagesGroups, type PagesOptions } from '../../src/readers/pages-model';

const read = (human: number, ai: number, total: number, rank: number): PageReaders => ({ human, ai, total, rank, of: 3 });
const pages = [
  { pagePath: '/guides/webhooks', file: 'guides/webhooks.mdx' },
  { pagePath: '/quickstart', file: 'quickstart.mdx' },
  { pagePath: '/api/llms', file: 'api/llms.mdx' },
  { pagePath: '/drafts/old', file: 'drafts/old.mdx' },
  { pagePath: '/planned' },
];
const readers = new Map([
  ['/guides/webhooks', read(3, 41, 43, 2)],
  ['/quickstart', read(300, 60, 340, 1)],
  ['/api/llms', read(1, 9, 10, 3)],
]);
const missing = [{ path: '/legacy/setup', human: 5, ai: 1, total: 6 }];
const options: PagesOptions = { sort: 'visitors', filter: '', mostlyAiPercent: 50 };
const paths = (rows: { pagePath: string }[]): string[] => rows.map((r) => r.pagePath);

describe('analytics: what the Pages view lists', () => {
  it('sorts every page by visitors, by AI share or by name', () => {
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, options).all), [
      '/quickstart',
      '/guides/webhooks',
      '/api/llms',
      '/drafts/old',
      '/planned',
    ]);
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, { ...options, sort: 'aiShare' }).all).slice(0, 3), [
      '/guides/webhooks',
      '/api/llms',
      '/quickstart',
    ]);
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, { ...options, sort: 'name' }).all), [
      '/api/llms',
      '/drafts/old',
      '/guides/webhooks',
      '/planned',
      '/quickstart',
    ]);
  });
  it('unread pages are files nobody read; a listed page without a file is not one', () => {
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, options).unread), ['/drafts/old']);
  });
  it('mostly AI is above the threshold', () => {
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, options).mostlyAi), ['/guides/webhooks', '/api/llms']);
    assert.deepEqual(paths(pagesGroups(pages, readers, missing, { ...options, mostlyAiPercent: 92 }).mostlyAi), ['/guides/webhooks']);
  });
  it('the filter matches a path or a file name, in any case, in every group', () => {
    const groups = pagesGroups(pages, readers, missing, { ...options, filter: 'LLMS.mdx' });
    assert.deepEqual(paths(groups.all), ['/api/llms']);
    assert.deepEqual(groups.withoutPage, []);
    assert.deepEqual(pagesGroups(pages, readers, missing, { ...options, filter: 'legacy' }).withoutPage, missing);
  });
});
