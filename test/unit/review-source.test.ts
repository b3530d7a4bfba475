// Finding the job's repository among a workspace's remotes, and the ref that holds its change.
import * as assert from 'node:assert/strict';
import { changeSourceOf, isBranchName, parsePullRequestLink } from '../../src/review/change-ref';
import { parseRepositoryId, sameRepository } from '../../src/review/repository-id';
import { fetchFailure } from '../../src/review/review-errors';

/** The emulator's jobs name https://github.com/acme/docs. */
const job = { host: 'github.com', path: 'acme/docs' };

describe('review: which repository', () => {
  const sameAsJob = [
    'https://github.com/acme/docs',
    'https://github.com/acme/docs.git',
    'https://github.com/Acme/Docs/',
    'https://www.github.com/acme/docs',
    'http://github.com/acme/docs',
    'https://user@github.com/acme/docs.git',
    'git@github.com:acme/docs.git',
    'git@github.com:Acme/docs',
    'github.com:acme/docs.git',
    'ssh://git@github.com/acme/docs.git',
    'ssh://git@github.com:22/acme/docs',
    'git://github.com/acme/docs.git',
    'acme/docs',
  ];
  for (const remote of sameAsJob) {
    it(`${remote} is the job's repository`, () => {
      const id = parseRepositoryId(remote);
      assert.ok(id, 'parsed');
      assert.ok(sameRepository(id, { host: job.host, path: job.path }));
    });
  }

  const others = [
    'https://github.com/acme/docs-old',
    'https://gitlab.com/acme/docs',
    'git@gitlab.com:acme/docs.git',
    'https://github.com/other/docs',
    'https://github.com/acme/docs/extra',
  ];
  for (const remote of others) {
    it(`${remote} is another repository`, () => {
      const id = parseRepositoryId(remote);
      assert.ok(id && !sameRepository(id, { host: job.host, path: job.path }));
    });
  }

  it('keeps GitLab subgroups and names nothing for text that is no repository', () => {
    assert.deepEqual(parseRepositoryId('git@gitlab.com:group/sub/proj.git'), { host: 'gitlab.com', path: 'group/sub/proj' });
    for (const text of ['', 'docs', 'https://github.com/', 'not a url at all', 'https://github.com/acme']) {
      assert.equal(parseRepositoryId(text), undefined, text);
    }
  });
});

describe('review: which ref holds the change', () => {
  it('fetches refs/pull/N/head for a GitHub pull request', () => {
    assert.deepEqual(changeSourceOf({ prLink: 'https://github.com/acme/docs/pull/12', ref: 'docs-agent/ab12' }), {
      remoteRef: 'refs/pull/12/head',
      label: 'pull request #12',
    });
    assert.equal(parsePullRequestLink('https://github.com/acme/docs/pull/12/files')?.number, 12);
  });

  it('fetches refs/merge-requests/N/head for a GitLab merge request, subgroups included', () => {
    const link = 'https://gitlab.com/group/sub/proj/-/merge_requests/7';
    assert.deepEqual(changeSourceOf({ prLink: link, ref: null }), { remoteRef: 'refs/merge-requests/7/head', label: 'merge request !7' });
    assert.deepEqual(parsePullRequestLink(link)?.repository, { host: 'gitlab.com', path: 'group/sub/proj' });
  });

  it("falls back to the job's branch for any other link, or none", () => {
    for (const prLink of [null, 'https://bitbucket.org/acme/docs/pull-requests/3', 'https://github.com/acme/docs/pull/0']) {
      assert.deepEqual(changeSourceOf({ prLink, ref: 'main' }), { remoteRef: 'refs/heads/main', label: 'branch main', branch: 'main' });
    }
    assert.equal(changeSourceOf({ prLink: null, ref: null }), undefined);
  });

  it('refuses a branch name that git would read as an option, a range or a revision', () => {
    for (const bad of ['-u', '--upload-pack=x', 'a..b', 'main^', 'main~1', 'a b', 'x:y', 'a@{1}', 'a.lock', '/a', 'a//b', 'a\\b']) {
      assert.equal(isBranchName(bad), false, bad);
      assert.equal(changeSourceOf({ prLink: null, ref: bad }), undefined, bad);
    }
    assert.ok(isBranchName('docs-agent/1a2b3c4d'));
  });
});

describe('review: what a failed fetch says', () => {
  const cases: [string, { gitErrorCode?: string; stderr?: string }, RegExp, string[]][] = [
    ['a ref not pushed yet', { stderr: "fatal: couldn't find remote ref refs/pull/9/head" }, /not on origin \(yet\)/, ['retry']],
    [
      'credentials',
      { stderr: "fatal: could not read Username for 'https://github.com': terminal prompts disabled" },
      /asks for credentials/,
      ['retry', 'copyFetchCommand'],
    ],
    ['an ssh key', { stderr: 'git@github.com: Permission denied (publickey).' }, /asks for credentials/, ['retry', 'copyFetchCommand']],
    [
      'no network',
      { stderr: "fatal: unable to access 'https://github.com/acme/docs.git/': Could not resolve host: github.com" },
      /Could not reach origin/,
      ['retry', 'showGitOutput'],
    ],
    [
      'anything else, first line only',
      { stderr: 'error: something odd\nmore detail' },
      /Git could not fetch the pull request #9: something odd\.$/,
      ['retry', 'showGitOutput'],
    ],
  ];
  for (const [name, failure, message, actions] of cases) {
    it(name, () => {
      const error = fetchFailure(failure, 'origin', 'pull request #9');
      assert.match(error.message, message);
      assert.deepEqual(error.actions, actions);
    });
  }
});
