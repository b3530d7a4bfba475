// Adding a redirect keeps the file as the writer wrote it: comments, indentation, order.
import * as assert from 'node:assert/strict';
import { applyEdits, parse } from 'jsonc-parser';
import { addRedirectEdits, closestPages } from '../../src/site/redirect-edit';

const add = (text: string, path: (string | number)[]): string =>
  applyEdits(text, addRedirectEdits(text, path, { source: '/legacy/setup', destination: '/quickstart' }));

describe('site: adding a redirect', () => {
  it('appends to docs.json’s list and keeps its comments and its four-space indentation', () => {
    const text = `{
    // The site's name
    "name": "Acme",
    "redirects": [
        { "source": "/old", "destination": "/new" } // moved in 2025
    ]
}
`;
    const after = add(text, ['redirects']);
    assert.ok(after.includes("// The site's name") && after.includes('// moved in 2025'));
    assert.deepEqual((parse(after) as { redirects: unknown[] }).redirects, [
      { source: '/old', destination: '/new' },
      { source: '/legacy/setup', destination: '/quickstart' },
    ]);
    assert.match(after, /\n {8}\{\n {12}"source": "\/legacy\/setup"/);
    assert.ok(after.startsWith(text.slice(0, text.indexOf('{ "source": "/old"'))), 'what came before is untouched');
  });
  it('creates the list when docs.json has none, and appends to a $ref file that is the list itself', () => {
    const created = add('{\n  "name": "Acme"\n}\n', ['redirects']);
    assert.deepEqual(parse(created), { name: 'Acme', redirects: [{ source: '/legacy/setup', destination: '/quickstart' }] });
    const list = add('[\n\t{ "source": "/a", "destination": "/b" }\n]\n', []);
    assert.equal((parse(list) as unknown[]).length, 2);
    assert.match(list, /\n\t\{/);
  });
  it('offers the closest pages first', () => {
    const pages = ['/quickstart', '/guides/webhooks', '/guides/authentication', '/api-reference/jobs/create'].map((pagePath) => ({
      pagePath,
    }));
    assert.equal(closestPages('/guides/webhooks-v1', pages)[0]?.pagePath, '/guides/webhooks');
    assert.equal(closestPages('/beta/jobs/create', pages)[0]?.pagePath, '/api-reference/jobs/create');
    assert.equal(closestPages('/legacy/setup', pages).length, 4);
  });
});
