// A job the extension remembers: the service's last answer plus what only we know (the prompt,
// follow-ups, whether it was notified). The API has no list operation, so this is the only
// record of which jobs exist.
import type { AgentJob, JobStatus } from '../api/types';
import { firstLine } from '../prompt/prompt-text';

export interface JobScope {
  baseUrl: string;
  projectId: string;
}

export interface TrackedJob extends JobScope {
  id: string;
  /** The prompt that started the job, cut to `maxStoredPromptChars`. */
  prompt: string;
  /** Follow-up prompts sent since, oldest first (each cut like `prompt`). */
  followUps: string[];
  /** The service's last answer. */
  job: AgentJob;
  /** The service answered 404 for it: kept, shown as not found, no longer polled. */
  notFound: boolean;
  trackedAt: string;
  lastCheckedAt: string;
  /** The transition already notified (see notificationMarker), so it is never notified twice. */
  notified?: string;
}

/** Enough to show and to follow up; whole 100 KB prompts would bloat the editor's storage. */
export const maxStoredPromptChars = 4000;

const terminal: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'archived']);

export function isTerminal(status: JobStatus): boolean {
  return terminal.has(status);
}

/** Still worth polling: not finished and not gone. Unknown statuses are polled (slowly). */
export function isPollable(job: TrackedJob): boolean {
  return !job.notFound && !isTerminal(job.job.status);
}

export function isRunning(job: TrackedJob): boolean {
  return !job.notFound && job.job.status === 'active';
}

export function jobKey(scope: JobScope, id: string): string {
  return JSON.stringify([scope.baseUrl, scope.projectId, id]);
}

export function keyOf(job: TrackedJob): string {
  return jobKey(job, job.id);
}

export function sameScope(a: JobScope, b: JobScope): boolean {
  return a.baseUrl === b.baseUrl && a.projectId === b.projectId;
}

/** One marker per finish: a follow-up starts a new round that may notify again. */
export function notificationMarker(job: TrackedJob): string {
  return `${job.followUps.length}:${job.job.rawStatus}`;
}

export function clipPrompt(prompt: string): string {
  return prompt.length > maxStoredPromptChars ? `${prompt.slice(0, maxStoredPromptChars)}…` : prompt;
}

/** The label of a job: its prompt's first line, or its id when it was tracked by id. */
export function titleOf(job: TrackedJob): string {
  return firstLine(job.prompt, 80) || `Job ${job.id}`;
}
