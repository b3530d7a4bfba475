// How one tracked job is kept on disk (version 2): a file per job holding the record, or a
// tombstone once the user stopped tracking it. Storage outlives versions and may be damaged,
// so every read is checked; what cannot be read is left alone, never rewritten.
import { parseAgentJob } from '../api/validate';
import type { TrackedJob } from './tracked-job';
import { isRecord } from '../platform/checks';
import { readHistory } from './job-history';
import { jobRefusals } from './job-refusal';

/**
 * A tombstone keeps the last round of the job it ends (absent when an earlier version wrote it):
 * following the job again carries on from it, since that following's finish claims may outlive it.
 */
export type JobFile = { key: string; job: TrackedJob } | { key: string; removedAt: string; round?: number };

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const int = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined);

/** The service's answer as stored: checked again, so damage is caught. */
export function readStoredAnswer(stored: unknown): TrackedJob['job'] | undefined {
  if (!isRecord(stored)) return undefined;
  try {
    return parseAgentJob(
      { ...stored, status: stored.rawStatus ?? stored.status, source: { repository: stored.repository, ref: stored.ref } },
      200,
    );
  } catch {
    return undefined;
  }
}

/** What every stored version of a job has: which job of which project, its prompts and the service's answer. */
export type JobCore = Pick<TrackedJob, 'id' | 'baseUrl' | 'projectId' | 'prompt' | 'followUps' | 'job' | 'notFound'>;

export function readJobCore(record: Record<string, unknown>): JobCore | undefined {
  const { id, baseUrl, projectId, prompt } = record;
  const job = readStoredAnswer(record.job);
  if (!str(id) || !str(baseUrl) || !str(projectId) || typeof prompt !== 'string' || !job) return undefined;
  const followUps = Array.isArray(record.followUps) ? record.followUps.filter((f): f is string => typeof f === 'string') : [];
  return {
    id: id as string,
    baseUrl: baseUrl as string,
    projectId: projectId as string,
    prompt,
    followUps,
    job,
    notFound: record.notFound === true,
  };
}

export function readTrackedJob(record: unknown): TrackedJob | undefined {
  if (!isRecord(record)) return undefined;
  const { trackedAt, changedAt } = record;
  const core = readJobCore(record);
  const round = int(record.round);
  if (!core || round === undefined || !str(trackedAt) || !str(changedAt)) return undefined;
  const tracked: TrackedJob = {
    ...core,
    trackedAt: trackedAt as string,
    changedAt: changedAt as string,
    round,
  };
  const announcedRound = int(record.announcedRound);
  if (announcedRound !== undefined) tracked.announcedRound = announcedRound;
  if (str(record.checkError)) tracked.checkError = record.checkError as string;
  const refused = jobRefusals.find((r) => r === record.refused);
  if (refused && tracked.checkError) tracked.refused = refused;
  if (str(record.awaitingSince)) tracked.awaitingSince = record.awaitingSince as string;
  if (str(record.startedBy)) tracked.startedBy = record.startedBy as string;
  const history = readHistory(record.history);
  if (history) tracked.history = history;
  return tracked;
}

export function parseJobFile(value: unknown): JobFile | undefined {
  if (!isRecord(value) || value.version !== 2 || !str(value.key)) return undefined;
  const key = value.key as string;
  if (str(value.removedAt)) {
    const round = int(value.round);
    return round === undefined ? { key, removedAt: value.removedAt as string } : { key, removedAt: value.removedAt as string, round };
  }
  const job = readTrackedJob(value.job);
  return job ? { key, job } : undefined;
}

/** The last round the stored file knows the job by: its record's, or its tombstone's when kept. */
export function lastRoundOf(file: JobFile | undefined): number | undefined {
  if (!file) return undefined;
  return 'job' in file ? file.job.round : file.round;
}

export function serializeJobFile(file: JobFile): string {
  return JSON.stringify({ version: 2, ...file });
}
