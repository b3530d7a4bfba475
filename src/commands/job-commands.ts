// Actions on tracked jobs, from the tree's item and title menus, notifications and the palette.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { pullRequestHosts, workspaceScopes } from '../editor/config';
import { pullRequestLink, webLink } from '../jobs/pr-link';
import { jobKeyOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { checkPrompt } from '../jobs/prompt-text';
import { lostAnswerNote } from '../editor/error-text';
import { showError } from '../editor/show-error';
import type { CommandDeps } from './deps';
import type { JobCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { UnsentText } from './unsent-text';
import { resolveJobs } from './job-picker';
import { commandIds } from '../platform/manifest-ids';
import { askText, pickOne, showWarning } from '../editor/say';
import type { DraftRequest } from './compose-commands';
import { copiedIdsText, notFoundQuestion, stoppedTrackingText } from './command-counts-text';

async function openPullRequest(job: TrackedJob): Promise<boolean> {
  const verdict = pullRequestLink(job.job, pullRequestHosts());
  if (!verdict || 'refused' in verdict) {
    void showWarning(
      verdict
        ? l10n.t('The pull request link is refused: {0}. It was not opened.', verdict.refused)
        : l10n.t('This job has no pull request (yet).'),
    );
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(verdict.url, true));
}

async function pickScope(): Promise<ReturnType<typeof workspaceScopes>[number] | undefined> {
  const scopes = workspaceScopes();
  if (scopes.length <= 1) return scopes[0];
  const picked = await pickOne(
    scopes.map((s) => ({ label: s.projectId, description: s.baseUrl, scope: s })),
    { placeHolder: l10n.t('Which project?') },
  );
  return picked?.scope;
}

/**
 * Sends a follow-up to a job. Without its text (the job's menu, the palette) it opens the
 * composer for that job, filled with a follow-up that was not sent, if any.
 */
async function sendFollowUp(
  deps: CommandDeps,
  unsentFollowUps: UnsentText,
  arg: unknown,
  given: unknown,
  /** The composer draft it was written in: Retry sends that draft again, which closes it once sent. */
  draft?: unknown,
): Promise<TrackedJob | undefined> {
  const { tracker, log } = deps;
  const [job] = await resolveJobs(deps, arg, undefined);
  if (!job) return undefined;
  const key = jobKeyOf(job);
  if (typeof given !== 'string') {
    const draft: DraftRequest = { followUpTo: key, title: titleOf(job), text: unsentFollowUps.get(key) };
    await vscode.commands.executeCommand(commandIds.askAgent, draft);
    return undefined;
  }
  const prompt = given;
  const check = checkPrompt(
    prompt,
    l10n.t({ message: 'The follow-up', args: [], comment: ['Subject of a sentence such as “The follow-up is empty”'] }),
  );
  if (!check.ok) {
    void showWarning(check.problem);
    return undefined;
  }
  const { sent } = unsentFollowUps.keep(key, check.prompt);
  try {
    const updated = await tracker.followUp(key, check.prompt);
    sent();
    log.info(`Follow-up sent to job ${job.id}.`);
    return updated;
  } catch (error) {
    const retry = (): Thenable<unknown> =>
      draft instanceof vscode.Uri
        ? vscode.commands.executeCommand(commandIds.sendComposed, draft)
        : vscode.commands.executeCommand(commandIds.sendFollowUp, job, check.prompt);
    showError(error, log, retry, lostAnswerNote(error, 'followUp'));
    return undefined;
  }
}

/** Stops tracking finished jobs; asks first about jobs the service does not find (they may come back). */
async function clearFinishedJobs(deps: CommandDeps): Promise<number> {
  const missing = deps.tracker.notFoundJobs().length;
  let includeNotFound = false;
  if (missing > 0) {
    const { message, also } = notFoundQuestion(missing);
    const keep = l10n.t({ message: 'Keep', args: [], comment: ['Button: keeps tracking the jobs the service does not find'] });
    const answer = await showWarning(
      message,
      {
        modal: true,
        detail: l10n.t(
          'The API cannot list jobs: once you stop following it, a job is back only through Follow a Job Started Elsewhere. A job can be missing for a while and come back.',
        ),
      },
      keep,
      also,
    );
    if (answer === undefined) return 0;
    includeNotFound = answer === also;
  }
  const cleared = await deps.tracker.clearFinished(includeNotFound);
  vscode.window.setStatusBarMessage(stoppedTrackingText(cleared), 3000);
  return cleared;
}

/** Tracks a job someone else started, by its id, in a project of this workspace. */
async function trackJobById(deps: CommandDeps, given: unknown): Promise<TrackedJob | undefined> {
  const scope = await pickScope();
  if (!scope) {
    void showWarning(l10n.t('Set a project ID first: jobs belong to a project.'), l10n.t('Set Project ID')).then(
      (p) => p && vscode.commands.executeCommand(commandIds.setProjectId),
    );
    return undefined;
  }
  const id =
    typeof given === 'string'
      ? given
      : await askText({
          title: l10n.t('Track an agent job by ID'),
          prompt: l10n.t('The job’s ID in project “{0}” (the API cannot list jobs, so ask whoever started it).', scope.projectId),
          ignoreFocusOut: true,
          validateInput: (v) => (v.trim() === '' ? l10n.t('Enter a job ID.') : undefined),
        });
  if (!id?.trim()) return undefined;
  try {
    return await deps.tracker.trackById(scope, id.trim());
  } catch (error) {
    showError(error, deps.log);
    return undefined;
  }
}

export function jobCommands(deps: CommandDeps): CommandHandlers<JobCommandId> {
  const { tracker } = deps;
  /** Follow-ups that were not sent, by job key. */
  const unsentFollowUps = new UnsentText();
  return {
    [commandIds.openPullRequest]: async (arg, selection) => {
      const [job] = await resolveJobs(deps, arg, selection, (j) => !!webLink(j.job, pullRequestHosts()));
      return job ? openPullRequest(job) : false;
    },
    [commandIds.sendFollowUp]: (arg, given, draft) => sendFollowUp(deps, unsentFollowUps, arg, given, draft),
    [commandIds.refreshJob]: async (arg, selection) => {
      const jobs = await resolveJobs(deps, arg, selection);
      await Promise.all(jobs.map((job) => tracker.refresh(jobKeyOf(job))));
      return jobs.map((job) => tracker.get(jobKeyOf(job)));
    },
    [commandIds.copyJobId]: async (arg, selection) => {
      const jobs = await resolveJobs(deps, arg, selection);
      if (!jobs.length) return;
      await vscode.env.clipboard.writeText(jobs.map((j) => j.id).join('\n'));
      vscode.window.setStatusBarMessage(`$(copy) ${copiedIdsText(jobs.length)}`, 3000);
    },
    [commandIds.stopTracking]: async (arg, selection) => {
      const jobs = await resolveJobs(deps, arg, selection);
      await tracker.stopTracking(jobs.map(jobKeyOf));
      return jobs.length;
    },
    [commandIds.refreshJobs]: () => tracker.refreshAll(),
    [commandIds.clearFinishedJobs]: () => clearFinishedJobs(deps),
    [commandIds.trackJobById]: (given) => trackJobById(deps, given),
  };
}
