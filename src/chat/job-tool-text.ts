// What the job tools say: the confirmations a person reads before an agent use is spent, and
// the results a model reads. Plain text, short, the same wording every time; pure, so unit
// tests check each one.
import { pullRequestLink } from '../jobs/pr-link';
import { describePrompt, firstLine } from '../jobs/prompt-text';
import { createdAtOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { agentUsesPerHour } from '../jobs/agent-uses';
import { relativeTime } from '../platform/relative-time';

export interface Confirmation {
  title: string;
  message: string;
  /** Shown whole below the message, as written: the prompt to be sent. */
  quoted?: string;
}

/** "97 of 100 (this machine's count; …)"; none left says what will likely happen. */
export function usesLeftText(used: number): string {
  const left = Math.max(0, agentUsesPerHour - used);
  const whose = 'as counted on this machine; jobs started elsewhere count too';
  if (left === 0) return `none of ${agentUsesPerHour} (${whose}), so the service will likely refuse it`;
  return `${left} of ${agentUsesPerHour} (${whose})`;
}

export function createJobConfirmation(projectId: string, prompt: string, used: number): Confirmation {
  return {
    title: 'Start a Docs Agent job?',
    message: [
      `Project: ${projectId}`,
      `Prompt: ${describePrompt(prompt, { withLines: true })}`,
      `Agent uses left this hour: ${usesLeftText(used)}`,
      'The agent works on its own for a few minutes and opens a pull request when it changes files.',
      'The whole prompt:',
    ].join('\n'),
    quoted: prompt,
  };
}

export function followUpConfirmation(job: TrackedJob, prompt: string, used: number): Confirmation {
  return {
    title: 'Send a follow-up to a Docs Agent job?',
    message: [
      `Job: ${job.id} (“${titleOf(job)}”)`,
      `Project: ${job.projectId}`,
      `Follow-up: ${describePrompt(prompt, { withLines: true })}`,
      `Agent uses left this hour: ${usesLeftText(used)}`,
      'The whole follow-up:',
    ].join('\n'),
    quoted: prompt,
  };
}

function statusWord(job: TrackedJob): string {
  if (job.notFound) return 'not found by the service for minutes (still tracked, checked slowly)';
  const { status, rawStatus } = job.job;
  if (status === 'active') return 'running';
  if (status === 'unknown') return `“${rawStatus}” (a status Docs Agent does not know)`;
  return status;
}

function pullRequestText(job: TrackedJob, allowedHosts: readonly string[]): string {
  const verdict = pullRequestLink(job.job, allowedHosts);
  if (!verdict) return job.job.status === 'active' ? 'none yet' : 'none';
  return 'url' in verdict ? verdict.url : `refused, not shown (${verdict.refused})`;
}

/** One job, a field per line: what a model needs to say how it is doing. */
export function jobStatusText(job: TrackedJob, now: number, allowedHosts: readonly string[]): string {
  const started = createdAtOf(job);
  const lines = [
    `Job ${job.id}`,
    `Prompt: “${titleOf(job)}”`,
    `Project: ${job.projectId}`,
    `Status: ${statusWord(job)}`,
    `Started: ${relativeTime(started, now)} (${started})`,
    `Pull request: ${pullRequestText(job, allowedHosts)}`,
  ];
  if (job.job.ref) lines.push(`Branch: ${job.job.ref}`);
  const latest = job.followUps.at(-1);
  lines.push(`Follow-ups: ${job.followUps.length}${latest === undefined ? '' : `, latest “${firstLine(latest)}”`}`);
  if (job.awaitingSince) lines.push('A follow-up’s answer was lost: it may be running again; it is being watched.');
  if (job.checkError) lines.push(`Last check failed: ${job.checkError}`);
  return lines.join('\n');
}

/** Every tracked job of the workspace's projects, newest first. */
export function jobsStatusText(jobs: readonly TrackedJob[], now: number, allowedHosts: readonly string[]): string {
  if (!jobs.length) return 'No Docs Agent jobs are tracked in this workspace’s projects.';
  const head = `${jobs.length} tracked Docs Agent job${jobs.length === 1 ? '' : 's'}, newest first (checked in the background):`;
  return [head, ...jobs.map((job) => jobStatusText(job, now, allowedHosts))].join('\n\n');
}

/** The answer to an unknown ID: which jobs there are, and how to track one started elsewhere. */
export function unknownJobText(id: string, jobs: readonly TrackedJob[]): string {
  const known = jobs.length ? ` Tracked jobs: ${jobs.map((job) => `${job.id} (“${titleOf(job)}”)`).join(', ')}.` : ' No jobs are tracked.';
  return `No tracked job has the ID “${id}”.${known} A job started elsewhere is followed with “Docs Agent: Follow a Job Started Elsewhere…”.`;
}

export function jobStartedText(job: TrackedJob, now: number, allowedHosts: readonly string[]): string {
  return `Started a Docs Agent job; it is tracked in the Agent Jobs view and a notification says when it finishes.\n\n${jobStatusText(job, now, allowedHosts)}`;
}

export function followUpSentText(job: TrackedJob, now: number, allowedHosts: readonly string[]): string {
  return `Sent the follow-up; the job is tracked and a notification says when it finishes again.\n\n${jobStatusText(job, now, allowedHosts)}`;
}
