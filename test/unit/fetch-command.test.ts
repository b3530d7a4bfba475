// Copy Fetch Command: the job's branch comes from the service, and git accepts names a shell
// would run. The copied text, pasted into a real shell in a real clone, fetches that branch and
// runs nothing else; a name no quoting keeps inert in every terminal is refused with a sentence.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchCommand, reviewRef } from '../../src/review/fetch-command';
import { posixQuote } from '../../src/platform/shell-words';
import { trackedJob } from '../support/fakes/tracked-jobs';
import { runGit, testGitEnv } from '../support/git/run-git';

const git = runGit;

const jobOnBranch = (ref: string): ReturnType<typeof trackedJob> => {
  const job = trackedJob('job_fetch1', '2026-09-01T10:00:00Z', 'completed');
  return { ...job, job: { ...job.job, ref } };
};

describe('review: Copy Fetch Command', () => {
  let root: string;
  let clone: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'fetch-command-'));
    git(root, 'init', '-q', '--bare', '-b', 'main', 'remote.git');
    clone = join(root, 'clone');
    git(root, 'clone', '-q', join(root, 'remote.git'), 'clone');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const pushBranch = (branch: string): string => {
    git(clone, 'checkout', '-q', '-b', branch);
    writeFileSync(join(clone, 'page.mdx'), 'The agent’s page\n');
    git(clone, 'add', 'page.mdx');
    git(clone, 'commit', '-q', '-m', 'Agent change');
    git(clone, 'push', '-q', 'origin', branch);
    return git(clone, 'rev-parse', 'HEAD');
  };

  it('pasted into a shell, a branch named docs/fix;touch${IFS}pwned;# is fetched and runs nothing', () => {
    const branch = 'docs/fix;touch${IFS}pwned;#';
    git(root, 'check-ref-format', '--branch', branch);
    const head = pushBranch(branch);
    const job = jobOnBranch(branch);
    const command = fetchCommand(job);
    assert.ok(command && 'text' in command, 'a command is copied');
    execFileSync('sh', ['-c', command.text], { cwd: clone, stdio: 'pipe', env: testGitEnv });
    assert.equal(existsSync(join(clone, 'pwned')), false, 'nothing ran in the clone');
    assert.equal(existsSync(join(root, 'pwned')), false, 'nothing ran beside it');
    assert.equal(git(clone, 'rev-parse', reviewRef(job)), head, 'the branch was fetched for review');
  });

  it('quotes each word for POSIX shells, a single quote included, so the shell reads it back exactly', () => {
    for (const word of ["it's", '$(touch pwned)', '`id`', 'a b', '"x"', '${IFS}', '#', '!', "''", '']) {
      const read = execFileSync('sh', ['-c', `printf '%s' ${posixQuote(word)}`], { cwd: root, encoding: 'utf8' });
      assert.equal(read, word);
    }
    assert.equal(existsSync(join(root, 'pwned')), false);
  });

  it('refuses, with a sentence, a branch git accepts but some terminal would run part of', () => {
    // cmd.exe expands %NAME% inside any quotes, and its value is then read for & and |.
    for (const branch of ["docs/it's", 'docs/a&calc', 'docs/a|b', 'docs/a>b', 'docs/‘x’', 'docs/%COMSPEC%', 'docs/100%']) {
      git(root, 'check-ref-format', '--branch', branch);
      const command = fetchCommand(jobOnBranch(branch));
      assert.ok(command && 'refusal' in command, branch);
      assert.match(command.refusal, /no command was copied/);
    }
  });
});
