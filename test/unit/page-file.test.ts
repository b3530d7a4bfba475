import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileForPagePath } from '../../src/visitors/page-file';

describe('analytics paths: a file inside the docs root, or nothing', () => {
  // outside/secret.mdx beside docs/, and links in docs/ pointing out of it.
  const top = mkdtempSync(join(tmpdir(), 'docs-agent-paths-'));
  const root = join(top, 'docs');
  before(() => {
    mkdirSync(join(root, 'guides'), { recursive: true });
    mkdirSync(join(top, 'outside'), { recursive: true });
    writeFileSync(join(root, 'guides', 'intro.mdx'), '# Intro');
    writeFileSync(join(root, 'guides', 'index.md'), '# Guides');
    writeFileSync(join(root, 'index.mdx'), '# Home');
    writeFileSync(join(top, 'outside', 'secret.mdx'), '# Not docs');
    symlinkSync(join(top, 'outside', 'secret.mdx'), join(root, 'leak.mdx'));
    symlinkSync(join(top, 'outside'), join(root, 'elsewhere'));
  });

  const rows: Array<[name: string, path: string, expect: string | RegExp | undefined]> = [
    ['a page', '/guides/intro', 'guides/intro.mdx'],
    ['a folder’s index, with a trailing slash', '/guides/', 'guides/index.md'],
    ['the root page', '/', 'index.mdx'],
    ['no such page', '/guides/missing', undefined],
    ['“..”', '/../outside/secret', /climbs out/],
    ['“..” in the middle', '/guides/../../outside/secret', /climbs out/],
    ['percent-encoded “..”', '/%2e%2e/outside/secret', /climbs out/],
    ['an encoded slash and “..”', '/guides%2F..%2F..%2Foutside%2Fsecret', /climbs out/],
    ['an absolute path', '//etc/passwd', /absolute/],
    ['a drive path', '/C:/Windows/win', /absolute/],
    ['a back slash', '/..\\outside\\secret', /back slash/],
    ['a link to a file outside', '/leak', /leads outside/],
    ['a link to a folder outside', '/elsewhere/secret', /leads outside/],
  ];
  for (const [name, path, expect] of rows) {
    it(`${expect === undefined ? 'finds nothing for' : expect instanceof RegExp ? 'refuses' : 'opens'} ${name}: ${path}`, async () => {
      const found = await fileForPagePath(root, path);
      if (expect === undefined) assert.equal(found, undefined);
      else if (expect instanceof RegExp)
        assert.match(found && 'refused' in found ? found.refused : `opened ${JSON.stringify(found)}`, expect);
      else assert.deepEqual(found, { file: join(root, expect) });
    });
  }
});
