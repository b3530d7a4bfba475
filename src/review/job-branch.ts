// Which local branch holds a job's change. Its name comes from the whole job id, so two jobs
// never share one, and the branch's git config records the job it was made for, so a branch
// that only happens to have the name (made by hand, or by an older version from a shorter
// name) is never taken for this job's and offered its commits.
import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import type { TrackedJob } from '../jobs/tracked-job';
import type { GitRepository } from './git-api';
import { ReviewError } from './review-errors';

/** Ids longer than this are cut; the hash then tells them apart. */
const maxIdLength = 64;
/** Names tried after the first when branches of those names belong to something else. */
const maxNames = 10;

/**
 * The job id as a ref name's last part: the id itself when it is only lowercase letters, digits,
 * `_` and `-`; else those characters (the rest turned to `_`, capitals lowered, since a
 * case-insensitive disk keeps `Job` and `job` as one branch) and, after a dot, a hash of the
 * whole id. A plain id has no dot, so no id's part is another id's.
 */
export function jobRefPart(job: Pick<TrackedJob, 'id'>): string {
  const kept = job.id
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '_')
    .slice(0, maxIdLength);
  if (kept !== '' && kept === job.id) return kept;
  const hash = createHash('sha256').update(job.id).digest('hex').slice(0, 12);
  return `${kept || 'job'}.${hash}`;
}

/** The local branch a job's change is checked out as, unless a branch of that name is not the job's. */
export function localBranchName(job: Pick<TrackedJob, 'id'>): string {
  return `docs-agent/${jobRefPart(job)}`;
}

/** The git config key that records which job a branch was made for. */
export function jobConfigKey(branch: string): string {
  return `branch.${branch}.docsAgentJob`;
}

type BranchGit = Pick<GitRepository, 'getBranch' | 'getConfig' | 'setConfig' | 'getMergeBase' | 'createBranch'>;

async function branchCommit(repository: BranchGit, name: string): Promise<string | undefined> {
  try {
    return (await repository.getBranch(name)).commit;
  } catch {
    return undefined;
  }
}

/** Records the job on its branch. A failure is let pass: a branch holding the job's commit is recognised without it. */
async function recordJob(repository: BranchGit, branch: string, jobId: string): Promise<void> {
  await repository.setConfig(jobConfigKey(branch), jobId).catch(() => undefined);
}

/** Creates the job's branch at `commit`, recording the job on it. */
export async function createJobBranch(repository: BranchGit, branch: string, commit: string, jobId: string): Promise<void> {
  await repository.createBranch(branch, false, commit);
  await recordJob(repository, branch, jobId);
}

/** Whether the existing branch `name` (at `commit`) was made for this job. */
async function isJobsBranch(repository: BranchGit, name: string, commit: string, jobId: string, head: string): Promise<boolean> {
  const recorded = await repository.getConfig(jobConfigKey(name)).catch(() => '');
  if (recorded) return recorded === jobId;
  // Nothing recorded (git could not write it, or the writer branched from the fetched change):
  // it is the job's when it holds the agent's commit, and is recorded as such from now on.
  const holds = commit === head || (await repository.getMergeBase(commit, head).catch(() => undefined)) === head;
  if (holds) await recordJob(repository, name, jobId);
  return holds;
}

export interface JobBranch {
  name: string;
  /** Its commit; undefined when there is no branch of that name yet. */
  commit: string | undefined;
}

/** The job's branch: the first of its names that is free or already the job's. */
export async function findJobBranch(repository: BranchGit, job: Pick<TrackedJob, 'id'>, head: string): Promise<JobBranch> {
  const first = localBranchName(job);
  for (let n = 1; n <= maxNames; n++) {
    const name = n === 1 ? first : `${first}.${n}`;
    const commit = await branchCommit(repository, name);
    if (commit === undefined || (await isJobsBranch(repository, name, commit, job.id, head))) return { name, commit };
  }
  throw new ReviewError(
    l10n.t(
      'Branches {0} to {1} already exist and none was made for this job. Delete or rename the ones you no longer need, then check out again.',
      first,
      `${first}.${maxNames}`,
    ),
    ['openSourceControl'],
  );
}
