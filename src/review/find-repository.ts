// The open git repository that is a clone of a job's repository: one of its remotes names the
// repository the job names, or the one its pull request link points into.
import * as vscode from 'vscode';
import type { AgentJob } from '../api/types';
import { parsePullRequestLink } from './change-ref';
import type { GitRemote, GitRepository } from './git-api';
import { parseRepositoryId, type RepositoryId, sameRepository } from './repository-id';

export interface JobClone {
  repository: GitRepository;
  remote: GitRemote;
}

/** The repositories a job's change belongs to: its own field, and its pull request link's. */
export function jobRepositoryIds(job: Pick<AgentJob, 'repository' | 'prLink'>): RepositoryId[] {
  const ids = [parseRepositoryId(job.repository), job.prLink ? parsePullRequestLink(job.prLink)?.repository : undefined];
  return ids.filter((id): id is RepositoryId => id !== undefined);
}

function matchingRemote(repository: GitRepository, ids: readonly RepositoryId[]): GitRemote | undefined {
  const matches = repository.state.remotes.filter((remote) =>
    [remote.fetchUrl, remote.pushUrl].some((url) => {
      const id = url ? parseRepositoryId(url) : undefined;
      return id !== undefined && ids.some((wanted) => sameRepository(id, wanted));
    }),
  );
  // The usual names first: a fork's clone has the job's repository as `upstream`.
  return matches.find((r) => r.name === 'origin') ?? matches.find((r) => r.name === 'upstream') ?? matches[0];
}

/** A clone of the job's repository among the open ones, those inside the workspace first. */
export function findJobClone(repositories: readonly GitRepository[], job: Pick<AgentJob, 'repository' | 'prLink'>): JobClone | undefined {
  const ids = jobRepositoryIds(job);
  const inWorkspace = (r: GitRepository): boolean => vscode.workspace.getWorkspaceFolder(r.rootUri) !== undefined;
  const ordered = [...repositories.filter(inWorkspace), ...repositories.filter((r) => !inWorkspace(r))];
  for (const repository of ordered) {
    const remote = matchingRemote(repository, ids);
    if (remote) return { repository, remote };
  }
  return undefined;
}
