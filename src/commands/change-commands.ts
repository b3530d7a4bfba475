// What a writer does with the agent's change after reading it: Check Out (the whole change as a
// local branch) or Apply File (one file of it into the working tree). Both work from the tree,
// the palette, and the title bar of the change's diff.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { exists } from '../editor/workspace-text';
import type { TrackedJob } from '../jobs/tracked-job';
import { applyAgentFile, type AppliedFile, changeKind } from '../review/apply-file';
import { changedFileOf } from '../review/changed-file';
import { type CheckedOut, checkOutChange, overlappingWork } from '../review/check-out';
import type { GitChange } from '../review/git-api';
import { inClone } from '../review/clone-path';
import type { JobChange } from '../review/job-change';
import type { ActiveChange, ShownChanges } from '../review/shown-changes';
import type { CommandDeps } from './deps';
import { canReview, fetchWithProgress } from './fetch-change';
import { resolveJobs } from './job-picker';
import { reportReviewFailure } from './review-failures';
import { pickOne, showInfo, showWarning } from '../editor/say';
import { appliedFileText, switchedText } from './command-counts-text';

type Handler = (arg: unknown, selection: unknown) => Promise<unknown>;

/** A path as the writer reads it: relative to the clone's root. */
function relativeIn(change: JobChange): (uri: vscode.Uri) => string {
  return (uri) => inClone(change.repository, uri.fsPath);
}

/** The change on screen when invoked from a diff's title bar (its resource as argument) or the palette. */
function activeFor(shown: ShownChanges, arg: unknown): ActiveChange | undefined {
  return arg === undefined || arg instanceof vscode.Uri ? shown.active() : undefined;
}

async function jobFor(
  deps: CommandDeps,
  active: ActiveChange | undefined,
  arg: unknown,
  selection: unknown,
): Promise<TrackedJob | undefined> {
  if (active) return active.shown.job;
  const [job] = await resolveJobs(deps, arg, selection, canReview);
  return job;
}

async function announceCheckOut(result: CheckedOut, change: JobChange): Promise<void> {
  const { branch, previous, outcome } = result;
  if (outcome === 'kept') {
    const merge = l10n.t('Merge Agent’s Commits');
    const picked = await showInfo(
      l10n.t('Switched to {0}. It has commits of your own, so the agent’s newer commits were not merged in.', branch),
      merge,
    );
    if (picked === merge) await change.repository.merge(change.head);
    return;
  }
  const back = previous && previous !== branch ? l10n.t('Back to {0}', previous) : undefined;
  const switched = switchedText(branch, change.changes.length);
  const picked = await showInfo(switched, ...(back ? [back] : []));
  if (picked && previous) await change.repository.checkout(previous);
}

export async function checkOutJob(deps: CommandDeps, job: TrackedJob): Promise<CheckedOut | undefined> {
  try {
    const { change } = await fetchWithProgress(job);
    const result = await checkOutChange(job, change);
    void announceCheckOut(result, change).catch((error: unknown) =>
      reportReviewFailure(deps, error, job, 'switchBranches', () => checkOutJob(deps, job)),
    );
    return result;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'checkOut', () => checkOutJob(deps, job));
    return undefined;
  }
}

export function checkOutCommand(deps: CommandDeps, shown: ShownChanges): Handler {
  return async (arg, selection) => {
    const job = await jobFor(deps, activeFor(shown, arg), arg, selection);
    return job ? checkOutJob(deps, job) : undefined;
  };
}

async function pickFile(change: JobChange, relative: (uri: vscode.Uri) => string): Promise<GitChange | undefined> {
  if (change.changes.length === 1) return change.changes[0];
  const picked = await pickOne(
    change.changes.map((file) => ({ label: relative(changedFileOf(file)), description: changeKind(file, relative), file })),
    {
      title: l10n.t('Apply one file of the agent’s change'),
      placeHolder: l10n.t('Which file should become the agent’s version?'),
      matchOnDescription: true,
    },
  );
  return picked?.file;
}

/** Uncommitted work in the file is replaced only when the writer says so (Undo brings it back). */
async function mayReplace(change: JobChange, file: GitChange, name: string): Promise<boolean> {
  await change.repository.status();
  if (!overlappingWork(change.repository, { changes: [file] }).length) return true;
  const apply = l10n.t({ message: 'Apply', args: [], comment: ['Button: replaces the file with the agent’s version'] });
  const picked = await showWarning(
    l10n.t('{0} has uncommitted changes. The agent’s version replaces them (Undo brings them back).', name),
    { modal: true },
    apply,
  );
  return picked === apply;
}

async function announceApplied(applied: AppliedFile, name: string, change: JobChange): Promise<void> {
  const [open, undo] = [l10n.t('Open File'), l10n.t('Undo')];
  const picked = await showInfo(appliedFileText(name, change.changes.length), ...((await exists(applied.uri)) ? [open] : []), undo);
  if (picked === open) await vscode.window.showTextDocument(applied.uri);
  if (picked === undo) await applied.undo();
}

/** Applies one file of the job's change: the one named, the one on screen, or one the writer picks. */
export async function applyFile(
  deps: CommandDeps,
  job: TrackedJob,
  active: ActiveChange | undefined,
  wanted?: vscode.Uri,
): Promise<unknown> {
  try {
    const change = active?.shown.change ?? (await fetchWithProgress(job)).change;
    const relative = relativeIn(change);
    const chosen = wanted ? change.changes.find((c) => changedFileOf(c).toString() === wanted.toString()) : active?.file;
    const file = chosen ?? (await pickFile(change, relative));
    if (!file) return undefined;
    const name = relative(changedFileOf(file));
    if (!(await mayReplace(change, file, name))) return undefined;
    const applied = await applyAgentFile(change, file, relative);
    void announceApplied(applied, name, change).catch((error: unknown) =>
      reportReviewFailure(deps, error, job, 'undoApply', () => applied.undo()),
    );
    return applied;
  } catch (error) {
    reportReviewFailure(deps, error, job, 'applyFile', () => applyFile(deps, job, active, wanted));
    return undefined;
  }
}

/** Apply File; a caller (a test, another extension) may name the file as a second argument. */
export function applyFileCommand(deps: CommandDeps, shown: ShownChanges): Handler {
  return async (arg, selection) => {
    const active = activeFor(shown, arg);
    const job = await jobFor(deps, active, arg, selection);
    return job ? applyFile(deps, job, active, selection instanceof vscode.Uri ? selection : undefined) : undefined;
  };
}
