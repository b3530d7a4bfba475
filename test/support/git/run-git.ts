// git on the command line in a test's own repositories, as an author named T, so commits work
// on a machine with no git identity configured.
import { execFileSync } from 'node:child_process';

export const testGitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: 'T',
  GIT_AUTHOR_EMAIL: 't@x',
  GIT_COMMITTER_NAME: 'T',
  GIT_COMMITTER_EMAIL: 't@x',
};

/** Runs git in `cwd`; its output, trimmed. */
export function runGit(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: testGitEnv }).trim();
}
