// A repository as the Git extension's API shows it, in memory: branches, the local config and
// a commit graph, enough for what Check Out asks of git. Branch config goes with its branch on
// delete, as `git branch -D` does.
import type * as vscode from 'vscode';
import type { GitRepository } from '../../../src/review/git-api';

type State = { -readonly [K in keyof GitRepository['state']]: GitRepository['state'][K] };

export class MemoryGit implements GitRepository {
  readonly rootUri = { fsPath: '/repo', path: '/repo' } as vscode.Uri;
  readonly state: State = { HEAD: { name: 'main' }, remotes: [], indexChanges: [], workingTreeChanges: [], mergeChanges: [] };
  readonly branches = new Map<string, string>([['main', 'c0']]);
  readonly config = new Map<string, string>();
  /** Each commit's parent. */
  private readonly parents = new Map<string, string>();

  /** Adds `commit` on top of `parent`. */
  commit(commit: string, parent: string): string {
    this.parents.set(commit, parent);
    return commit;
  }

  private ancestry(commit: string): string[] {
    const line = [commit];
    for (let c = this.parents.get(commit); c !== undefined; c = this.parents.get(c)) line.push(c);
    return line;
  }

  getBranch(name: string): Promise<{ name: string; commit: string }> {
    const commit = this.branches.get(name);
    return commit === undefined ? Promise.reject(new Error(`No such branch: ${name}`)) : Promise.resolve({ name, commit });
  }
  getRefs(): Promise<{ type: number; name: string; commit: string }[]> {
    return Promise.resolve([...this.branches].map(([name, commit]) => ({ type: 0, name, commit })));
  }
  getConfig(key: string): Promise<string> {
    return Promise.resolve(this.config.get(key) ?? '');
  }
  setConfig(key: string, value: string): Promise<string> {
    this.config.set(key, value);
    return Promise.resolve('');
  }
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined> {
    const first = new Set(this.ancestry(ref1));
    return Promise.resolve(this.ancestry(ref2).find((c) => first.has(c)));
  }
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void> {
    if (this.branches.has(name)) return Promise.reject(new Error(`A branch named '${name}' already exists.`));
    this.branches.set(name, ref ?? this.branches.get(this.state.HEAD?.name ?? '') ?? 'c0');
    return checkout ? this.checkout(name) : Promise.resolve();
  }
  deleteBranch(name: string): Promise<void> {
    this.branches.delete(name);
    for (const key of [...this.config.keys()]) if (key.startsWith(`branch.${name}.`)) this.config.delete(key);
    return Promise.resolve();
  }
  checkout(treeish: string): Promise<void> {
    this.state.HEAD = { name: treeish, commit: this.branches.get(treeish) };
    return Promise.resolve();
  }
  /** Moves the current branch to `ref` (a fast-forward; the fakes never need a real merge). */
  merge(ref: string): Promise<void> {
    const name = this.state.HEAD?.name;
    if (name !== undefined) this.branches.set(name, ref);
    return this.checkout(name ?? ref);
  }
  push(): Promise<void> {
    return Promise.reject(new Error('this in-memory repository has no remote to push to'));
  }

  status(): Promise<void> {
    return Promise.resolve();
  }
  fetch(): Promise<void> {
    return Promise.reject(new Error('not in memory'));
  }
  getCommit(): Promise<{ hash: string; message: string; parents: string[] }> {
    return Promise.reject(new Error('not in memory'));
  }
  log(): Promise<[]> {
    return Promise.reject(new Error('not in memory'));
  }
  diffBetween(): Promise<[]> {
    return Promise.reject(new Error('not in memory'));
  }
  show(): Promise<string> {
    return Promise.reject(new Error('not in memory'));
  }
  diffBlobs(): Promise<string> {
    return Promise.reject(new Error('not in memory'));
  }
}
