// Which docs sites a file event makes stale, in a monorepo with two sites (one nested in the
// other's folder would be read with it): a file outside every root re-reads nothing, a page
// inside a root re-reads that site alone, and only a site configuration coming or going, or a
// root removed, looks for the roots again.
import * as assert from 'node:assert/strict';
import { type SiteFileEvent, staleAfter, type Staleness } from '../../src/site/site-staleness';

const sites = [
  { root: '/ws/docs', inputs: new Set(['/ws/docs/docs.json', '/ws/docs/openapi.json', '/ws/docs/.mintignore']) },
  { root: '/ws/packages/api-docs', inputs: new Set(['/ws/packages/api-docs/mint.json']) },
];
const nothing: Staleness = { rediscover: false, roots: [] };
const only = (...roots: string[]): Staleness => ({ rediscover: false, roots });
const page = (path: string): SiteFileEvent => ({ kind: 'page', path });
const siteFile = (path: string, change: 'created' | 'changed' | 'deleted'): SiteFileEvent => ({ kind: 'siteFile', path, change });
const removed = (path: string): SiteFileEvent => ({ kind: 'removed', path });

describe('docs sites: which ones a file event re-reads', () => {
  it('re-reads nothing for a page file created or deleted outside every docs root', () => {
    for (const path of ['/ws/README.md', '/ws/packages/app/CHANGELOG.md', '/ws/docs-old/page.mdx', '/ws/packages/api-docsx/a.md']) {
      assert.deepEqual(staleAfter(page(path), sites), nothing, path);
    }
  });

  it('re-reads only the site whose root holds a page created or deleted', () => {
    assert.deepEqual(staleAfter(page('/ws/docs/guides/new.mdx'), sites), only('/ws/docs'));
    assert.deepEqual(staleAfter(page('/ws/packages/api-docs/auth.md'), sites), only('/ws/packages/api-docs'));
  });

  it('re-reads both sites when one root is inside the other, since the outer site lists its files too', () => {
    const nested = [...sites, { root: '/ws/docs/v2', inputs: new Set<string>() }];
    assert.deepEqual(staleAfter(page('/ws/docs/v2/intro.mdx'), nested), only('/ws/docs', '/ws/docs/v2'));
  });

  it('ignores node_modules and .git, even inside a root', () => {
    const atTop = [{ root: '/ws', inputs: new Set<string>() }];
    assert.deepEqual(staleAfter(page('/ws/node_modules/pkg/README.md'), atTop), nothing);
    assert.deepEqual(staleAfter(siteFile('/ws/.git/x/docs.json', 'created'), atTop), nothing);
  });

  it('re-reads a site when a file it is built from changes, and nothing for a build’s JSON or another .mintignore', () => {
    assert.deepEqual(staleAfter(siteFile('/ws/docs/openapi.json', 'changed'), sites), only('/ws/docs'));
    assert.deepEqual(staleAfter(siteFile('/ws/docs/.mintignore', 'created'), sites), only('/ws/docs'));
    assert.deepEqual(staleAfter(siteFile('/ws/docs/docs.json', 'changed'), sites), only('/ws/docs'));
    for (const path of ['/ws/dist/stats.json', '/ws/packages/app/package.json', '/ws/other/.mintignore', '/ws/docs/snippets/data.yaml']) {
      assert.deepEqual(staleAfter(siteFile(path, 'changed'), sites), nothing, path);
    }
  });

  it('looks for the roots again when a docs.json or mint.json comes or goes, re-reading only the site in its folder', () => {
    assert.deepEqual(staleAfter(siteFile('/ws/new-site/docs.json', 'created'), sites), { rediscover: true, roots: [] });
    assert.deepEqual(staleAfter(siteFile('/ws/packages/api-docs/docs.json', 'created'), sites), {
      rediscover: true,
      roots: ['/ws/packages/api-docs'],
    });
    assert.deepEqual(staleAfter(siteFile('/ws/docs/docs.json', 'deleted'), sites), { rediscover: true, roots: ['/ws/docs'] });
  });

  it('re-reads a site when a folder inside it is removed, looks again when a root goes, and nothing otherwise', () => {
    assert.deepEqual(staleAfter(removed('/ws/docs/guides'), sites), only('/ws/docs'));
    assert.deepEqual(staleAfter(removed('/ws/packages'), sites), { rediscover: true, roots: [] });
    assert.deepEqual(staleAfter(removed('/ws/docs'), sites), { rediscover: true, roots: [] });
    assert.deepEqual(staleAfter(removed('/ws/scratch'), sites), nothing);
    assert.deepEqual(staleAfter(removed('/ws/notes.txt'), sites), nothing);
  });
});
