// The job tools: start a job, say how jobs are doing, send a follow-up. A job made here is
// tracked like any other (the tree, the poller, the finish notification), marked with the agent
// that started it when that is not VS Code's chat. Starting a job and a follow-up each spend one
// of the project's 100 agent uses an hour, so both ask first, saying how many are left.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { ApiKeyStore } from '../editor/api-key-store';
import { pullRequestHosts } from '../editor/config';
import type { AgentUses } from '../jobs/agent-uses';
import type { JobTracker } from '../jobs/job-tracker';
import { checkPrompt } from '../jobs/prompt-text';
import { jobKeyOf } from '../jobs/tracked-job';
import { toolNames } from '../platform/manifest-ids';
import { failureText, tasks } from './failure-text';
import {
  consentOf,
  createJobConfirmation,
  followUpConfirmation,
  followUpSentText,
  jobStartedText,
  jobStatusText,
  jobsStatusText,
  projectMovedText,
  unknownJobText,
} from './job-tool-text';
import { leftWhatWasAllowed, projectsCovered, type ToolAnswer, type ToolDefinition } from './tool-definition';
import { described } from './tool-schemas';
import { jobScope, trackedJob } from './tool-target';

/** Names a follow-up in checkPrompt's sentences ("The follow-up is empty: …"). */
const followUpSubject = (): string =>
  l10n.t({ message: 'The follow-up', args: [], comment: ['Subject of a sentence such as “The follow-up is empty”'] });

const failed = (text: string): ToolAnswer => ({ text, failed: true });

export interface JobToolDeps {
  tracker: JobTracker;
  uses: Pick<AgentUses, 'usedLastHour'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
  log: vscode.LogOutputChannel;
}

export interface CreateJobInput {
  prompt: string;
  project?: string;
  folder?: string;
}

export function createJobTool(deps: JobToolDeps): ToolDefinition<CreateJobInput> {
  return {
    ...described(toolNames.createJob),
    progress: (input) =>
      checkPrompt(String(input.prompt ?? '')).ok ? l10n.t('Starting a Docs Agent job') : l10n.t('Checking the Docs Agent job'),
    async consent(input, call) {
      const scope = jobScope(input, call);
      const check = checkPrompt(String(input.prompt ?? ''));
      // Nothing can be sent: no question, the answer says why.
      if (!('ok' in scope) || !check.ok || !(await deps.keys.usable())) return undefined;
      return {
        ...consentOf(createJobConfirmation(scope.ok.projectId, check.prompt, await deps.uses.usedLastHour(scope.ok))),
        covers: projectsCovered([scope.ok]),
      };
    },
    async run(input, call) {
      const scope = jobScope(input, call);
      if (!('ok' in scope)) return failed(failureText(tasks.startJob, scope.problem));
      if (leftWhatWasAllowed(call, projectsCovered([scope.ok]))) return failed(projectMovedText(scope.ok.projectId));
      const check = checkPrompt(String(input.prompt ?? ''));
      if (!check.ok) return failed(l10n.t('Docs Agent did not start the job: {0}', check.problem));
      try {
        await deps.keys.require();
        const by = call.client === undefined ? {} : { startedBy: call.client };
        const job = await deps.tracker.create(scope.ok, check.prompt, { signal: call.signal }, by);
        deps.log.info(`Agent job started from ${call.client ?? 'chat'}: ${job.id}`);
        return { text: jobStartedText(job, Date.now(), pullRequestHosts()) };
      } catch (error) {
        return failed(failureText(tasks.startJob, error, 'job'));
      }
    },
  };
}

export interface JobStatusInput {
  jobId?: string;
}

export function jobStatusTool(deps: JobToolDeps): ToolDefinition<JobStatusInput> {
  return {
    ...described(toolNames.jobStatus),
    progress: (input) => (input.jobId ? l10n.t('Checking Docs Agent job {0}', input.jobId) : l10n.t('Listing Docs Agent jobs')),
    async run(input) {
      const { tracker } = deps;
      if (!input.jobId) return { text: jobsStatusText(tracker.jobs(), Date.now(), pullRequestHosts()) };
      const job = trackedJob(tracker, input.jobId);
      if (!job) return failed(unknownJobText(input.jobId, tracker.jobs()));
      // One job asked about: ask the service now (a check costs no agent use); a failed check shows on the job.
      await tracker.refresh(jobKeyOf(job));
      const now = tracker.get(jobKeyOf(job)) ?? job;
      const paused = tracker.pollStatus;
      const note = paused.reason && paused.kind !== 'polling' ? `\n${l10n.t('Checking is paused: {0}', paused.reason)}` : '';
      return { text: jobStatusText(now, Date.now(), pullRequestHosts()) + note };
    },
  };
}

export interface FollowUpInput {
  jobId: string;
  prompt: string;
}

export function followUpTool(deps: JobToolDeps): ToolDefinition<FollowUpInput> {
  const jobOf = (input: FollowUpInput): ReturnType<typeof trackedJob> => trackedJob(deps.tracker, String(input.jobId ?? ''));
  return {
    ...described(toolNames.sendFollowUp),
    progress(input) {
      const job = jobOf(input);
      const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
      return job && check.ok ? l10n.t('Sending a follow-up to job {0}', job.id) : l10n.t('Checking the follow-up');
    },
    async consent(input) {
      const job = jobOf(input);
      const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
      if (!job || !check.ok || !(await deps.keys.usable())) return undefined;
      return { ...consentOf(followUpConfirmation(job, check.prompt, await deps.uses.usedLastHour(job))), covers: projectsCovered([job]) };
    },
    async run(input, call) {
      const job = jobOf(input);
      if (!job) return failed(unknownJobText(String(input.jobId ?? ''), deps.tracker.jobs()));
      if (leftWhatWasAllowed(call, projectsCovered([job]))) return failed(projectMovedText(job.projectId));
      const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
      if (!check.ok) return failed(l10n.t('Docs Agent did not send the follow-up: {0}', check.problem));
      try {
        await deps.keys.require();
        const updated = await deps.tracker.followUp(jobKeyOf(job), check.prompt, { signal: call.signal });
        deps.log.info(`Follow-up sent from ${call.client ?? 'chat'} to job ${job.id}.`);
        return { text: followUpSentText(updated, Date.now(), pullRequestHosts()) };
      } catch (error) {
        return failed(failureText(tasks.sendFollowUp, error, 'followUp'));
      }
    },
  };
}
