// Adding a redirect keeps the file as the writer wrote it: comments, indentation, order.
import * as assert from 'node:assert/strict';
import { applyEdits, parse } from 'jsonc-parser';
import { addRedirectEdits, closestPages } from '../../src/site/redirect-edit';

const redirect = { source: '/legacy/setup', destination: '/quickstart' };
const added = (text: string, path: (string | number)[], name = 'docs.json'): ReturnType<typeof addRedirectEdits> =>
  addRedirectEdits(text, path, redirect, name);
const add = (text: string, path: (string | number)[]): string => {
  const result = added(text, path);
  assert.ok('edits' in result, 'problem' in result ? result.problem : '');
  return applyEdits(text, result.edits);
};

describe('site: adding a redirect', () => {
  it('appends to docs.json’s list like the entry before it, keeping its comments and its four-space indentation', () => {
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
    assert.match(after, /\n {8}\{ "source": "\/legacy\/setup", "destination": "\/quickstart" \}\n {4}\]/);
    assert.ok(after.startsWith(text.slice(0, text.indexOf('{ "source": "/old"'))), 'what came before is untouched');
  });
  it('creates the list when docs.json has none, and appends to a $ref file that is the list itself', () => {
    const created = add('{\n  "name": "Acme"\n}\n', ['redirects']);
    assert.deepEqual(parse(created), { name: 'Acme', redirects: [{ source: '/legacy/setup', destination: '/quickstart' }] });
    const list = add('[\n\t{ "source": "/a", "destination": "/b" }\n]\n', []);
    assert.equal((parse(list) as unknown[]).length, 2);
    assert.match(list, /\n\t\{/);
  });
  it('appends to the list an object holds under `redirects`, as the site reads it, instead of replacing the object', () => {
    const inline = add('{ "redirects": { "redirects": [{ "source": "/a", "destination": "/b" }] } }', ['redirects']);
    assert.deepEqual(parse(inline), {
      redirects: { redirects: [{ source: '/a', destination: '/b' }, redirect] },
    });
    // A $ref'd file read as a list that has since become an object holding one.
    const file = add('{ "redirects": [] }', []);
    assert.deepEqual(parse(file), { redirects: [redirect] });
  });
  it('refuses, in one sentence, a value that is not a list, rather than overwrite it', () => {
    const unchanged = (text: string, path: (string | number)[], name: string): string => {
      const result = added(text, path, name);
      assert.ok('problem' in result, `${text} was edited`);
      return result.problem;
    };
    const tail =
      'not a list of redirects, so Docs Agent cannot add one without overwriting it. Make it a list, or add the redirect by hand.';
    assert.equal(
      unchanged('{ "redirects": { "source": "/a", "destination": "/b" } }', ['redirects'], 'docs.json'),
      `The "redirects" value in docs.json is an object, ${tail}`,
    );
    assert.equal(
      unchanged('{ "redirects": "/old -> /new" }', ['redirects'], 'mint.json'),
      `The "redirects" value in mint.json is a string, ${tail}`,
    );
    assert.equal(unchanged('"see the wiki"', [], 'redirects.json'), `redirects.json is a string, ${tail}`);
    assert.equal(unchanged('{ "moved": [] }', [], 'redirects.json'), `redirects.json is an object, ${tail}`);
  });
  it('says a docs.json whose top level is not an object is not one, instead of throwing', () => {
    assert.deepEqual(added('[{ "source": "/a", "destination": "/b" }]', ['redirects']), {
      problem: 'docs.json is not a JSON object, so Docs Agent cannot add a redirect to it.',
    });
    assert.deepEqual(added('"docs"', ['redirects']), {
      problem: 'docs.json is not a JSON object, so Docs Agent cannot add a redirect to it.',
    });
  });
  it('refuses a file with a JSON syntax error, naming its line, rather than guess where the list is', () => {
    assert.deepEqual(added('{\n  "name": "Acme",\n  "redirects": [\n    { "source": "/a" "destination": "/b" }\n  ]\n}\n', ['redirects']), {
      problem:
        'docs.json has a JSON syntax error (line 4), so Docs Agent cannot add a redirect to it. Fix it, then add the redirect again.',
    });
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
