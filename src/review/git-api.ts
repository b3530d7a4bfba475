// The part of the built-in Git extension's API (`vscode.git`, version 1) that reviewing a
// job's change uses, declared here from its public `git.d.ts`, and how to reach it.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { ReviewError } from './review-errors';

/** Status values of a change (git.d.ts `Status`): the ones a diff between two commits gives. */
export const changeStatus = { added: 1, renamed: 3, modified: 5, deleted: 6 } as const;

export interface GitChange {
  readonly uri: vscode.Uri;
  readonly originalUri: vscode.Uri;
  readonly renameUri: vscode.Uri | undefined;
  readonly status: number;
}

export interface GitRemote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

/** A commit as the Git API reads it (git.d.ts `Commit`). */
export interface GitCommit {
  readonly hash: string;
  readonly message: string;
  readonly parents: readonly string[];
  readonly authorDate?: Date;
  readonly commitDate?: Date;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly state: {
    readonly HEAD:
      | {
          readonly name?: string;
          readonly commit?: string;
          readonly upstream?: { readonly remote: string; readonly name: string };
          /** Commits the upstream does not have. */
          readonly ahead?: number;
        }
      | undefined;
    readonly remotes: readonly GitRemote[];
    readonly indexChanges: readonly GitChange[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly mergeChanges: readonly GitChange[];
  };
  fetch(options: { remote?: string; ref?: string; silent?: boolean }): Promise<void>;
  getCommit(ref: string): Promise<GitCommit>;
  /** `range` as git log takes it; `reverse` also limits it to descendants of the range's start (--ancestry-path). */
  log(options: { range: string; reverse?: boolean }): Promise<readonly GitCommit[]>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  diffBetween(ref1: string, ref2: string): Promise<GitChange[]>;
  show(ref: string, path: string): Promise<string>;
  /** `git diff <object1> <object2>`: blobs named as git names them (`<commit>:<path from the root>`); the diff's text. */
  diffBlobs(object1: string, object2: string): Promise<string>;
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  getBranch(name: string): Promise<{ readonly name?: string; readonly commit?: string }>;
  /** Refs matching the patterns; `type` 1 is a remote-tracking branch (git.d.ts `RefType.RemoteHead`), named `<remote>/<branch>`. */
  getRefs(query: {
    pattern?: string | string[];
  }): Promise<readonly { readonly type: number; readonly name?: string; readonly commit?: string }[]>;
  /** The local config value, '' when unset (older versions of the extension throw instead). */
  getConfig(key: string): Promise<string>;
  setConfig(key: string, value: string): Promise<string>;
  deleteBranch(name: string, force?: boolean): Promise<void>;
  checkout(treeish: string): Promise<void>;
  merge(ref: string): Promise<void>;
  status(): Promise<void>;
  push(remoteName?: string, branchName?: string, setUpstream?: boolean): Promise<void>;
}

export interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  readonly onDidChangeState: vscode.Event<'uninitialized' | 'initialized'>;
  readonly repositories: readonly GitRepository[];
  toGitUri(uri: vscode.Uri, ref: string): vscode.Uri;
}

interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** How long a command waits for the Git extension to look at the workspace. */
const initializeWaitMs = 15_000;

/** The Git API once it has looked at the workspace; an error that says why when there is none. */
export async function loadGitApi(): Promise<GitApi> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) throw new ReviewError(l10n.t('The built-in Git extension is not in this editor, so the change cannot be fetched here.'));
  const exported = extension.isActive ? extension.exports : await extension.activate();
  if (!exported.enabled) throw new ReviewError(l10n.t('Git is turned off in this editor (the git.enabled setting).'), ['gitSettings']);
  const api = exported.getAPI(1);
  if (api.state !== 'initialized') {
    const ready = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        listener.dispose();
        resolve(false);
      }, initializeWaitMs);
      const listener = api.onDidChangeState((state) => {
        if (state !== 'initialized') return;
        clearTimeout(timer);
        listener.dispose();
        resolve(true);
      });
    });
    // Git found no binary, or is still scanning a very large workspace: say so rather than hang.
    if (!ready) {
      throw new ReviewError(l10n.t('Git is not ready: it is not installed, or has not finished opening this workspace’s repositories.'), [
        'retry',
        'showGitOutput',
      ]);
    }
  }
  return api;
}
