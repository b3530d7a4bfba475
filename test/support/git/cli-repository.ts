// The part of the Git extension's repository API that finding a merge or fetching a change uses,
// answered by the git command line in a real repository, the way the extension itself runs git
// (same log format fields, `--reverse --ancestry-path` for `reverse`), for unit tests that need
// no editor.
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import type * as vscode from 'vscode';
import type { GitChange, GitCommit, GitRepository } from '../../../src/review/git-api';

type CliGit = Pick<
  GitRepository,
  'rootUri' | 'fetch' | 'getCommit' | 'getMergeBase' | 'getRefs' | 'log' | 'diffBetween' | 'show' | 'diffBlobs'
>;

/** `git diff --name-status` letters as the Git extension's statuses (git-api's changeStatus). */
const statusOf: Record<string, number> = { A: 1, R: 3, M: 5, D: 6 };

export function cliRepository(cwd: string): CliGit {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const commits = (args: string[]): GitCommit[] =>
    git('log', '-z', '--format=%H%n%P%n%aI%n%cI%n%B', ...args)
      .split('\0')
      .filter((entry) => entry.trim())
      .map((entry) => {
        const [hash = '', parents = '', authored = '', committed = '', ...message] = entry.replace(/^\n/, '').split('\n');
        return {
          hash,
          parents: parents.split(' ').filter(Boolean),
          authorDate: new Date(authored),
          commitDate: new Date(committed),
          message: message.join('\n'),
        };
      });
  const uri = (path: string): vscode.Uri => ({ fsPath: join(cwd, path), path: join(cwd, path) }) as vscode.Uri;
  const diff = (base: string, head: string): GitChange[] =>
    git('diff', '--name-status', '--no-renames', base, head)
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [status = '', path = ''] = line.split('\t');
        return { uri: uri(path), originalUri: uri(path), renameUri: uri(path), status: statusOf[status[0] ?? ''] ?? 5 };
      });
  return {
    rootUri: uri(''),
    fetch: ({ remote, ref }) => Promise.resolve(void git('fetch', '-q', remote ?? 'origin', ...(ref ? [ref] : []))),
    getCommit: (ref) => {
      const [commit] = commits(['-1', ref]);
      return commit ? Promise.resolve(commit) : Promise.reject(new Error(`no commit ${ref}`));
    },
    getMergeBase: (a, b) => Promise.resolve(git('merge-base', a, b).trim() || undefined),
    getRefs: ({ pattern }) =>
      Promise.resolve(
        git('for-each-ref', '--format=%(objectname) %(refname:short)', String(pattern ?? ''))
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const [commit = '', name = ''] = line.split(' ');
            return { type: 1, name: name === 'origin' ? 'origin/HEAD' : name, commit };
          }),
      ),
    diffBetween: (base, head) => Promise.resolve(diff(base, head)),
    // The extension takes the file's absolute path, as the Git extension's `show` does.
    show: (ref, path) => Promise.resolve(git('show', `${ref}:${relative(cwd, path)}`)),
    // As the Git extension runs it: `git diff` with the user's settings, default context lines.
    diffBlobs: (object1, object2) => Promise.resolve(git('diff', object1, object2)),
    log: ({ range, reverse }) => Promise.resolve(commits([...(reverse ? ['--reverse', '--ancestry-path'] : []), range])),
  };
}
