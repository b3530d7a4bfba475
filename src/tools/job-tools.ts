// The job tools: start a job, say how jobs are doing, send a follow-up. A job made here is
// tracked like any other (the tree, the poller, the finish notification). Starting a job and a
// follow-up each spend one of the project's 100 agent uses an hour, so both ask first, saying
// how many are left.
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { ApiKeyStore } from '../editor/api-key-store';
import { pullRequestHosts } from '../editor/config';
import type { AgentUses } from '../jobs/agent-uses';
import type { JobTracker } from '../jobs/job-tracker';
import { checkPrompt } from '../jobs/prompt-text';
import { jobKeyOf } from '../jobs/tracked-job';
import { failureText, tasks } from './failure-text';
import {
  createJobConfirmation,
  followUpConfirmation,
  followUpSentText,
  jobStartedText,
  jobStatusText,
  jobsStatusText,
  unknownJobText,
} from './job-tool-text';
import { jobScope, trackedJob } from './tool-target';
import type { ToolWork } from './tool-work';
import { toolNames } from '../platform/manifest-ids';

/** Names a follow-up in checkPrompt's sentences ("The follow-up is empty: …"). */
const followUpSubject = (): string =>
  l10n.t({ message: 'The follow-up', args: [], comment: ['Subject of a sentence such as “The follow-up is empty”'] });

export interface JobToolDeps {
  tracker: JobTracker;
  uses: Pick<AgentUses, 'usedLastHour'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
  log: vscode.LogOutputChannel;
}

export interface CreateJobInput {
  prompt?: string;
  project?: string;
  folder?: string;
}

/** Who the log names as having sent it. */
const from = (client: string | undefined): string => (client === undefined ? 'chat' : `an MCP client (${client})`);

export function createJobTool(deps: JobToolDeps): ToolWork<CreateJobInput> {
  const scopeOf = (input: CreateJobInput, caller: { client?: string; roots?: readonly string[] }) =>
    jobScope(input, caller, deps.tracker.jobs());
  return {
    name: toolNames.createJob,
    progress: () => l10n.t('Starting a Docs Agent job'),
    async consent(input, caller) {
      const scope = await scopeOf(input, caller);
      const check = checkPrompt(String(input.prompt ?? ''));
      // Nothing can be sent: no question, the answer says why.
      if (!('ok' in scope) || !check.ok || !(await deps.keys.usable())) return undefined;
      return createJobConfirmation(scope.ok.projectId, check.prompt, await deps.uses.usedLastHour(scope.ok));
    },
    async run(input, call) {
      const scope = await scopeOf(input, call);
      if (!('ok' in scope)) return { text: failureText(tasks.startJob, scope.problem), failed: true };
      const check = checkPrompt(String(input.prompt ?? ''));
      if (!check.ok) return { text: l10n.t('Docs Agent did not start the job: {0}', check.problem), failed: true };
      try {
        await deps.keys.require();
        const job = await deps.tracker.create(scope.ok, check.prompt, { signal: call.signal, startedBy: call.client });
        deps.log.info(`Agent job started from ${from(call.client)}: ${job.id}`);
        return { text: jobStartedText(job, Date.now(), pullRequestHosts()) };
      } catch (error) {
        return { text: failureText(tasks.startJob, error, 'job'), failed: true };
      }
    },
  };
}

export interface JobStatusInput {
  jobId?: string;
}

export function jobStatusTool(deps: JobToolDeps): ToolWork<JobStatusInput> {
  return {
    name: toolNames.jobStatus,
    progress: (input) => (input.jobId ? l10n.t('Checking Docs Agent job {0}', input.jobId) : l10n.t('Listing Docs Agent jobs')),
    async run(input) {
      const { tracker } = deps;
      if (!input.jobId) return { text: jobsStatusText(tracker.jobs(), Date.now(), pullRequestHosts()) };
      const job = trackedJob(tracker, input.jobId);
      if (!job) return { text: unknownJobText(input.jobId, tracker.jobs()), failed: true };
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
  jobId?: string;
  prompt?: string;
}

export function followUpTool(deps: JobToolDeps): ToolWork<FollowUpInput> {
  return {
    name: toolNames.sendFollowUp,
    progress: (input) => l10n.t('Sending a follow-up to job {0}', String(input.jobId ?? '')),
    async consent(input) {
      const job = trackedJob(deps.tracker, String(input.jobId ?? ''));
      const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
      if (!job || !check.ok || !(await deps.keys.usable())) return undefined;
      return followUpConfirmation(job, check.prompt, await deps.uses.usedLastHour(job));
    },
    async run(input, call) {
      const { tracker } = deps;
      const job = trackedJob(tracker, String(input.jobId ?? ''));
      if (!job) return { text: unknownJobText(String(input.jobId ?? ''), tracker.jobs()), failed: true };
      const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
      if (!check.ok) return { text: l10n.t('Docs Agent did not send the follow-up: {0}', check.problem), failed: true };
      try {
        await deps.keys.require();
        const updated = await tracker.followUp(jobKeyOf(job), check.prompt, { signal: call.signal });
        deps.log.info(`Follow-up sent from ${from(call.client)} to job ${job.id}.`);
        return { text: followUpSentText(updated, Date.now(), pullRequestHosts()) };
      } catch (error) {
        return { text: failureText(tasks.sendFollowUp, error, 'followUp'), failed: true };
      }
    },
  };
}
