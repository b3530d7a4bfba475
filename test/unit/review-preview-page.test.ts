// Which change a job's preview opens the page of, read from real repositories: the pull
// request's head when the remote publishes it, else the job's branch (a remote without
// refs/pull/N/head), compared with the default branch; and what opening the home page says
// when no changed page was found.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { homePageNote } from '../../src/previews/preview-link';
import { fetchChangeOrBranch, type ChangeOwner } from '../../src/review/change-fetch';
import type { GitRepository } from '../../src/review/git-api';
import { cliRepository } from '../support/git/cli-repository';
import { cloneWithRemote, commitFile, git } from '../support/git/scratch-remote';

describe('review: the page a job’s preview opens', () => {
  let root: string;
  let clone: string;
  const commit = (file: string, text: string): string => commitFile(clone, file, text, `Edit ${file}`);
  const job: ChangeOwner = { id: 'job_1a2b', job: { prLink: 'https://github.com/acme/docs/pull/7', ref: 'docs-agent/1a2b' } };
  const changedFiles = async (branch: string): Promise<{ label: string; files: string[] }> => {
    const change = await fetchChangeOrBranch(cliRepository(clone) as unknown as GitRepository, 'origin', job, branch);
    return { label: change.source.label, files: change.changes.map((c) => relative(clone, c.uri.fsPath)) };
  };

  beforeEach(() => {
    ({ root, clone } = cloneWithRemote('preview-page-', (c) => commitFile(c, 'quickstart.mdx', '# Quickstart\n', 'Quickstart')));
    // The agent's branch is on the remote, not in the writer's clone.
    git(clone, 'checkout', '-q', '-b', 'docs-agent/1a2b');
    commit('guides/webhooks.mdx', '# Webhooks\n');
    git(clone, 'push', '-q', 'origin', 'docs-agent/1a2b');
    git(clone, 'checkout', '-q', 'main');
    git(clone, 'branch', '-q', '-D', 'docs-agent/1a2b');
    git(clone, 'update-ref', '-d', 'refs/remotes/origin/docs-agent/1a2b');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a remote without the pull request’s ref: the page is found through the job’s branch', async () => {
    assert.deepEqual(await changedFiles('docs-agent/1a2b'), { label: 'branch docs-agent/1a2b', files: ['guides/webhooks.mdx'] });
  });

  it('a remote that publishes the pull request’s ref: its head is the change', async () => {
    git(clone, 'checkout', '-q', '-b', 'pr');
    commit('guides/auth.mdx', '# Auth\n');
    git(clone, 'push', '-q', 'origin', 'HEAD:refs/pull/7/head');
    git(clone, 'checkout', '-q', 'main');
    assert.deepEqual(await changedFiles('docs-agent/1a2b'), { label: 'pull request #7', files: ['guides/auth.mdx'] });
  });

  it('opening a job’s preview at its home page says which page could not be found; a page found, or a branch’s own preview, says nothing', () => {
    const name = 'the agent’s change “Document webhooks”';
    assert.equal(
      homePageNote({ jobId: 'job_1a2b' }, name),
      'The changed page of the agent’s change “Document webhooks” could not be found, so the preview opens at its home page.',
    );
    assert.equal(homePageNote({ jobId: 'job_1a2b', pagePath: '/guides/webhooks' }, name), undefined);
    assert.equal(homePageNote({}, 'branch docs/intro'), undefined);
  });
});
