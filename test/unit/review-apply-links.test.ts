// Apply File and links in the working tree, on a real clone: a repository can commit a symbolic
// link (git checks it out as one), and the editor writes through links. A page that is a link,
// a file under a linked folder, or a path out of the repository is refused; ordinary pages,
// new ones in new folders, and a clone reached through a linked folder are written.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkRefusal } from '../../src/review/working-tree-links';
import { runGit } from '../support/git/run-git';

describe('review: Apply File never writes through a link', () => {
  let root: string;
  let clone: string;
  const git = runGit;
  const refusal = (file: string, base = clone): Promise<string | undefined> => linkRefusal(base, join(base, file), file);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'apply-links-'));
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'secret.txt'), 'not the repository’s\n');
    // The repository commits the links; the writer's clone gets them from git.
    const origin = join(root, 'origin');
    mkdirSync(join(origin, 'docs', 'guides'), { recursive: true });
    git(origin, 'init', '-q', '-b', 'main');
    writeFileSync(join(origin, 'docs', 'intro.mdx'), '# Intro\n');
    writeFileSync(join(origin, 'docs', 'guides', 'start.mdx'), '# Start\n');
    symlinkSync('../../../outside/secret.txt', join(origin, 'docs', 'page.mdx'));
    symlinkSync('../../outside', join(origin, 'docs', 'linked'));
    symlinkSync('../../outside/not-yet.txt', join(origin, 'docs', 'dangling.mdx'));
    symlinkSync('guides', join(origin, 'docs', 'alias'));
    git(origin, 'add', '-A');
    git(origin, 'commit', '-q', '-m', 'Pages and links');
    clone = join(root, 'clone');
    git(root, 'clone', '-q', origin, 'clone');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a page that is a link, to a file outside the repository or to none yet', async () => {
    assert.equal(git(clone, 'ls-files', '-s', 'docs/page.mdx').split(' ')[0], '120000', 'git checked the link out as a link');
    assert.match((await refusal('docs/page.mdx')) ?? '', /^docs\/page\.mdx is reached through a symbolic link/);
    assert.match((await refusal('docs/dangling.mdx')) ?? '', /symbolic link/);
  });

  it('refuses a file, existing or new, under a linked folder, wherever the folder points', async () => {
    assert.match((await refusal('docs/linked/secret.txt')) ?? '', /symbolic link/);
    assert.match((await refusal('docs/linked/new.mdx')) ?? '', /symbolic link/);
    assert.match((await refusal('docs/alias/start.mdx')) ?? '', /symbolic link/);
  });

  it('refuses a path out of the repository', async () => {
    assert.match((await refusal('../outside/secret.txt')) ?? '', /is outside the repository/);
  });

  it('writes ordinary pages, new pages in new folders, and in a clone reached through a linked folder', async () => {
    assert.equal(await refusal('docs/intro.mdx'), undefined);
    assert.equal(await refusal('docs/guides/start.mdx'), undefined);
    assert.equal(await refusal('docs/new/folder/page.mdx'), undefined);
    const viaLink = join(root, 'clone-link');
    symlinkSync(clone, viaLink);
    assert.equal(await refusal('docs/intro.mdx', viaLink), undefined);
    assert.equal(
      await linkRefusal(clone, join(viaLink, 'docs', 'intro.mdx'), 'docs/intro.mdx'),
      undefined,
      'the same clone, spelled through the link',
    );
  });
});
