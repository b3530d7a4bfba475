// The job tools: start a job, say how jobs are doing, send a follow-up. A job made here is
// tracked like any other (the tree, the poller, the finish notification). Starting a job and a
// follow-up each spend one of the project's 100 agent uses an hour, so both ask first, saying
// how many are left.
import type * as vscode from 'vscode';
import type { ApiKeyStore } from '../editor/api-key-store';
import { pullRequestHosts } from '../editor/config';
import type { AgentUses } from '../jobs/agent-uses';
import type { JobTracker } from '../jobs/job-tracker';
import { checkPrompt } from '../jobs/prompt-text';
import { jobKeyOf } from '../jobs/tracked-job';
import { failureText } from './failure-text';
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
    if (!('ok' in scope) || !check.ok || !(await this.deps.keys.usable())) return { invocationMessage: 'Checking the Docs Agent job' };
    const used = await this.deps.uses.usedLastHour(scope.ok);
    return {
      invocationMessage: 'Starting a Docs Agent job',
      confirmationMessages: confirmationMarkdown(createJobConfirmation(scope.ok.projectId, check.prompt, used)),
    };
  }

  async invoke({ input }: Invocation<CreateJobInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const what = 'start the job';
    const scope = jobScope(input);
    if (!('ok' in scope)) return textResult(failureText(what, scope.problem));
    const check = checkPrompt(String(input.prompt ?? ''));
    if (!check.ok) return textResult(`Docs Agent did not start the job: ${check.problem}`);
    const abort = signalOf(token);
    try {
      await this.deps.keys.require();
      const job = await this.deps.tracker.create(scope.ok, check.prompt, { signal: abort.signal });
      this.deps.log.info(`Agent job started from chat: ${job.id}`);
      return textResult(jobStartedText(job, Date.now(), pullRequestHosts()));
    } catch (error) {
      return textResult(failureText(what, error, 'job'));
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
    return { invocationMessage: input.jobId ? markdownOfText(`Checking Docs Agent job ${input.jobId}`) : 'Listing Docs Agent jobs' };
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
    const note = paused.reason && paused.kind !== 'polling' ? `\nChecking is paused: ${paused.reason}` : '';
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
    const check = checkPrompt(String(input.prompt ?? ''), 'The follow-up');
    if (!job || !check.ok || !(await this.deps.keys.usable())) return { invocationMessage: 'Checking the follow-up' };
    const used = await this.deps.uses.usedLastHour(job);
    return {
      invocationMessage: markdownOfText(`Sending a follow-up to job ${job.id}`),
      confirmationMessages: confirmationMarkdown(followUpConfirmation(job, check.prompt, used)),
    };
  }

  async invoke({ input }: Invocation<FollowUpInput>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const { tracker } = this.deps;
    const job = trackedJob(tracker, String(input.jobId ?? ''));
    if (!job) return textResult(unknownJobText(String(input.jobId ?? ''), tracker.jobs()));
    const check = checkPrompt(String(input.prompt ?? ''), 'The follow-up');
    if (!check.ok) return textResult(`Docs Agent did not send the follow-up: ${check.problem}`);
    const abort = signalOf(token);
    try {
      await this.deps.keys.require();
      const updated = await tracker.followUp(jobKeyOf(job), check.prompt, { signal: abort.signal });
      this.deps.log.info(`Follow-up sent from chat to job ${job.id}.`);
      return textResult(followUpSentText(updated, Date.now(), pullRequestHosts()));
    } catch (error) {
      return textResult(failureText('send the follow-up', error, 'followUp'));
    } finally {
      abort.dispose();
    }
  }
}
