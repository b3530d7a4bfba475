// A job the extension remembers: the service's last answer plus what only we know (the prompt,
// follow-ups, which finish was announced). The API has no list operation, so this is the only
// record of which jobs exist.
import * as l10n from '@vscode/l10n';
import type { AgentJob, JobStatus } from '../api/types';
import type { ProjectScope } from '../api/project-scope';
import type { JobRefusal } from './job-refusal';
import { firstLine } from './first-line';
import { followUpEvent, type JobEvent, withEvent } from './job-history';

export interface TrackedJob extends ProjectScope {
  id: string;
  /** The prompt that started the job, cut to `maxStoredPromptChars`. */
  prompt: string;
  /** The latest follow-up prompts, oldest first (each cut like `prompt`, at most `maxStoredFollowUps`). */
  followUps: string[];
  /** The service's last answer. */
  job: AgentJob;
  trackedAt: string;
  /** When the last answer changed something shown (a finish, a pull request, a branch). */
  changedAt: string;
  /** Counts finishes: bumped when the job is seen running again after one (a follow-up). */
  round: number;
  /** The round whose finish has been claimed by a window (announced or, per notifyOn, not). */
  announcedRound?: number;
  /** The service answered 404 repeatedly over minutes: still checked, slowly. */
  notFound: boolean;
  /** Why the last check of this job (alone) failed; cleared by the next good answer. */
  checkError?: string;
  /** That failure was a refusal of this job alone (its address, its project): the row offers a way out. */
  refused?: JobRefusal;
  /** A follow-up left but its answer was lost: watched until the job is seen running again. */
  awaitingSince?: string;
  /** Follow-ups sent and finishes seen, oldest first (absent for a job kept by an older version). */
  history?: JobEvent[];
  /** The agent that started the job through a Docs Agent tool (an MCP client's name); absent for the writer's own and chat's. */
  startedBy?: string;
}

/** Enough to show and to follow up; whole 100 KB prompts would bloat storage. */
export const maxStoredPromptChars = 4000;
/** Follow-up history kept per job: the record is rewritten on every change. */
export const maxStoredFollowUps = 20;
/** How long a lost follow-up answer keeps a finished job watched. */
export const awaitFollowUpMs = 5 * 60_000;

const terminal: ReadonlySet<JobStatus> = new Set(['completed', 'failed', 'archived']);

export function isTerminal(status: JobStatus): boolean {
  return terminal.has(status);
}

/** Still worth checking: not finished, or a follow-up's answer was lost. Not-found jobs are checked slowly. */
export function isPollable(job: TrackedJob): boolean {
  return !isTerminal(job.job.status) || job.awaitingSince !== undefined;
}

export function isRunning(job: TrackedJob): boolean {
  return !job.notFound && job.job.status === 'active';
}

/** A finish nobody has claimed yet (not while a lost follow-up may still restart the job). */
export function awaitsAnnouncement(job: TrackedJob): boolean {
  return isTerminal(job.job.status) && job.awaitingSince === undefined && job.announcedRound !== job.round;
}

/** When the job began, as far as anyone knows: the service's date, else when it was tracked. */
export function createdAtOf(job: TrackedJob): string {
  return job.job.createdAt ?? job.trackedAt;
}

/** Finished more than `days` ago (by its last change or re-tracking): out of the view, still stored. */
export function isHidden(job: TrackedJob, now: number, days: number): boolean {
  if (isPollable(job) || !(days > 0)) return false;
  const last = Math.max(Date.parse(job.changedAt), Date.parse(job.trackedAt));
  return now - last > days * 86_400_000;
}

export function jobKey(scope: ProjectScope, id: string): string {
  return JSON.stringify([scope.baseUrl, scope.projectId, id]);
}

export function jobKeyOf(job: TrackedJob): string {
  return jobKey(job, job.id);
}

export function sameScope(a: ProjectScope, b: ProjectScope): boolean {
  return a.baseUrl === b.baseUrl && a.projectId === b.projectId;
}

/**
 * Whether a job shows among the open projects' (`scopes`): one of theirs, or, while unfinished,
 * one of their project made at an address that is no longer the writer's service (its row says
 * why it is not checked). Once finished there is nothing to check: it stays with that address.
 */
export function shownAmong(job: TrackedJob, scopes: readonly ProjectScope[], notTheService?: (baseUrl: string) => boolean): boolean {
  const elsewhere = isPollable(job) && (notTheService?.(job.baseUrl) ?? false);
  return scopes.some((scope) => sameScope(scope, job) || (elsewhere && scope.projectId === job.projectId));
}

export function clipPrompt(prompt: string): string {
  return prompt.length > maxStoredPromptChars ? `${prompt.slice(0, maxStoredPromptChars)}…` : prompt;
}

/** The follow-ups with one more, keeping the latest `maxStoredFollowUps`. */
export function withFollowUp(followUps: readonly string[], prompt: string): string[] {
  return [...followUps, clipPrompt(prompt)].slice(-maxStoredFollowUps);
}

/** The job's record with one more follow-up, sent at `at` (ISO). */
export function followedUp(saved: TrackedJob, prompt: string, at: string): TrackedJob {
  return { ...saved, followUps: withFollowUp(saved.followUps, prompt), history: withEvent(saved.history, followUpEvent(prompt, at)) };
}

/** The label of a job: its prompt's first line, or its id when it was tracked by id. */
export function titleOf(job: TrackedJob): string {
  return firstLine(job.prompt, 80) || l10n.t('Job {0}', job.id);
}

/** A new record for a job the service just answered for. A job already finished has nothing to announce. */
export function newTrackedJob(scope: ProjectScope, job: AgentJob, prompt: string, now: string, startedBy?: string): TrackedJob {
  const tracked: TrackedJob = {
    ...scope,
    id: job.id,
    prompt: clipPrompt(prompt),
    followUps: [],
    job,
    trackedAt: now,
    changedAt: now,
    round: 0,
    notFound: false,
  };
  if (isTerminal(job.status)) tracked.announcedRound = 0;
  // A client's name, as its `initialize` gave it: one short line.
  if (startedBy !== undefined) tracked.startedBy = startedBy.replace(/\s+/g, ' ').trim().slice(0, 100);
  return tracked;
}

/**
 * The record of a job followed again, its rounds carrying on past `lastRound` (the earlier
 * following's last): that following's finish claims may still be on the machine, and a new
 * finish must never be taken for one of them. A job finished already stays announced.
 */
export function roundsAfter(job: TrackedJob, lastRound: number | undefined): TrackedJob {
  if (lastRound === undefined || job.round > lastRound) return job;
  const round = lastRound + 1;
  return { ...job, round, ...(job.announcedRound === job.round ? { announcedRound: round } : {}) };
}
