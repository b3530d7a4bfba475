// Check Out: the agent's change as a local branch `docs-agent/<job id>`, for the writer who
// wants to try it (build, preview) without merging. Refused when uncommitted work touches a
// file the change also touches; a branch made here and not checked out is removed again.
import type { TrackedJob } from '../jobs/tracked-job';
import type { GitChange, GitRepository } from './git-api';
import { inClone } from './clone-path';
import { createJobBranch, findJobBranch } from './job-branch';
import type { JobChange } from './job-change';
import { ReviewError } from './review-errors';

export interface CheckedOut {
  branch: string;
  /** The branch the writer was on, to switch back to. */
  previous: string | undefined;
  /** created: a new branch; updated: moved forward to the agent's latest; kept: it has commits of the writer's own. */
  outcome: 'created' | 'current' | 'updated' | 'kept';
}

function pathsOf(changes: readonly GitChange[]): string[] {
  return changes.flatMap((c) => [c.uri.fsPath, c.originalUri.fsPath, ...(c.renameUri ? [c.renameUri.fsPath] : [])]);
}

/** Files with uncommitted work (staged, unstaged, untracked or mid-merge) that the change also touches, by path. */
export function overlappingWork(repository: Pick<GitRepository, 'state'>, change: Pick<JobChange, 'changes'>): string[] {
  const touched = new Set(pathsOf(change.changes));
  const { indexChanges, workingTreeChanges, mergeChanges } = repository.state;
  const dirty = new Set(pathsOf([...indexChanges, ...workingTreeChanges, ...mergeChanges]));
  return [...dirty].filter((path) => touched.has(path)).sort();
}

/** Creates (or moves forward) the job's branch at the change's head and switches to it. */
export async function checkOutChange(job: Pick<TrackedJob, 'id'>, change: JobChange): Promise<CheckedOut> {
  const { repository, head } = change;
  await repository.status();
  const overlap = overlappingWork(repository, change);
  if (overlap.length) {
    const files = overlap.map((p) => inClone(repository, p));
    const named = files.length === 1 ? files[0] : `${files.length} files (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''})`;
    throw new ReviewError(`You have uncommitted changes to ${named}, which the agent also changed. Commit or stash them, then check out.`, [
      'openSourceControl',
    ]);
  }
  const { name: branch, commit: existing } = await findJobBranch(repository, job, head);
  const previous = repository.state.HEAD?.name;
  if (existing === undefined) {
    await createJobBranch(repository, branch, head, job.id);
    await switchOrUndo(repository, branch, () => repository.deleteBranch(branch, true));
    return { branch, previous, outcome: 'created' };
  }
  const onIt = previous === branch;
  if (existing === head) {
    if (!onIt) await repository.checkout(branch);
    return { branch, previous, outcome: 'current' };
  }
  const behind = (await repository.getMergeBase(existing, head).catch(() => undefined)) === existing;
  if (!behind) {
    // The writer committed on it: their commits stay, and the agent's newer ones are theirs to merge.
    if (!onIt) await repository.checkout(branch);
    return { branch, previous, outcome: 'kept' };
  }
  if (onIt) await repository.merge(head);
  else {
    // Strictly behind the agent's head, so nothing is lost by moving it: recreate it there.
    // Deleting a branch drops its config too, so the job is recorded again on the new one.
    await repository.deleteBranch(branch, true);
    await createJobBranch(repository, branch, head, job.id);
    await switchOrUndo(repository, branch, async () => {
      await repository.deleteBranch(branch, true);
      await createJobBranch(repository, branch, existing, job.id);
    });
  }
  return { branch, previous, outcome: 'updated' };
}

/** Switches to `branch`; when git refuses (an untracked file in the way), puts the branch back as it was. */
async function switchOrUndo(repository: GitRepository, branch: string, undo: () => Promise<void>): Promise<void> {
  try {
    await repository.checkout(branch);
  } catch (error) {
    await undo().catch(() => undefined);
    throw checkoutFailure(error, branch);
  }
}

function checkoutFailure(error: unknown, branch: string): ReviewError {
  const stderr = typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : '';
  const reason = /would be (overwritten|removed)/i.test(stderr)
    ? 'files in the working tree would be overwritten (commit, stash or move them first)'
    : stderr
        .split('\n')
        .find((l) => l.trim())
        ?.replace(/^(fatal|error): /, '') || 'git gave no reason';
  return new ReviewError(`Could not switch to ${branch}: ${reason}.`, ['showGitOutput']);
}
