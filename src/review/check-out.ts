// Check Out: the agent's change as a local branch `docs-agent/<job id>`, for the writer who
// wants to try it (build, preview) without merging. Refused when uncommitted work touches a
// file the change also touches; a branch made here and not checked out is removed again.
import * as l10n from '@vscode/l10n';
import type { TrackedJob } from '../jobs/tracked-job';
import type { GitChange, GitRepository } from './git-api';
import { inClone } from './clone-path';
import { createJobBranch, findJobBranch } from './job-branch';
import type { JobChange } from './job-change';
import { ReviewError } from './review-errors';
import { count, listOf } from '../platform/words';

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

/** Files shown by name in the refusal; the rest are counted. */
const namedFiles = 3;

/** Why uncommitted work stops a check out, naming the files (a few of them, when many). */
function overlapRefusal(files: readonly string[]): string {
  if (files.length === 1) {
    return l10n.t(
      'You have uncommitted changes to {0}, which the agent also changed. Commit or stash them, then check out.',
      files[0] ?? '',
    );
  }
  const rest = files.length - namedFiles;
  const names = listOf(rest > 0 ? [...files.slice(0, namedFiles), l10n.t('{0} more', count(rest))] : files);
  return l10n.t(
    'You have uncommitted changes to {0} files ({1}), which the agent also changed. Commit or stash them, then check out.',
    count(files.length),
    names,
  );
}

/** Creates (or moves forward) the job's branch at the change's head and switches to it. */
export async function checkOutChange(job: Pick<TrackedJob, 'id'>, change: JobChange): Promise<CheckedOut> {
  const { repository, head } = change;
  await repository.status();
  const overlap = overlappingWork(repository, change);
  if (overlap.length) throw new ReviewError(overlapRefusal(overlap.map((p) => inClone(repository, p))), ['openSourceControl']);
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
  // git's own words are outside text: passed through as written.
  const said = stderr
    .split('\n')
    .find((l) => l.trim())
    ?.replace(/^(fatal|error): /, '');
  const message = /would be (overwritten|removed)/i.test(stderr)
    ? l10n.t('Could not switch to {0}: files in the working tree would be overwritten (commit, stash or move them first).', branch)
    : said
      ? l10n.t('Could not switch to {0}: {1}.', branch, said)
      : l10n.t('Could not switch to {0}: git gave no reason.', branch);
  return new ReviewError(message, ['showGitOutput']);
}
