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
import { jobScope, signalOf, textResult, trackedJob } from './tool-target';
import { confirmationMarkdown, markdownOfText } from '../editor/markdown-text';

/** Names a follow-up in checkPrompt's sentences ("The follow-up is empty: …"). */
const followUpSubject = (): string =>
  l10n.t({ message: 'The follow-up', args: [], comment: ['Subject of a sentence such as “The follow-up is empty”'] });

export interface JobToolDeps {
  tracker: JobTracker;
  uses: Pick<AgentUses, 'usedLastHour'>;
  keys: Pick<ApiKeyStore, 'require' | 'usable'>;
  log: vscode.LogOutputChannel;
}

type Invocation<T> = vscode.LanguageModelToolInvocationOptions<T>;
type Preparation<T> = vscode.LanguageModelToolInvocationPrepareOptions<T>;

export interface CreateJobInput {
  prompt: string;
  project?: string;
  folder?: string;
}

export class CreateJobTool implements vscode.LanguageModelTool<CreateJobInput> {
  constructor(private readonly deps: JobToolDeps) {}

  async prepareInvocation({ input }: Preparation<CreateJobInput>): Promise<vscode.PreparedToolInvocation> {
    const scope = jobScope(input);
    const check = checkPrompt(String(input.prompt ?? ''));
    // Nothing can be sent: no confirmation, the answer says why.
    if (!('ok' in scope) || !check.ok || !(await this.deps.keys.usable()))
      return { invocationMessage: l10n.t('Checking the Docs Agent job') };
    const used = await this.deps.uses.usedLastHour(scope.ok);
    return {
      invocationMessage: l10n.t('Starting a Docs Agent job'),
      confirmationMessages: confirmationMarkdown(createJobConfirmation(scope.ok.projectId, check.prompt, used)),
    };
  }

  async invoke({ input }: Invocation<CreateJobInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const scope = jobScope(input);
    if (!('ok' in scope)) return textResult(failureText(tasks.startJob, scope.problem));
    const check = checkPrompt(String(input.prompt ?? ''));
    if (!check.ok) return textResult(l10n.t('Docs Agent did not start the job: {0}', check.problem));
    const abort = signalOf(token);
    try {
      await this.deps.keys.require();
      const job = await this.deps.tracker.create(scope.ok, check.prompt, { signal: abort.signal });
      this.deps.log.info(`Agent job started from chat: ${job.id}`);
      return textResult(jobStartedText(job, Date.now(), pullRequestHosts()));
    } catch (error) {
      return textResult(failureText(tasks.startJob, error, 'job'));
    } finally {
      abort.dispose();
    }
  }
}

export interface JobStatusInput {
  jobId?: string;
}

export class JobStatusTool implements vscode.LanguageModelTool<JobStatusInput> {
  constructor(private readonly deps: JobToolDeps) {}

  prepareInvocation({ input }: Preparation<JobStatusInput>): vscode.PreparedToolInvocation {
    return {
      invocationMessage: input.jobId
        ? markdownOfText(l10n.t('Checking Docs Agent job {0}', input.jobId))
        : l10n.t('Listing Docs Agent jobs'),
    };
  }

  async invoke({ input }: Invocation<JobStatusInput>): Promise<vscode.LanguageModelToolResult> {
    const { tracker } = this.deps;
    if (!input.jobId) return textResult(jobsStatusText(tracker.jobs(), Date.now(), pullRequestHosts()));
    const job = trackedJob(tracker, input.jobId);
    if (!job) return textResult(unknownJobText(input.jobId, tracker.jobs()));
    // One job asked about: ask the service now (a check costs no agent use); a failed check shows on the job.
    await tracker.refresh(jobKeyOf(job));
    const now = tracker.get(jobKeyOf(job)) ?? job;
    const paused = tracker.pollStatus;
    const note = paused.reason && paused.kind !== 'polling' ? `\n${l10n.t('Checking is paused: {0}', paused.reason)}` : '';
    return textResult(jobStatusText(now, Date.now(), pullRequestHosts()) + note);
  }
}

export interface FollowUpInput {
  jobId: string;
  prompt: string;
}

export class FollowUpTool implements vscode.LanguageModelTool<FollowUpInput> {
  constructor(private readonly deps: JobToolDeps) {}

  async prepareInvocation({ input }: Preparation<FollowUpInput>): Promise<vscode.PreparedToolInvocation> {
    const job = trackedJob(this.deps.tracker, String(input.jobId ?? ''));
    const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
    if (!job || !check.ok || !(await this.deps.keys.usable())) return { invocationMessage: l10n.t('Checking the follow-up') };
    const used = await this.deps.uses.usedLastHour(job);
    return {
      invocationMessage: markdownOfText(l10n.t('Sending a follow-up to job {0}', job.id)),
      confirmationMessages: confirmationMarkdown(followUpConfirmation(job, check.prompt, used)),
    };
  }

  async invoke({ input }: Invocation<FollowUpInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { tracker } = this.deps;
    const job = trackedJob(tracker, String(input.jobId ?? ''));
    if (!job) return textResult(unknownJobText(String(input.jobId ?? ''), tracker.jobs()));
    const check = checkPrompt(String(input.prompt ?? ''), followUpSubject());
    if (!check.ok) return textResult(l10n.t('Docs Agent did not send the follow-up: {0}', check.problem));
    const abort = signalOf(token);
    try {
      await this.deps.keys.require();
      const updated = await tracker.followUp(jobKeyOf(job), check.prompt, { signal: abort.signal });
      this.deps.log.info(`Follow-up sent from chat to job ${job.id}.`);
      return textResult(followUpSentText(updated, Date.now(), pullRequestHosts()));
    } catch (error) {
      return textResult(failureText(tasks.sendFollowUp, error, 'followUp'));
    } finally {
      abort.dispose();
    }
  }
}
