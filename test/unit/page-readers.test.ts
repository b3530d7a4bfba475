// Every page's readers in one report, and the readers who arrive at no page: on the emulator's
// own visit log of the fixture site, whose retired pages are still read.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { aiShare, readersByPage, readersWithoutPage } from '../../src/readers/page-readers';
import { readDocsConfig } from '../../src/site/docs-config';
import { siteInventory } from '../../src/site/inventory';
import { listedPages } from '../../src/site/navigation';
import { redirectSourceFor } from '../../src/site/redirect-source';
import { pageAddress } from '../../src/site/page-address';
import { RedirectMatcher, redirectsOf } from '../../src/site/redirects';
import { readSitePaths } from '../emulator/fixture-site';
import { defaultDocsDir } from '../emulator/options';
import { stream } from '../emulator/prng';
import { fixtureLog } from '../emulator/visit-log';
import { truthFromVisits } from '../support/emulator/visit-truth';
import { relativeFilesUnder } from '../support/site-files';

describe('analytics: readers across the docs site', () => {
  const docs = defaultDocsDir();
  const today = '2026-03-15';
  const from = '2026-02-14';
  const day = Date.parse(`${today}T00:00:00Z`) / 86_400_000;
  const visits = fixtureLog(stream(7, 'fixture-log'), readSitePaths(docs), day).toVisits();
  const truth = truthFromVisits(visits, from, '2026-03-16');
  const rows = [...truth.byPath].map(([path, counts]) => ({ path, ...counts }));

  async function site() {
    const config = await readDocsConfig(docs.split('\\').join('/'), (file) => Promise.resolve(readFileSync(file, 'utf8')));
    assert.ok(config);
    return {
      pages: siteInventory(relativeFilesUnder(docs), listedPages(config.value.navigation)),
      redirects: new RedirectMatcher(redirectsOf(config.value.redirects)),
    };
  }

  it('finds the readers of retired pages that no file and no redirect serves', async () => {
    const { pages, redirects } = await site();
    assert.ok(truth.byPath.get('/beta/jobs/create'), 'the log has readers under /beta');
    assert.deepEqual(
      readersWithoutPage(rows, pages, redirects)
        .map((r) => r.path)
        .sort(),
      ['/articles/concepts-agents', '/guides/webhooks-v1', '/legacy/setup'],
    );
  });

  it('adds a redirect for a lost path only when it catches that path and no page: a visited pattern is refused', async () => {
    const { pages, redirects } = await site();
    const patterns = ['/:slug*', '/guides/*', '/a/:id', '/articles/concepts-*', '/docs/(.*)', '/guides/c++'];
    const plain = ['/getting started', '/old-page?ref=mail', '/caf%C3%A9/', '/quickstart-v0'];
    const visited = [...patterns, ...plain].map((path) => ({ path, human: 2, ai: 1, total: 3 }));
    const lost = readersWithoutPage([...rows, ...visited], pages, redirects);
    for (const { path } of visited)
      assert.ok(
        lost.some((row) => row.path === pageAddress(path)),
        `${path} is lost`,
      );
    const refused: string[] = [];
    for (const row of lost) {
      const made = redirectSourceFor(row.path, 'docs.json');
      if ('problem' in made) {
        refused.push(row.path);
        continue;
      }
      // The site with the new redirect: that row is served, every other row and every page is as it was.
      const added = new RedirectMatcher([...redirectsOf([{ source: made.source, destination: '/quickstart' }])]);
      assert.deepEqual(
        lost.filter((other) => added.covering(other.path)).map((other) => other.path),
        [row.path],
        made.source,
      );
      assert.deepEqual(
        pages.filter((page) => added.covering(page.pagePath)).map((page) => page.pagePath),
        [],
        `${made.source} catches pages`,
      );
    }
    assert.deepEqual(refused.sort(), [...patterns].sort());
    // An export's encoded form of a page's address is that page, never a path to redirect away.
    const cafe = [{ pagePath: '/café', file: 'café.mdx' }];
    assert.deepEqual(readersWithoutPage([{ path: '/caf%C3%A9/', human: 1, ai: 0, total: 1 }], cafe, new RedirectMatcher([])), []);
  });

  it('gives every page its counts and rank among all pages, an unread page none, and /a/ counts for /a', async () => {
    const { pages } = await site();
    const readers = readersByPage(pages, rows);
    const quickstart = readers.get('/quickstart');
    assert.deepEqual(
      quickstart && { human: quickstart.human, ai: quickstart.ai, total: quickstart.total },
      truth.byPath.get('/quickstart'),
    );
    // `of` counts pages, not spellings: the log's `/guides/webhooks/` is the same page as `/guides/webhooks`.
    const pagesRead = new Set(rows.map((r) => r.path.replace(/(.)\/$/, '$1'))).size;
    assert.ok(pagesRead < rows.length, 'the log has a trailing-slash twin');
    assert.equal(quickstart?.of, pagesRead);
    assert.equal(readers.get('/')?.rank, 1, 'the home page is read most');
    assert.deepEqual(readers.get('/drafts/unpublished'), { human: 0, ai: 0, total: 0, rank: undefined, of: pagesRead });
    const twin = readersByPage([{ pagePath: '/a', file: 'a.mdx' }], [{ path: '/a/', human: 3, ai: 1, total: 4 }]);
    assert.equal(twin.get('/a')?.total, 4);
  });

  it('AI’s share is of human and AI visits together', () => {
    assert.equal(aiShare({ human: 3, ai: 41, total: 43 }), 93);
    assert.equal(aiShare({ human: 0, ai: 0, total: 0 }), 0);
  });
});
