// When a job's change reached the default branch, read from a real repository: a GitLab squash
// that names the merge request, a branch moved forward onto the head, a remote whose default is
// master with no <remote>/HEAD, and a change not merged at all.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import type { JobChange } from '../../src/review/job-change';
import { findJobMerge } from '../../src/review/job-merge';
import { cliRepository } from '../support/git/cli-repository';
import { cloneWithRemote, commitFile, git } from '../support/git/scratch-remote';

describe('review: when a job’s change was merged', () => {
  let root: string;
  let clone: string;
  const commitAt = (message: string, date: string, file = 'page.mdx'): string => commitFile(clone, file, `${message}\n`, message, date);
  const change = (head: string, base: string, label: string): JobChange =>
    ({
      repository: cliRepository(clone),
      remote: 'origin',
      source: { remoteRef: '', label },
      base,
      head,
      changes: [],
    }) as unknown as JobChange;

  beforeEach(() => {
    ({ root, clone } = cloneWithRemote('job-merge-', (c) =>
      commitFile(c, 'page.mdx', 'First page\n', 'First page', '2026-09-01T10:00:00Z'),
    ));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a GitLab squash is the first commit on the default branch that names the merge request', async () => {
    const base = git(clone, 'rev-parse', 'HEAD');
    git(clone, 'checkout', '-q', '-b', 'agent');
    const head = commitAt('Docs agent: tighten the page', '2026-10-01T10:00:00Z');
    git(clone, 'checkout', '-q', 'main');
    commitAt('Unrelated work', '2026-10-02T10:00:00Z', 'other.mdx');
    const squash = commitAt('Tighten the page\n\nSee merge request acme/docs!7', '2026-10-03T08:30:00Z');
    commitAt('Mentions acme/docs!77, a different one', '2026-10-04T10:00:00Z', 'other.mdx');
    git(clone, 'push', '-q', 'origin', 'main');
    const found = await findJobMerge(change(head, base, 'merge request !7'), 'https://gitlab.com/acme/docs/-/merge_requests/7');
    assert.deepEqual(found, { merged: { at: Date.parse('2026-10-03T08:30:00Z'), how: 'squash', commit: squash, into: 'origin/main' } });
  });

  it('a branch moved forward onto the head dates the merge by the head itself', async () => {
    const base = git(clone, 'rev-parse', 'HEAD');
    const head = commitAt('Docs agent: tighten the page', '2026-10-05T09:00:00Z');
    git(clone, 'push', '-q', 'origin', 'main');
    const found = await findJobMerge(change(head, base, 'branch main'), null);
    assert.deepEqual(found, { merged: { at: Date.parse('2026-10-05T09:00:00Z'), how: 'fast-forward', commit: head, into: 'origin/main' } });
  });

  it('without <remote>/HEAD the default is master; a change on neither says it is not merged', async () => {
    git(clone, 'push', '-q', 'origin', 'main:master');
    git(root, '--git-dir', 'remote.git', 'symbolic-ref', 'HEAD', 'refs/heads/master');
    git(clone, 'push', '-q', 'origin', '--delete', 'main');
    git(clone, 'remote', 'set-head', 'origin', '--delete');
    git(clone, 'fetch', '-q', '--prune', 'origin');
    const base = git(clone, 'rev-parse', 'HEAD');
    git(clone, 'checkout', '-q', '-b', 'agent');
    const head = commitAt('Docs agent: tighten the page', '2026-10-06T09:00:00Z');
    const found = await findJobMerge(change(head, base, 'pull request #3'), 'https://github.com/acme/docs/pull/3');
    assert.deepEqual(found, {
      notMerged: 'The pull request #3 is not on origin/master yet (or it was squashed with a message that does not name it).',
    });
  });
});
