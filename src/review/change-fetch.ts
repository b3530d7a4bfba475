// Fetches a job's change into a clone (its repository and remote already found) and works out
// what it changed: the pull request's head against its merge base with the remote's default
// branch, or, for a branch pushed to, what arrived on it against the local copy of that branch.
// No vscode import (types only): unit tests run it on real repositories.
import * as l10n from '@vscode/l10n';
import type { AgentJob } from '../api/types';
import type { TrackedJob } from '../jobs/tracked-job';
import { changeSourceOf, isBranchName, type ChangeSource } from './change-ref';
import type { GitChange, GitRepository } from './git-api';
import { reviewRef } from './fetch-command';
import { fetchFailure, ReviewError } from './review-errors';

export interface JobChange {
  repository: GitRepository;
  remote: string;
  source: ChangeSource;
  /** Commit the change is compared against. */
  base: string;
  /** Commit holding the agent's change. */
  head: string;
  /** Docs pages first, then the rest, each by path. */
  changes: GitChange[];
}

/** What of a job fetching its change reads: its id (the ref's name) and where the service says the change is. */
export type ChangeOwner = Pick<TrackedJob, 'id'> & { job: Pick<AgentJob, 'prLink' | 'ref'> };

const docsPage = /\.(mdx?|markdown)$/i;

export function docsPagesFirst(changes: readonly GitChange[]): GitChange[] {
  const path = (c: GitChange): string => (c.renameUri ?? c.uri).path;
  return [...changes].sort((a, b) => Number(!docsPage.test(path(a))) - Number(!docsPage.test(path(b))) || path(a).localeCompare(path(b)));
}

async function commitOf(repository: GitRepository, ref: string): Promise<string | undefined> {
  try {
    return (await repository.getCommit(ref)).hash;
  } catch {
    return undefined;
  }
}

/** What the change is compared against: the local branch pushed to, else the merge base with the remote's default branch. */
async function baseOf(repository: GitRepository, remote: string, source: ChangeSource, head: string): Promise<string> {
  if (source.branch) {
    const local = await commitOf(repository, `refs/heads/${source.branch}`);
    if (local) return local;
  }
  for (const ref of [`refs/remotes/${remote}/HEAD`, 'HEAD']) {
    const base = await repository.getMergeBase(ref, head).catch(() => undefined);
    if (base) return base;
  }
  throw new ReviewError(l10n.t('The change shares no history with this clone, so there is nothing to compare it with.'));
}

/** Fetches `source` from `remote` into the job's review ref and reads what it changed. */
export async function fetchChangeAt(repository: GitRepository, remote: string, job: ChangeOwner, source: ChangeSource): Promise<JobChange> {
  const local = reviewRef(job);
  try {
    await repository.fetch({ remote, ref: `+${source.remoteRef}:${local}`, silent: true });
  } catch (error) {
    throw fetchFailure(error, remote, source.label);
  }
  const head = await commitOf(repository, local);
  if (!head) {
    const message = l10n.t({
      message: 'The {0} was fetched but cannot be read.',
      args: [source.label],
      comment: ['{0} is what holds the change: "pull request #12", "merge request !12" or "branch docs-agent/1a2b"'],
    });
    throw new ReviewError(message, ['showGitOutput']);
  }
  const base = await baseOf(repository, remote, source, head);
  const changes = docsPagesFirst(await repository.diffBetween(base, head));
  return { repository, remote, source, base, head, changes };
}

/**
 * The job's change, else the branch its preview is built from, compared with the remote's
 * default branch: a remote that publishes no pull request refs (a mirror, a self-hosted copy)
 * still has the branch, and the platform builds that branch anyway.
 */
export async function fetchChangeOrBranch(repository: GitRepository, remote: string, job: ChangeOwner, branch: string): Promise<JobChange> {
  const onBranch = isBranchName(branch) ? { remoteRef: `refs/heads/${branch}`, label: l10n.t('branch {0}', branch) } : undefined;
  const source = changeSourceOf(job.job) ?? onBranch;
  if (!source) throw new ReviewError(l10n.t('This job names neither a pull request nor a branch, so there is no change to fetch.'));
  // The job's own branch keeps its own comparison (what arrived on it against the local copy).
  if (!onBranch || source.remoteRef === onBranch.remoteRef) return fetchChangeAt(repository, remote, job, source);
  return fetchChangeAt(repository, remote, job, source).catch(() => fetchChangeAt(repository, remote, job, onBranch));
}
