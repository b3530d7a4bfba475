// The part of the Git extension's repository API that finding a merge uses, answered by the git
// command line in a real repository, the way the extension itself runs git (same log format
// fields, `--reverse --ancestry-path` for `reverse`), for unit tests that need no editor.
import { execFileSync } from 'node:child_process';
import type { GitCommit, GitRepository } from '../../../src/review/git-api';

type MergeGit = Pick<GitRepository, 'fetch' | 'getCommit' | 'getMergeBase' | 'getRefs' | 'log'>;

export function cliRepository(cwd: string): MergeGit {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' });
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
  return {
    fetch: () => Promise.resolve(void git('fetch', '-q', 'origin')),
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
    log: ({ range, reverse }) => Promise.resolve(commits([...(reverse ? ['--reverse', '--ancestry-path'] : []), range])),
  };
}
