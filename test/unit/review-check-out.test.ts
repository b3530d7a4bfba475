// Which local branch a job's change is checked out as, and which uncommitted work stands in its way.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { checkOutChange, overlappingWork } from '../../src/review/check-out';
import type { GitChange } from '../../src/review/git-api';
import { isBranchName } from '../../src/review/change-ref';
import { jobConfigKey, localBranchName } from '../../src/review/job-branch';
import type { JobChange } from '../../src/review/job-change';
import { ReviewError } from '../../src/review/review-errors';
import { MemoryGit } from '../support/fakes/memory-git';

const uri = (path: string): vscode.Uri => ({ fsPath: `/repo/${path}`, path: `/repo/${path}` }) as vscode.Uri;
const edited = (path: string): GitChange => ({ uri: uri(path), originalUri: uri(path), renameUri: undefined, status: 5 });
const renamed = (from: string, to: string): GitChange => ({ uri: uri(from), originalUri: uri(from), renameUri: uri(to), status: 3 });

function work(changes: { index?: GitChange[]; workingTree?: GitChange[]; merge?: GitChange[] }): Parameters<typeof overlappingWork>[0] {
  return {
    state: {
      HEAD: { name: 'main' },
      remotes: [],
      indexChanges: changes.index ?? [],
      workingTreeChanges: changes.workingTree ?? [],
      mergeChanges: changes.merge ?? [],
    },
  };
}

describe('review: the branch a change is checked out as', () => {
  it('is docs-agent/ and the whole job id, so jobs whose ids start alike get one each', () => {
    assert.equal(localBranchName({ id: 'job_37be632cd691eb04' }), 'docs-agent/job_37be632cd691eb04');
    assert.notEqual(localBranchName({ id: 'job_37be632cd691eb04' }), localBranchName({ id: 'job_37be0f1e2d3c4b5a' }));
  });
  it('is a valid branch name whatever the service sent as id, and never the same for two ids', () => {
    const ids = ['../../etc', '../../x', 'a b~c^d:e', 'a:b', 'a_b', 'a b', 'ab', '..', '@{-1}', 'x.lock', '-rf', '', 'ärger', 'Job_ab'];
    const long = 'a'.repeat(64);
    ids.push('job_ab', 'a/b', 'a\\b', long, `${long}a`, `${long}b`);
    const names = ids.map((id) => localBranchName({ id }));
    for (const [i, name] of names.entries()) {
      assert.ok(isBranchName(name), `${ids[i]} gives ${name}`);
      // Every part safe for git: no leading dot, no `..`, no `.lock` at the end, nothing a case-insensitive disk folds.
      assert.match(name, /^docs-agent\/[a-z0-9_-]+(\.[0-9a-f]{12})?$/, `${ids[i]} gives ${name}`);
    }
    assert.equal(new Set(names).size, ids.length, names.join(' '));
  });
});

describe('review: checking out finds the job’s own branch', () => {
  const jobA = { id: 'job_37be632cd691eb04' };
  const jobB = { id: 'job_37be0f1e2d3c4b5a' };
  const changeAt = (repository: MemoryGit, head: string): JobChange => ({
    repository,
    remote: 'origin',
    source: { remoteRef: 'refs/pull/1/head', label: 'pull request #1' },
    base: 'c0',
    head,
    changes: [],
  });
  const recorded = (git: MemoryGit, branch: string): string | undefined => git.config.get(jobConfigKey(branch));

  it('two jobs whose ids start alike each get a branch of their own', async () => {
    const git = new MemoryGit();
    const a = await checkOutChange(jobA, changeAt(git, git.commit('a1', 'c0')));
    await git.checkout('main');
    const b = await checkOutChange(jobB, changeAt(git, git.commit('b1', 'c0')));
    assert.equal(b.outcome, 'created');
    assert.notEqual(b.branch, a.branch);
    assert.equal(git.branches.get(b.branch), 'b1');
    assert.equal(git.branches.get(a.branch), 'a1', 'the other job’s branch is untouched');
    assert.equal(recorded(git, b.branch), jobB.id);
  });

  it('a branch of the job’s name made for something else is left alone, and the next free name is used', async () => {
    const git = new MemoryGit();
    const name = localBranchName(jobA);
    git.branches.set(name, git.commit('w1', 'c0'));
    git.branches.set(`${name}.2`, git.commit('x1', 'c0'));
    git.config.set(jobConfigKey(`${name}.2`), 'job_other');
    const result = await checkOutChange(jobA, changeAt(git, git.commit('a1', 'c0')));
    assert.deepEqual(result, { branch: `${name}.3`, previous: 'main', outcome: 'created' });
    assert.equal(git.branches.get(name), 'w1');
    assert.equal(git.branches.get(`${name}.2`), 'x1');
    assert.equal(recorded(git, `${name}.3`), jobA.id);
  });

  it('refuses in one sentence when every name is taken by other branches', async () => {
    const git = new MemoryGit();
    const name = localBranchName(jobA);
    git.branches.set(name, git.commit('w1', 'c0'));
    for (let n = 2; n <= 10; n++) git.branches.set(`${name}.${n}`, 'w1');
    const refused = await checkOutChange(jobA, changeAt(git, git.commit('a1', 'c0'))).catch((e: unknown) => e);
    assert.ok(refused instanceof ReviewError);
    assert.equal(
      refused.message,
      `Branches ${name} to ${name}.10 already exist and none was made for this job. Delete or rename the ones you no longer need, then check out again.`,
    );
    assert.equal(git.state.HEAD?.name, 'main');
  });

  it('the job’s own branch keeps the writer’s commits, and moves forward after a follow-up still recorded as the job’s', async () => {
    const git = new MemoryGit();
    const first = await checkOutChange(jobA, changeAt(git, git.commit('a1', 'c0')));
    assert.equal(recorded(git, first.branch), jobA.id);
    await git.checkout('main');
    const updated = await checkOutChange(jobA, changeAt(git, git.commit('a2', 'a1')));
    assert.deepEqual(updated, { branch: first.branch, previous: 'main', outcome: 'updated' });
    assert.equal(git.branches.get(first.branch), 'a2');
    assert.equal(recorded(git, first.branch), jobA.id);
    git.branches.set(first.branch, git.commit('mine', 'a2'));
    await git.checkout('main');
    const kept = await checkOutChange(jobA, changeAt(git, 'a2'));
    assert.deepEqual(kept, { branch: first.branch, previous: 'main', outcome: 'kept' });
    assert.equal(git.branches.get(first.branch), 'mine');
  });

  it('a branch of the job’s name with nothing recorded is the job’s when it holds the agent’s commit', async () => {
    const git = new MemoryGit();
    const name = localBranchName(jobA);
    git.branches.set(name, git.commit('mine', git.commit('a1', 'c0')));
    const kept = await checkOutChange(jobA, changeAt(git, 'a1'));
    assert.deepEqual(kept, { branch: name, previous: 'main', outcome: 'kept' });
    assert.equal(recorded(git, name), jobA.id, 'recorded from now on');
  });
});

describe('review: uncommitted work in the change’s way', () => {
  const change = { changes: [edited('docs/quickstart.mdx'), renamed('docs/old.mdx', 'docs/new.mdx')] };

  it('nothing when the writer’s work is in other files', () => {
    assert.deepEqual(overlappingWork(work({ workingTree: [edited('notes.md')], index: [edited('docs/index.mdx')] }), change), []);
  });
  it('a file the agent edited, staged or not', () => {
    assert.deepEqual(overlappingWork(work({ workingTree: [edited('docs/quickstart.mdx')] }), change), ['/repo/docs/quickstart.mdx']);
    assert.deepEqual(overlappingWork(work({ index: [edited('docs/quickstart.mdx')] }), change), ['/repo/docs/quickstart.mdx']);
  });
  it('either name of a file the agent renamed, and a file mid-merge', () => {
    assert.deepEqual(overlappingWork(work({ workingTree: [edited('docs/old.mdx')] }), change), ['/repo/docs/old.mdx']);
    assert.deepEqual(overlappingWork(work({ workingTree: [edited('docs/new.mdx')] }), change), ['/repo/docs/new.mdx']);
    assert.deepEqual(overlappingWork(work({ merge: [edited('docs/quickstart.mdx')] }), change), ['/repo/docs/quickstart.mdx']);
  });
});
