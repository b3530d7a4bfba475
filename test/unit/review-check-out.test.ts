// Which local branch a job's change is checked out as, and which uncommitted work stands in its way.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { localBranchName, overlappingWork } from '../../src/review/check-out';
import type { GitChange } from '../../src/review/git-api';
import { isBranchName } from '../../src/review/change-ref';

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
  it('is docs-agent/ and the first eight characters of the job id', () => {
    assert.equal(localBranchName({ id: 'job_37be632cd691eb04' }), 'docs-agent/job_37be');
  });
  it('is a valid branch name whatever the service sent as id', () => {
    for (const id of ['../../etc', 'a b~c^d:e', '-rf', '', '@{-1}', 'ärger']) {
      const name = localBranchName({ id });
      assert.ok(isBranchName(name), `${id} gives ${name}`);
      assert.match(name, /^docs-agent\/[\w-]+$/);
    }
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
