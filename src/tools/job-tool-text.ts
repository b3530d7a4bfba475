// What the job tools say: the confirmations a person reads before an agent use is spent, and
// the results a model reads. Plain text, short, the same wording every time; pure, so unit
// tests check each one. What came from elsewhere is fenced as data (data-fence.ts).
import * as l10n from '@vscode/l10n';
import { pullRequestLink } from '../jobs/pr-link';
import { describePrompt, firstLine } from '../jobs/prompt-text';
import { createdAtOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { agentUsesPerHour } from '../jobs/agent-uses';
import { relativeTime } from '../platform/relative-time';
import { fencedData, fencedList } from '../platform/data-fence';
import { count, plural } from '../platform/words';
import type { ConsentQuestion } from './tool-definition';

export interface Confirmation {
  title: string;
  message: string;
  /** Shown whole below the message, as written: the prompt to be sent. */
  quoted?: string;
}

/** "97 of 100 (this machine's count; …)"; none left says what will likely happen. */
export function usesLeftText(used: number): string {
  const left = Math.max(0, agentUsesPerHour - used);
  if (left === 0)
    return l10n.t(
      'none of {0} (as counted on this machine; jobs started elsewhere count too), so the service will likely refuse it',
      count(agentUsesPerHour),
    );
  return l10n.t('{0} of {1} (as counted on this machine; jobs started elsewhere count too)', count(left), count(agentUsesPerHour));
}

export function createJobConfirmation(projectId: string, prompt: string, used: number): Confirmation {
  return {
    title: l10n.t('Start a Docs Agent job?'),
    message: [
      l10n.t('Project: {0}', projectId),
      l10n.t('Prompt: {0}', describePrompt(prompt, { withLines: true })),
      l10n.t('Agent uses left this hour: {0}', usesLeftText(used)),
      l10n.t('The agent works on its own for a few minutes and opens a pull request when it changes files.'),
      l10n.t('The whole prompt:'),
    ].join('\n'),
    quoted: prompt,
  };
}

export function followUpConfirmation(job: TrackedJob, prompt: string, used: number): Confirmation {
  return {
    title: l10n.t('Send a follow-up to a Docs Agent job?'),
    message: [
      l10n.t('Job: {0} (“{1}”)', job.id, titleOf(job)),
      l10n.t('Project: {0}', job.projectId),
      l10n.t('Follow-up: {0}', describePrompt(prompt, { withLines: true })),
      l10n.t('Agent uses left this hour: {0}', usesLeftText(used)),
      l10n.t('The whole follow-up:'),
    ].join('\n'),
    quoted: prompt,
  };
}

function statusWord(job: TrackedJob): string {
  if (job.notFound) return l10n.t('not found by the service for minutes (still tracked, checked slowly)');
  const { status, rawStatus } = job.job;
  switch (status) {
    case 'active':
      return l10n.t({ message: 'running', args: [], comment: ['An agent job’s status'] });
    case 'completed':
      return l10n.t({ message: 'completed', args: [], comment: ['An agent job’s status'] });
    case 'archived':
      return l10n.t({ message: 'archived', args: [], comment: ['An agent job’s status'] });
    case 'failed':
      return l10n.t({ message: 'failed', args: [], comment: ['An agent job’s status'] });
    case 'unknown':
      return l10n.t('“{0}” (a status Docs Agent does not know)', rawStatus);
  }
}

function pullRequestText(job: TrackedJob, allowedHosts: readonly string[]): string {
  const verdict = pullRequestLink(job.job, allowedHosts);
  if (!verdict)
    return job.job.status === 'active'
      ? l10n.t({ message: 'none yet', args: [], comment: ['No pull request yet'] })
      : l10n.t({ message: 'none', args: [], comment: ['No pull request'] });
  return 'url' in verdict ? verdict.url : l10n.t('refused, not shown ({0})', verdict.refused);
}

/**
 * One job, a field per line: what a model needs to say how it is doing. Docs Agent's own words
 * first; what came from elsewhere (the prompt's lines, which may quote readers, the agent's name
 * for itself, the service's branch, link, status and errors) in a fence, as data.
 */
export function jobStatusText(job: TrackedJob, now: number, allowedHosts: readonly string[], alsoReported: readonly string[] = []): string {
  const started = createdAtOf(job);
  const known = job.notFound || job.job.status !== 'unknown';
  const ours = [
    l10n.t('Job {0}', job.id),
    l10n.t('Project: {0}', job.projectId),
    ...(known ? [l10n.t('Status: {0}', statusWord(job))] : []),
    l10n.t('Started: {0} ({1})', relativeTime(started, now), started),
    l10n.t('Follow-ups: {0}', count(job.followUps.length)),
  ];
  if (job.awaitingSince) ours.push(l10n.t('A follow-up’s answer was lost: it may be running again; it is being watched.'));
  const latest = job.followUps.at(-1);
  const outside = [
    l10n.t('Prompt: “{0}”', titleOf(job)),
    ...(known ? [] : [l10n.t('Status: {0}', statusWord(job))]),
    ...(job.startedBy === undefined ? [] : [l10n.t('Started by: {0}', job.startedBy)]),
    l10n.t('Pull request: {0}', pullRequestText(job, allowedHosts)),
    ...(job.job.ref ? [l10n.t('Branch: {0}', job.job.ref)] : []),
    ...(latest === undefined ? [] : [l10n.t('Latest follow-up: “{0}”', firstLine(latest))]),
    ...(job.checkError ? [l10n.t('Last check failed: {0}', job.checkError)] : []),
    ...alsoReported,
  ];
  return [...ours, fencedData('jobRecord', outside)].join('\n');
}

/** "3 tracked Docs Agent jobs, newest first (checked in the background):". */
export function trackedJobsHead(jobs: number): string {
  return plural(
    jobs,
    l10n.t('{0} tracked Docs Agent job, newest first (checked in the background):', count(jobs)),
    l10n.t('{0} tracked Docs Agent jobs, newest first (checked in the background):', count(jobs)),
  );
}

/** Every tracked job of the workspace's projects, newest first. */
export function jobsStatusText(jobs: readonly TrackedJob[], now: number, allowedHosts: readonly string[]): string {
  if (!jobs.length) return l10n.t('No Docs Agent jobs are tracked in this workspace’s projects.');
  return [trackedJobsHead(jobs.length), ...jobs.map((job) => jobStatusText(job, now, allowedHosts))].join('\n\n');
}

/** The answer to an unknown ID: which jobs there are, and how to track one started elsewhere. */
export function unknownJobText(id: string, jobs: readonly TrackedJob[]): string {
  const command = l10n.t({
    message: 'Docs Agent: Follow a Job Started Elsewhere…',
    args: [],
    comment: ['Command Palette title of this extension’s command, as package.nls translates it'],
  });
  if (!jobs.length)
    return l10n.t('No tracked job has the ID “{0}”. No jobs are tracked. A job started elsewhere is followed with “{1}”.', id, command);
  const tracked = jobs.map((job) =>
    l10n.t({ message: '{0} (“{1}”)', args: [job.id, titleOf(job)], comment: ['A job’s ID, then the first line of its prompt'] }),
  );
  return [
    l10n.t('No tracked job has the ID “{0}”. A job started elsewhere is followed with “{1}”. The tracked jobs:', id, command),
    fencedList('jobRecord', tracked),
  ].join('\n');
}

export function jobStartedText(job: TrackedJob, now: number, allowedHosts: readonly string[]): string {
  return [
    l10n.t('Started a Docs Agent job; it is tracked in the Agent Jobs view and a notification says when it finishes.'),
    jobStatusText(job, now, allowedHosts),
  ].join('\n\n');
}

export function followUpSentText(job: TrackedJob, now: number, allowedHosts: readonly string[]): string {
  return [
    l10n.t('Sent the follow-up; the job is tracked and a notification says when it finishes again.'),
    jobStatusText(job, now, allowedHosts),
  ].join('\n\n');
}

/**
 * The refusal of a call whose project is no longer the one the writer allowed (a setting changed
 * while they read the question): nothing is sent to a project they were not asked about.
 */
export function projectMovedText(projectId: string): string {
  return l10n.t(
    'Nothing was sent: this now goes to project {0}, not the one the writer allowed (a setting changed while they were asked). Call the tool again: the writer will be asked about {0}.',
    projectId,
  );
}

/** A confirmation as the question every adapter asks: the quoted prompt ends the detail, after a blank line. */
export function consentOf(confirmation: Confirmation): ConsentQuestion {
  const { title, message, quoted } = confirmation;
  return quoted === undefined ? { title, detail: message } : { title, detail: `${message}\n\n${quoted}`, quoted };
}
