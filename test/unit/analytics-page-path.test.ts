// From a file to its page path: docs root discovery (docs.json before mint.json, never above
// the workspace folder, or a root from the settings), the path rules, and matching rows.
import * as assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import * as path from 'node:path';
import { type PageResult, pageForFile, rowsForPage } from '../../src/visitors/page-path';
import type { PathRow } from '../../src/visitors/protocol';

/** A file system that is a Set of paths; also records what was asked. */
function fakeFs(files: readonly string[]): { exists: (p: string) => Promise<boolean>; asked: string[] } {
  const set = new Set(files);
  const asked: string[] = [];
  return {
    asked,
    exists: (p) => {
      asked.push(p);
      return Promise.resolve(set.has(p));
    },
  };
}

const ws = '/home/me/site';
const fs = fakeFs([`${ws}/docs/docs.json`, `${ws}/legacy/mint.json`, `${ws}/legacy/v2/docs.json`, `/home/me/docs.json`]);
const page = (root: string, pagePath: string): PageResult => ({ kind: 'page', root, pagePath });

async function reasonFor(file: string, options: Partial<Parameters<typeof pageForFile>[1]> = {}): Promise<string> {
  const result = await pageForFile(file, { workspaceFolder: ws, exists: fs.exists, ...options });
  assert.equal(result.kind, 'notPage', JSON.stringify(result));
  return result.kind === 'notPage' ? result.reason : '';
}

describe('analytics: from a file to a page path', () => {
  const map = (file: string): Promise<PageResult> => pageForFile(file, { workspaceFolder: ws, exists: fs.exists });

  it('maps pages relative to the folder holding docs.json, without the extension', async () => {
    assert.deepEqual(await map(`${ws}/docs/quickstart.mdx`), page(`${ws}/docs`, '/quickstart'));
    assert.deepEqual(await map(`${ws}/docs/api-reference/jobs/create.mdx`), page(`${ws}/docs`, '/api-reference/jobs/create'));
    assert.deepEqual(await map(`${ws}/docs/guides/rate-limits.md`), page(`${ws}/docs`, '/guides/rate-limits'));
  });

  it('reads the extension in any letter case', async () => {
    assert.deepEqual(await map(`${ws}/docs/guides/Setup.MDX`), page(`${ws}/docs`, '/guides/Setup'));
    assert.deepEqual(await map(`${ws}/docs/notes.Md`), page(`${ws}/docs`, '/notes'));
  });

  it('serves index at its folder, and the root index at /', async () => {
    assert.deepEqual(await map(`${ws}/docs/index.mdx`), page(`${ws}/docs`, '/'));
    assert.deepEqual(await map(`${ws}/docs/guides/index.mdx`), page(`${ws}/docs`, '/guides'));
    assert.deepEqual(await map(`${ws}/docs/api-reference/jobs/index.md`), page(`${ws}/docs`, '/api-reference/jobs'));
  });

  it('falls back to mint.json, but a nearer docs.json wins over a farther mint.json', async () => {
    assert.deepEqual(await map(`${ws}/legacy/guides/start.mdx`), page(`${ws}/legacy`, '/guides/start'));
    assert.deepEqual(await map(`${ws}/legacy/v2/start.mdx`), page(`${ws}/legacy/v2`, '/start'));
    // A docs.json farther up than a mint.json still wins: mint.json is the older format.
    const both = fakeFs([`${ws}/docs.json`, `${ws}/old/mint.json`]);
    assert.deepEqual(await pageForFile(`${ws}/old/a.mdx`, { workspaceFolder: ws, exists: both.exists }), page(ws, '/old/a'));
  });

  it('says a file the docs folder’s .mintignore excludes, or one in its snippets folder, is not a page', async () => {
    const readText = (p: string): Promise<string | undefined> =>
      Promise.resolve(p === `${ws}/docs/.mintignore` ? 'AGENTS.md\nwriting-guides/\n' : undefined);
    for (const file of ['AGENTS.md', 'writing-guides/voice.mdx']) {
      assert.match(await reasonFor(`${ws}/docs/${file}`, { readText }), /\.mintignore excludes it/);
    }
    assert.match(await reasonFor(`${ws}/docs/snippets/cta.mdx`), /snippets/);
    assert.deepEqual(
      await pageForFile(`${ws}/docs/guide.md`, { workspaceFolder: ws, exists: fs.exists, readText }),
      page(`${ws}/docs`, '/guide'),
    );
  });

  it('never looks above the workspace folder', async () => {
    const probe = fakeFs([`/home/me/docs.json`]);
    const reason = await reasonFor(`${ws}/other/page.mdx`, { exists: probe.exists });
    assert.match(reason, /not inside a docs project.*docs\.json or mint\.json/);
    assert.ok(
      probe.asked.every((p) => p.startsWith(`${ws}/`)),
      probe.asked.join(', '),
    );
    // Without a workspace folder the search goes up to /.
    const anywhere = await pageForFile(`${ws}/other/page.mdx`, { exists: probe.exists });
    assert.deepEqual(anywhere, page('/home/me', '/site/other/page'));
    assert.match(await reasonFor('/elsewhere/docs/page.mdx'), /outside the workspace folder/);
  });

  it('uses the root from the settings instead of searching', async () => {
    const none = fakeFs([]);
    const options = { workspaceFolder: ws, rootOverride: `${ws}/content/`, exists: none.exists };
    assert.deepEqual(await pageForFile(`${ws}/content/guides/index.mdx`, options), page(`${ws}/content`, '/guides'));
    assert.deepEqual(none.asked, []);
    assert.match(
      await reasonFor(`${ws}/docs/quickstart.mdx`, { rootOverride: `${ws}/content` }),
      /outside the docs folder set in the settings/,
    );
  });

  it('says why snippets, hidden files and other files are not pages', async () => {
    assert.match(await reasonFor(`${ws}/docs/_snippets/note.mdx`), /folder _snippets .*'_' hold snippets/);
    assert.match(await reasonFor(`${ws}/docs/guides/_partial.mdx`), /file _partial\.mdx .*'_' hold snippets/);
    assert.match(await reasonFor(`${ws}/docs/.github/template.md`), /folder \.github .*hidden/);
    assert.match(await reasonFor(`${ws}/docs/logo.svg`), /logo\.svg is not a docs page: only \.mdx and \.md/);
    assert.match(await reasonFor(`${ws}/docs/docs.json`), /only \.mdx and \.md/);
    assert.match(await reasonFor(`${ws}/docs/page.mdx.bak`), /only \.mdx and \.md/);
  });

  it('maps the real fixture site on disk', async () => {
    const workspace = path.resolve(__dirname, '../../../test/fixtures/workspace');
    const exists = (p: string): Promise<boolean> =>
      access(p).then(
        () => true,
        () => false,
      );
    const options = { workspaceFolder: workspace, exists };
    assert.deepEqual(await pageForFile(`${workspace}/docs/quickstart.mdx`, options), page(`${workspace}/docs`, '/quickstart'));
    assert.deepEqual(await pageForFile(`${workspace}/docs/guides/index.mdx`, options), page(`${workspace}/docs`, '/guides'));
    assert.deepEqual(
      await pageForFile(`${workspace}/docs/guides/rate-limits.md`, options),
      page(`${workspace}/docs`, '/guides/rate-limits'),
    );
    const notes = await pageForFile(`${workspace}/notes.md`, options);
    assert.equal(notes.kind, 'notPage');
  });
});

describe('analytics: matching report rows to a page', () => {
  const row = (path: string, total: number): PathRow => ({ path, human: total, ai: 0, total });
  const rows = [
    row('/guides/webhooks/', 3),
    row('/guides', 9),
    row('/guides/webhooks', 5),
    row('/', 20),
    row('/GUIDES/webhooks', 1),
    row('https://docs.acme.dev/guides/webhooks?ref=nav', 2),
  ];

  it('adds up every form that names the page into one row at its address, and nothing else (letter case counts)', () => {
    assert.deepEqual(rowsForPage(rows, '/guides/webhooks'), [row('/guides/webhooks', 10)]);
    assert.deepEqual(rowsForPage(rows, '/guides/webhooks/'), [row('/guides/webhooks', 10)]);
    assert.deepEqual(rowsForPage(rows, '/'), [row('/', 20)]);
    assert.deepEqual(rowsForPage(rows, '/missing'), []);
  });
});
