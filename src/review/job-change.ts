// Fetches a job's change into the clone of its repository and works out what it changed: the
// pull request's head against its merge base with the remote's default branch, or, for a
// branch pushed to, what arrived on it against the local copy of that branch.
import type { TrackedJob } from '../jobs/tracked-job';
import { changeSourceOf, type ChangeSource } from './change-ref';
import { findJobClone } from './find-repository';
import type { GitApi, GitChange, GitRepository } from './git-api';
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
  throw new ReviewError('The change shares no history with this clone, so there is nothing to compare it with.');
}

export async function fetchJobChange(api: GitApi, job: TrackedJob): Promise<JobChange> {
  const source = changeSourceOf(job.job);
  if (!source) throw new ReviewError('This job names neither a pull request nor a branch, so there is no change to fetch.');
  const clone = findJobClone(api.repositories, job.job);
  if (!clone) {
    throw new ReviewError(`No open folder is a git clone of ${job.job.repository || 'the job’s repository'}.`, [
      'openFolder',
      'copyFetchCommand',
    ]);
  }
  const { repository } = clone;
  const remote = clone.remote.name;
  const local = reviewRef(job);
  try {
    await repository.fetch({ remote, ref: `+${source.remoteRef}:${local}`, silent: true });
  } catch (error) {
    throw fetchFailure(error, remote, source.label);
  }
  const head = await commitOf(repository, local);
  if (!head) throw new ReviewError(`The ${source.label} was fetched but cannot be read.`, ['showGitOutput']);
  const base = await baseOf(repository, remote, source, head);
  const changes = docsPagesFirst(await repository.diffBetween(base, head));
  return { repository, remote, source, base, head, changes };
}
