// The fixture site as a real git repository: a bare remote holding it on `main` (the emulator's
// git side commits the agent's changes there), and clones of it as the workspaces people open.
// A clone's `origin` reads https://github.com/acme/docs.git, the repository the emulator's
// jobs name, and git's own `url.<base>.insteadOf` sends fetches to the local remote.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What the emulator's jobs name as their repository (see test/emulator/agent-jobs.ts). */
export const fixtureRepositoryUrl = 'https://github.com/acme/docs';

const identity = {
  GIT_AUTHOR_NAME: 'Docs Writer',
  GIT_AUTHOR_EMAIL: 'writer@docs.example',
  GIT_COMMITTER_NAME: 'Docs Writer',
  GIT_COMMITTER_EMAIL: 'writer@docs.example',
  // The same commits on every run, whatever the clock says.
  GIT_AUTHOR_DATE: '2026-11-01T09:00:00Z',
  GIT_COMMITTER_DATE: '2026-11-01T09:00:00Z',
};

function git(cwd: string, args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, ...identity }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A bare repository at `<parent>/remote/docs.git` holding `site` (a folder) on `main`.
 * Returns its path. The `.git` suffix matters: insteadOf maps the URL's prefix.
 */
export function createFixtureRemote(parent: string, site: string): string {
  const remote = join(parent, 'remote', 'docs.git');
  const seed = join(parent, 'remote', 'seed');
  mkdirSync(dirname(remote), { recursive: true });
  cpSync(site, seed, { recursive: true });
  git(seed, ['init', '-q', '-b', 'main']);
  git(seed, ['add', '-A']);
  git(seed, ['commit', '-q', '-m', 'The docs site']);
  git(dirname(remote), ['clone', '-q', '--bare', seed, remote]);
  rmSync(seed, { recursive: true, force: true });
  return remote;
}

/** Clones `remote` into `folder`, as a writer's checkout of https://github.com/acme/docs. */
export function cloneFixture(remote: string, folder: string): void {
  mkdirSync(dirname(folder), { recursive: true });
  git(dirname(folder), ['clone', '-q', remote, folder]);
  git(folder, ['remote', 'set-url', 'origin', `${fixtureRepositoryUrl}.git`]);
  git(folder, ['config', `url.${remote.replace(/\.git$/, '')}.insteadOf`, fixtureRepositoryUrl]);
  git(folder, ['config', 'user.name', identity.GIT_AUTHOR_NAME]);
  git(folder, ['config', 'user.email', identity.GIT_AUTHOR_EMAIL]);
}

/** Runs git in a checkout (tests read branches, status and files through it). */
export function gitIn(folder: string, ...args: string[]): string {
  return git(folder, args).trim();
}
