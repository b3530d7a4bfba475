// A docs site as its files and docs.json describe it: which pages exist, where the navigation
// lists them, which redirects catch a path, and where a page stands by its visitors.
import * as assert from 'node:assert/strict';
import { standingMark, standingOf } from '../../src/site/page-standing';
import { readDocsConfig } from '../../src/site/docs-config';
import { siteInventory } from '../../src/site/inventory';
import { excludedBy } from '../../src/site/mintignore';
import { listedPages, pagePathOfEntry, readNavigation } from '../../src/site/navigation';
import { generatedPages, urlPart } from '../../src/site/openapi-pages';
import { RedirectMatcher, redirectsOf } from '../../src/site/redirects';

describe('site: where a page stands, as its Explorer badge shows it', () => {
  const badge = (rank: number | undefined, of: number): string => standingMark[standingOf(rank, of)];
  it('a mark by standing among the ranked pages, and 0 for a page nobody read', () => {
    assert.deepEqual(
      [1, 10, 11, 50, 51, 100].map((rank) => badge(rank, 100)),
      ['★', '★', '☆', '☆', '·', '·'],
    );
    assert.equal(badge(undefined, 100), '0');
    assert.equal(badge(1, 1), '★', 'a site with one read page: it is the most read');
    assert.equal(badge(2, 3), '·');
  });
  it('is one character that never reads as a time or a git state, and never drops as the rank rises', () => {
    let last = 4;
    const height = ['0', '·', '☆', '★'];
    for (let rank = 1; rank <= 1_000; rank++) {
      const mark = badge(rank, 1_000);
      assert.equal(mark.length, 1);
      assert.doesNotMatch(mark, /[hkmsdMUADRC]/);
      assert.ok(height.indexOf(mark) <= last, `rank ${rank} gives ${mark}`);
      last = height.indexOf(mark);
    }
  });
});

describe('site: which redirect catches a path', () => {
  const matcher = new RedirectMatcher(
    redirectsOf([
      { source: '/editor/drafts', destination: '/editor/publishing' },
      { source: '/beta/:slug*', destination: '/v2/:slug*' },
      { source: '/posts/:id', destination: '/blog/:id' },
      { source: '/articles/concepts-*', destination: '/concepts' },
      { source: '/settings/authentication-personalization/*', destination: '/settings/auth' },
      { source: 42, destination: '/ignored' },
    ]),
  );
  const caught: [string, string | undefined][] = [
    ['/editor/drafts', '/editor/drafts'],
    ['/editor/drafts/', '/editor/drafts'],
    ['/editor/drafts?x=1', '/editor/drafts'],
    ['/editor/draftsx', undefined],
    ['/beta', '/beta/:slug*'],
    ['/beta/a/b/c', '/beta/:slug*'],
    ['/betamax', undefined],
    ['/posts/12', '/posts/:id'],
    ['/posts/12/comments', undefined],
    ['/articles/concepts-agents', '/articles/concepts-*'],
    ['/articles/other', undefined],
    ['/settings/authentication-personalization/sso', '/settings/authentication-personalization/*'],
    ['/settings/authentication-personalization', '/settings/authentication-personalization/*'],
    ['/ignored', undefined],
  ];
  for (const [path, source] of caught) {
    it(`${path}: ${source ?? 'no redirect'}`, () => assert.equal(matcher.covering(path)?.source, source));
  }
  it('treats regular-expression characters in a source as text', () => {
    assert.equal(new RedirectMatcher([{ source: '/a.b/(x)', destination: '/' }]).covering('/aXb/(x)'), undefined);
    assert.ok(new RedirectMatcher([{ source: '/a.b/(x)', destination: '/' }]).covering('/a.b/(x)'));
  });
  it('keeps a partial wildcard inside its one segment, as the platform documents', () => {
    const partial = new RedirectMatcher([{ source: '/articles/concepts-*', destination: '/concepts' }]);
    assert.ok(partial.covering('/articles/concepts-'));
    assert.equal(partial.covering('/articles/concepts-agents/deep/page'), undefined);
  });
  it('reads a source without its leading slash as a path, never as the home page', () => {
    const bare = new RedirectMatcher([{ source: 'old-page', destination: '/new-page' }]);
    assert.equal(bare.covering('/'), undefined);
    assert.equal(bare.covering('/old-page')?.source, 'old-page');
  });
  it('reads `?` after a parameter as optional, and a query or anchor in a source as no part of it', () => {
    const optional = new RedirectMatcher([{ source: '/docs/:page?', destination: '/' }]);
    for (const path of ['/docs', '/docs/intro']) assert.ok(optional.covering(path), path);
    assert.equal(optional.covering('/docs/a/b'), undefined);
    const query = new RedirectMatcher([{ source: '/old?ref=mail#top', destination: '/' }]);
    assert.ok(query.covering('/old'));
  });
  it('takes an address and its percent-encoded form as one, and an encoded slash as no segment break', () => {
    const encoded = new RedirectMatcher([{ source: '/getting%20started/caf%C3%A9', destination: '/' }]);
    assert.ok(encoded.covering('/getting started/café'));
    assert.ok(encoded.covering('/getting%20started/caf%c3%a9/'));
    const plain = new RedirectMatcher([{ source: '/getting started/:page*', destination: '/' }]);
    assert.ok(plain.covering('/getting%20started/a'));
    assert.equal(new RedirectMatcher([{ source: '/a%2Fb', destination: '/' }]).covering('/a/b'), undefined);
  });
  it('lets a :slug* in the middle stand for no segment at all', () => {
    const middle = new RedirectMatcher([{ source: '/a/:slug*/edit', destination: '/b' }]);
    for (const path of ['/a/edit', '/a/x/edit', '/a/x/y/edit']) assert.ok(middle.covering(path), path);
    assert.equal(middle.covering('/a/x'), undefined);
  });
});

describe('site: the pages docs.json’s navigation lists', () => {
  it('reads an entry as a page path: no extension, index at its folder, links are not pages', () => {
    assert.equal(pagePathOfEntry('guides/webhooks'), '/guides/webhooks');
    assert.equal(pagePathOfEntry('/es/index'), '/es');
    assert.equal(pagePathOfEntry('index'), '/');
    assert.equal(pagePathOfEntry('guides/intro.mdx'), '/guides/intro');
    assert.equal(pagePathOfEntry('https://example.com/x'), undefined);
  });
  it('walks languages, versions, tabs, anchors, dropdowns and nested groups with their roots, naming each level', () => {
    const navigation = {
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: 'v2',
              tabs: [
                {
                  tab: 'Guides',
                  groups: [
                    {
                      group: 'Start',
                      pages: ['index', 'quickstart', { group: 'Webhooks', root: 'guides/webhooks', pages: ['guides/webhooks/retries'] }],
                    },
                  ],
                },
                { tab: 'API', anchors: [{ anchor: 'Reference', dropdowns: [{ dropdown: 'Jobs', pages: ['api/jobs/get'] }] }] },
              ],
            },
          ],
        },
        { language: 'es', groups: [{ group: 'Inicio', pages: ['es/quickstart', 'quickstart'] }] },
      ],
    };
    const en = [
      { kind: 'language', label: 'en' },
      { kind: 'version', label: 'v2' },
    ];
    assert.deepEqual(
      listedPages(navigation).map((p) => [p.pagePath, p.sections.map((section) => `${section.kind} ${section.label}`).join(' > ')]),
      [
        ['/', 'language en > version v2 > tab Guides'],
        ['/quickstart', 'language en > version v2 > tab Guides'],
        ['/guides/webhooks', 'language en > version v2 > tab Guides'],
        ['/guides/webhooks/retries', 'language en > version v2 > tab Guides'],
        ['/api/jobs/get', 'language en > version v2 > tab API > dropdown Jobs'],
        ['/es/quickstart', 'language es'],
      ],
      'a group is no section; a language, version, tab and dropdown are',
    );
    assert.deepEqual(listedPages(navigation)[0]?.sections.slice(0, 2), en);
    assert.deepEqual(
      listedPages(navigation).map(({ pagePath, trail }) => ({ pagePath, trail })),
      [
        { pagePath: '/', trail: ['en', 'v2', 'Guides', 'Start'] },
        { pagePath: '/quickstart', trail: ['en', 'v2', 'Guides', 'Start'] },
        { pagePath: '/guides/webhooks', trail: ['en', 'v2', 'Guides', 'Start', 'Webhooks'] },
        { pagePath: '/guides/webhooks/retries', trail: ['en', 'v2', 'Guides', 'Start', 'Webhooks'] },
        { pagePath: '/api/jobs/get', trail: ['en', 'v2', 'API', 'Reference', 'Jobs'] },
        { pagePath: '/es/quickstart', trail: ['es', 'Inicio'] },
      ],
    );
  });
  it('reads mint.json’s older list of groups', () => {
    assert.deepEqual(listedPages([{ group: 'Start', pages: ['intro'] }]), [{ pagePath: '/intro', trail: ['Start'], sections: [] }]);
  });
});

describe('site: docs.json split over files', () => {
  const files = new Map<string, string>([
    [
      '/site/docs.json',
      `{
        // comments and trailing commas, as real sites write it
        "navigation": { "languages": [{ "language": "en", "$ref": "./nav/en.json" }, { "$ref": "./nav/es.json" }] },
        "redirects": { "$ref": "./redirects.json" },
      }`,
    ],
    ['/site/nav/en.json', '{ "language": "en", "groups": [{ "group": "Start", "pages": ["quickstart"] }] }'],
    ['/site/nav/es.json', '{ "language": "es", "groups": [{ "$ref": "../../outside.json" }, { "$ref": "./es.json" }] }'],
    ['/site/redirects.json', '[{ "source": "/old", "destination": "/quickstart" }]'],
  ]);
  const read = (file: string): Promise<string | undefined> => Promise.resolve(files.get(file));

  it('resolves every $ref relative to the file holding it, and finds where the redirects live', async () => {
    const config = await readDocsConfig('/site', read);
    assert.ok(config);
    assert.deepEqual(
      listedPages(config.value.navigation).map(({ pagePath, trail }) => ({ pagePath, trail })),
      [{ pagePath: '/quickstart', trail: ['en', 'Start'] }],
    );
    assert.deepEqual(redirectsOf(config.value.redirects), [{ source: '/old', destination: '/quickstart' }]);
    assert.deepEqual(config.redirectsAt, { file: '/site/redirects.json', path: [] });
  });
  it('refuses a $ref outside the docs folder and one that loops, saying so, and reads the rest', async () => {
    const config = await readDocsConfig('/site', read);
    assert.equal(config?.problems.length, 2);
    assert.match(config?.problems[0] ?? '', /outside the docs folder/);
    assert.match(config?.problems[1] ?? '', /refers back to itself/);
  });
  it('never offers to write redirects to a $ref file outside the docs folder', async () => {
    const outside = await readDocsConfig('/s', (f) =>
      Promise.resolve(f === '/s/docs.json' ? '{"redirects": {"$ref": "../home/.bashrc"}}' : f === '/home/.bashrc' ? '[]' : undefined),
    );
    assert.equal(outside?.redirectsAt, undefined);
    assert.match(outside?.problems[0] ?? '', /outside the docs folder/);
  });
  it('keeps redirects in docs.json when they are written there, and reads an older mint.json', async () => {
    const inline = await readDocsConfig('/s', (f) => Promise.resolve(f === '/s/mint.json' ? '{"redirects": []}' : undefined));
    assert.deepEqual(inline?.redirectsAt, { file: '/s/mint.json', path: ['redirects'] });
    assert.equal(await readDocsConfig('/none', () => Promise.resolve(undefined)), undefined);
  });
});

describe('site: every page of a docs root', () => {
  it('lists navigation’s pages first with their place, then hidden files; snippets and other files are not pages', () => {
    const pages = siteInventory(
      ['quickstart.mdx', 'guides/index.mdx', 'drafts/unpublished.mdx', '_snippets/note.mdx', 'images/logo.png', '.hidden/x.md'],
      [
        { pagePath: '/guides', trail: ['Guides'], sections: [] },
        { pagePath: '/quickstart', trail: ['Start'], sections: [] },
        { pagePath: '/planned', trail: ['Start'], sections: [] },
      ],
    );
    assert.deepEqual(pages, [
      { pagePath: '/guides', trail: ['Guides'], sections: [], file: 'guides/index.mdx' },
      { pagePath: '/quickstart', trail: ['Start'], sections: [], file: 'quickstart.mdx' },
      { pagePath: '/planned', trail: ['Start'], sections: [] },
      { pagePath: '/drafts/unpublished', file: 'drafts/unpublished.mdx' },
    ]);
  });
});

describe('site: API pages generated from OpenAPI files', () => {
  const spec = {
    paths: {
      '/users': {
        get: { tags: ['User Accounts'], summary: "List (all) users, 'fast'." },
        post: { 'x-mint': { href: '/Reference/Users/v1.2' } },
      },
      '/users/{id}/posts': { get: {} },
      '/internal': { get: { summary: 'Secret', 'x-excluded': true } },
    },
  };
  it('reads "GET /users" entries as operations of the nearest spec, never as pages', () => {
    const navigation = readNavigation({
      tabs: [
        {
          tab: 'API',
          openapi: { source: 'specs/api.yaml', directory: 'REST' },
          groups: [{ group: 'Users', pages: ['GET /users', 'guides/intro', 'other.json POST /x'] }],
        },
      ],
    });
    assert.deepEqual(navigation.pages, [{ pagePath: '/guides/intro', trail: ['API', 'Users'], sections: [{ kind: 'tab', label: 'API' }] }]);
    assert.deepEqual(
      navigation.api.map((l) => [l.spec.source, l.spec.directory, l.operations]),
      [
        ['specs/api.yaml', 'rest', [{ method: 'get', path: '/users' }]],
        ['other.json', 'rest', [{ method: 'post', path: '/x' }]],
      ],
    );
  });
  it('names pages by directory, tag and summary, by x-mint.href, or by method and path; x-excluded gets none', () => {
    const listing = { spec: { source: 'a.json', directory: 'api-reference' }, operations: undefined, trail: [], sections: [] };
    assert.deepEqual(
      generatedPages(spec, listing).map((p) => p.pagePath),
      ['/api-reference/user-accounts/list-all-users-fast', '/reference/users/v1', '/api-reference/get-users-posts'],
    );
    assert.equal(urlPart("Get a user's {id} (v2.0)"), 'get-a-users-id-v20');
  });
});

describe('site: files .mintignore excludes', () => {
  it('follows gitignore rules: folders, globs, negation, and nothing without a file', async () => {
    const excluded = await excludedBy('# internal\ntools/\n*.draft.mdx\ndrafts/*\n!drafts/keep.mdx\n');
    const pages = siteInventory(
      ['tools/a.mdx', 'guide.draft.mdx', 'drafts/x.mdx', 'drafts/keep.mdx', 'guide.mdx', 'snippets/cta.mdx'],
      [],
      { excluded },
    );
    assert.deepEqual(
      pages.map((p) => p.pagePath),
      ['/drafts/keep', '/guide'],
    );
    assert.equal((await excludedBy(undefined))('anything.mdx'), false);
  });
});
