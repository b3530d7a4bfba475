import * as assert from 'node:assert/strict';
import { checkPullRequestLink, maxLinkLength, repositoryHost } from '../../src/jobs/pr-link';

// Each row: the link, the job's repository, and what happens (opened, or refused because …).
const table: Array<[name: string, link: string, repository: string, expect: 'open' | RegExp]> = [
  ['the repository’s own host', 'https://github.com/acme/docs/pull/7', 'https://github.com/acme/docs', 'open'],
  ['GitHub Enterprise named by the repository', 'https://git.acme.dev/docs/site/pull/2', 'git@git.acme.dev:docs/site.git', 'open'],
  ['http://', 'http://github.com/acme/docs/pull/7', 'https://github.com/acme/docs', /http:\/\/, which travels in clear/],
  [
    'user info showing one host, opening another',
    'https://github.com@evil.example/acme/docs/pull/7',
    'https://github.com/acme/docs',
    /user name or password/,
  ],
  ['user and password', 'https://user:pass@github.com/acme/docs/pull/7', 'https://github.com/acme/docs', /user name or password/],
  [
    'another host than the repository’s',
    'https://evil.example/acme/docs/pull/7',
    'https://github.com/acme/docs',
    /goes to evil\.example, not to github\.com/,
  ],
  [
    'a look-alike subdomain',
    'https://github.com.evil.example/pull/7',
    'https://github.com/acme/docs',
    /goes to github\.com\.evil\.example/,
  ],
  ['an IDN look-alike (Cyrillic і)', 'https://gіthub.com/acme/docs/pull/7', 'https://github.com/acme/docs', /goes to xn--/],
  ['very long', `https://github.com/acme/docs/pull/7?${'a'.repeat(maxLinkLength)}`, 'https://github.com/acme/docs', /too long/],
  [
    'javascript: in an encoded redirect, on another host',
    'https://evil.example/redirect?to=javascript%3Aalert(1)',
    'https://github.com/acme/docs',
    /goes to evil\.example/,
  ],
  [
    'javascript: in an encoded parameter, on the repository’s host',
    'https://github.com/login?return_to=javascript%3Aalert(1)',
    'https://github.com/acme/docs',
    'open',
  ],
  ['javascript:', 'javascript:alert(1)', 'https://github.com/acme/docs', /javascript: link/],
  ['no host named by the job: github.com', 'https://github.com/acme/docs/pull/7', 'acme/docs', 'open'],
  ['no host named by the job: gitlab.com', 'https://gitlab.com/acme/docs/-/merge_requests/7', '', 'open'],
  [
    'no host named by the job: another host',
    'https://git.acme.dev/pull/7',
    'acme/docs',
    /not github\.com or gitlab\.com or a host allowed/,
  ],
];

describe('pull request links: opened only where the repository is', () => {
  for (const [name, link, repository, expect] of table) {
    it(`${expect === 'open' ? 'opens' : 'refuses'}: ${name}`, () => {
      const verdict = checkPullRequestLink(link, repository);
      if (expect === 'open') assert.ok('url' in verdict, JSON.stringify(verdict));
      else assert.match('refused' in verdict ? verdict.refused : `opened ${verdict.url}`, expect);
    });
  }

  it('opens a host the user allowed when the job names none', () => {
    assert.ok('url' in checkPullRequestLink('https://git.acme.dev/pull/7', 'acme/docs', ['git.acme.dev']));
    assert.ok(
      'refused' in checkPullRequestLink('https://git.acme.dev/pull/7', 'https://github.com/acme/docs', ['git.acme.dev']),
      'the repository’s host wins',
    );
  });

  it('reads the host a repository field names, in the forms services write', () => {
    assert.equal(repositoryHost('https://github.com/acme/docs'), 'github.com');
    assert.equal(repositoryHost('github.com/acme/docs'), 'github.com');
    assert.equal(repositoryHost('git@gitlab.com:acme/docs.git'), 'gitlab.com');
    assert.equal(repositoryHost('ssh://git@GitHub.com/acme/docs'), 'github.com');
    assert.equal(repositoryHost('acme/docs'), undefined);
    assert.equal(repositoryHost(''), undefined);
  });
});
