// Add Redirect writes a reader's address as a plain source, never as a pattern: the site reads
// `*` and `:name` in a source as wildcards and parameters, so `/guides/*` would catch every guide.
import * as assert from 'node:assert/strict';
import { redirectSourceFor } from '../../src/site/redirect-source';
import { RedirectMatcher } from '../../src/site/redirects';

const sentence = (characters: string, file = 'docs.json'): string =>
  `This address has characters the site reads as a pattern (${characters}), so a redirect from it would catch other pages too. Add it by hand in ${file} if you mean it.`;

describe('site: the source Add Redirect writes for a reader’s address', () => {
  it('refuses an address the site would read as a pattern, in one sentence naming its characters', () => {
    // Each address, and the characters the sentence names for it.
    const cases = {
      '/:slug*': ': *',
      '/guides/*': '*',
      '/a/:id': ':',
      '/articles/concepts-*/': '*',
      '/guides/*?from=mail': '*',
      '/docs/(.*)': '( * )',
      '/guides/c++': '+',
      '/v1/jobs:list': ':',
    };
    for (const [path, characters] of Object.entries(cases))
      assert.deepEqual(redirectSourceFor(path, 'docs.json'), { problem: sentence(characters) }, path);
    assert.deepEqual(redirectSourceFor('/guides/*', 'redirects.json'), { problem: sentence('*', 'redirects.json') });
  });

  it('writes a plain address as the path a browser requests: no query, anchor or trailing slash, spaces and letters encoded', () => {
    const cases: [string, string][] = [
      ['/legacy/setup', '/legacy/setup'],
      ['/legacy/setup/', '/legacy/setup'],
      ['legacy/setup', '/legacy/setup'],
      ['/legacy/setup?utm_source=mail#step-2', '/legacy/setup'],
      ['/getting started', '/getting%20started'],
      ['/café', '/caf%C3%A9'],
      ['/caf%C3%A9', '/caf%C3%A9'],
      ['/100%', '/100%25'],
      ['/a{b}', '/a%7Bb%7D'],
      ['/', '/'],
    ];
    for (const [path, source] of cases) assert.deepEqual(redirectSourceFor(path, 'docs.json'), { source }, path);
  });

  it('writes a source the site’s own matcher takes as exactly that address, in either form', () => {
    for (const path of ['/getting started', '/caf%C3%A9', '/café', '/a{b}', '/legacy/setup?x=1']) {
      const made = redirectSourceFor(path, 'docs.json');
      assert.ok('source' in made);
      const matcher = new RedirectMatcher([{ source: made.source, destination: '/quickstart' }]);
      assert.ok(matcher.covering(path), path);
      for (const other of ['/', '/getting', '/caf', '/legacy', `${path.replace(/\?.*$/, '')}/deeper`])
        assert.equal(matcher.covering(other), undefined, `${path} catches ${other}`);
    }
  });
});
