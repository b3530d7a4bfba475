// A preview deployment the extension follows: one per branch of a project (the platform
// redeploys a branch's preview in place), with the service's last answer and what only we know
// (which job it belongs to, which finish was announced). No vscode import.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import type { DeploymentStatus } from '../api/types';
import { fencedData } from '../platform/data-fence';
import { count } from '../platform/words';

export interface TrackedPreview extends ProjectScope {
  branch: string;
  /** The agent job whose change this previews; absent for a writer's own branch. */
  jobId?: string;
  /** The latest deployment of the branch. */
  statusId: string;
  previewUrl: string | null;
  status: DeploymentStatus;
  rawStatus: string;
  summary: string | null;
  /** The build's log as last read (capped: see maxStoredLogLines). */
  logs: string[];
  /** The first changed docs page's path on the site ("/quickstart"), opened in the preview when ready. */
  pagePath?: string;
  startedAt: string;
  endedAt: string | null;
  changedAt: string;
  /** Counts deployments of this branch: bumped on each redeploy, so each finish is announced once. */
  round: number;
  announcedRound?: number;
  /** Why the last check failed; cleared by the next good answer. */
  checkError?: string;
  /** The status id is unknown to the service: it answered 404 for minutes. */
  notFound?: boolean;
}

/** Logs beyond this are cut from the record (the record is rewritten on every change). */
export const maxStoredLogLines = 2000;

export function previewKey(scope: ProjectScope, branch: string): string {
  return JSON.stringify([scope.baseUrl, scope.projectId, branch]);
}

export function previewKeyOf(preview: TrackedPreview): string {
  return previewKey(preview, preview.branch);
}

export function isBuilding(preview: TrackedPreview): boolean {
  return !preview.notFound && (preview.status === 'queued' || preview.status === 'in_progress');
}

export function isFinished(preview: TrackedPreview): boolean {
  return preview.status === 'success' || preview.status === 'failure';
}

/** A finish (or a build the platform stopped knowing) nobody has claimed yet. */
export function awaitsAnnouncement(preview: TrackedPreview): boolean {
  return (isFinished(preview) || !!preview.notFound) && preview.announcedRound !== preview.round;
}

/** The words the tree and the notifications use for a status (in the display language). */
export function statusWord(preview: TrackedPreview): string {
  if (preview.notFound) return l10n.t({ message: 'not found', args: [], comment: ['A preview build’s status'] });
  switch (preview.status) {
    case 'queued':
      return l10n.t({ message: 'queued', args: [], comment: ['A preview build’s status'] });
    case 'in_progress':
      return l10n.t({ message: 'building', args: [], comment: ['A preview build’s status'] });
    case 'success':
      return l10n.t({ message: 'ready', args: [], comment: ['A preview build’s status'] });
    case 'failure':
      return l10n.t({ message: 'failed', args: [], comment: ['A preview build’s status'] });
    case 'unknown':
      return l10n.t({ message: 'status “{0}”', args: [preview.rawStatus], comment: ['{0} is a status the service named, as it wrote it'] });
  }
}

/** How long the build took, or has taken so far ("2 min 5 s"). */
export function elapsedText(preview: TrackedPreview, now: number): string {
  const end = preview.endedAt ? Date.parse(preview.endedAt) : now;
  const seconds = Math.max(0, Math.round((end - Date.parse(preview.startedAt)) / 1000));
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return l10n.t({ message: '{0} s', args: [count(seconds)], comment: ['Seconds, short'] });
  return l10n.t({
    message: '{0} min {1} s',
    args: [count(Math.floor(seconds / 60)), count(seconds % 60)],
    comment: ['Minutes and seconds, short'],
  });
}

/**
 * How long, for a row redrawn once a minute: whole minutes while it builds (a count of seconds
 * would be wrong between redraws), the exact time once it ended.
 */
export function elapsedForRow(preview: TrackedPreview, now: number): string {
  if (preview.endedAt) return elapsedText(preview, now);
  const minutes = Math.floor((now - Date.parse(preview.startedAt)) / 60_000);
  if (!Number.isFinite(minutes)) return '';
  return minutes < 1 ? l10n.t('under a minute') : l10n.t({ message: '{0} min', args: [count(minutes)], comment: ['Minutes, short'] });
}

/** The first line of the log that reads as an error, else the summary, else nothing. */
export function firstErrorLine(logs: readonly string[], summary: string | null): string | undefined {
  const error = logs.find((line) => /(^|\s)(✗|×|error\b|failed\b|fatal\b)|\berror:/i.test(line));
  const line = error ?? summary ?? undefined;
  return line?.trim() ? line.trim().slice(0, 300) : undefined;
}

// Sent to the agent: stays English.
/**
 * The follow-up that asks the agent for a fix: the failing lines, at most a dozen, in a fence
 * (a log carries text from anywhere: the pages' own words, a dependency's messages).
 */
export function fixPrompt(preview: TrackedPreview): string {
  const failing = preview.logs.filter((line) => firstErrorLine([line], null) !== undefined).slice(0, 12);
  const error = firstErrorLine(preview.logs, preview.summary);
  const lines = failing.length ? failing : error !== undefined ? [error] : [];
  return [
    `The preview build of branch ${preview.branch} failed. Please fix this on the same branch.`,
    ...(lines.length ? ['', fencedData('buildLog', lines)] : []),
  ].join('\n');
}

/** A finished preview whose last change is older than `days` (0: a year): its record is removed. */
export function isStalePreview(preview: TrackedPreview, now: number, days: number): boolean {
  if (isBuilding(preview)) return false;
  const keepMs = (days > 0 ? days : 365) * 86_400_000;
  return now - Date.parse(preview.changedAt) > keepMs;
}
