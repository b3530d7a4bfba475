// Real repositories for unit tests that read git: a bare remote whose default branch is main,
// with a clone of it holding one pushed commit, made with the git command line.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const author = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@x' };

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...author } }).trim();
}

/** Commits `text` as `file` (folders made), dated when `date` is given; returns the commit. */
export function commitFile(clone: string, file: string, text: string, message: string, date?: string): string {
  mkdirSync(dirname(join(clone, file)), { recursive: true });
  writeFileSync(join(clone, file), text);
  git(clone, 'add', file);
  execFileSync('git', ['commit', '-q', '-m', message], {
    cwd: clone,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...author, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
  });
  return git(clone, 'rev-parse', 'HEAD');
}

/** A new folder holding `remote.git` (bare, default main) and `clone`, on main with `first` committed and pushed, origin/HEAD set. */
export function cloneWithRemote(prefix: string, first: (clone: string) => void): { root: string; clone: string } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  git(root, 'init', '-q', '--bare', '-b', 'main', 'remote.git');
  const clone = join(root, 'clone');
  git(root, 'clone', '-q', join(root, 'remote.git'), 'clone');
  git(clone, 'checkout', '-q', '-b', 'main');
  first(clone);
  git(clone, 'push', '-q', 'origin', 'main');
  git(clone, 'remote', 'set-head', 'origin', 'main');
  return { root, clone };
}
