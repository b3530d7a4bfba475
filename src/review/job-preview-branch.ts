// The branch a job's change can be built from: the one the job names, else its pull request's
// head branch, found as the remote branch whose tip is the commit the pull request's ref holds
// (the platform builds branches, not pull request refs).
import * as l10n from '@vscode/l10n';
import type { TrackedJob } from '../jobs/tracked-job';
import { fetchChangeOrBranch } from './change-fetch';
import type { GitApi } from './git-api';
import { fetchJobChange, jobClone, type JobChange } from './job-change';
import { fetchFailure, ReviewError } from './review-errors';

export interface JobPreviewBranch {
  branch: string;
  /** The change fetched on the way, when it was (its first docs page is the one to open). */
  change?: JobChange;
}

const remoteBranchType = 1;

/** The remote branch holding `change.head`, refreshed from the remote first; undefined when none does. */
async function branchAt(change: JobChange): Promise<string | undefined> {
  const { repository, remote } = change;
  try {
    await repository.fetch({ remote, silent: true });
  } catch (error) {
    throw fetchFailure(error, remote, l10n.t({ message: 'branches', args: [], comment: ['What was fetched: the remote’s branches'] }));
  }
  const refs = await repository.getRefs({ pattern: `refs/remotes/${remote}/` });
  const prefix = `${remote}/`;
  const names = refs
    .filter((ref) => ref.type === remoteBranchType && ref.commit === change.head && ref.name?.startsWith(prefix))
    .map((ref) => (ref.name ?? '').slice(prefix.length))
    .filter((name) => name && name !== 'HEAD')
    .sort();
  return names[0];
}

/** The branch to preview for a finished job, or a ReviewError that says why there is none. */
export async function jobPreviewBranch(api: () => Promise<GitApi>, job: TrackedJob): Promise<JobPreviewBranch> {
  if (job.job.ref) return { branch: job.job.ref };
  if (!job.job.prLink)
    throw new ReviewError(
      l10n.t('The service named neither a branch nor a pull request for this job, so there is nothing to preview yet.'),
    );
  const change = await fetchJobChange(await api(), job);
  const branch = await branchAt(change);
  if (!branch) {
    const message = l10n.t({
      message:
        "No branch on {0} holds the {1}'s latest commit (a pull request from a fork, or a branch since moved on), so the platform has no branch to build.",
      args: [change.remote, change.source.label],
      comment: ['{0} is a git remote ("origin"); {1} what holds the change: "pull request #12" or "merge request !12"'],
    });
    throw new ReviewError(message, ['retry']);
  }
  return { branch, change };
}

/**
 * The change whose first page a preview opens: the job's own (its pull request's head), else
 * what the previewed branch holds, for a remote that publishes no pull request refs.
 */
export async function jobPreviewChange(api: GitApi, job: TrackedJob, branch: string): Promise<JobChange> {
  const clone = jobClone(api, job);
  return fetchChangeOrBranch(clone.repository, clone.remote.name, job, branch);
}
