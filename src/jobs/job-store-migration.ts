// Reads whatever an earlier (or later) version of the extension stored, without losing a job.
//   version 0 (unversioned array, first drafts): flat records with status/prLink/repository.
//   version 1: { version: 1, jobs: TrackedJob[], unreadable: unknown[] }.
import { parseAgentJob } from '../api/validate';
import { clipPrompt, type TrackedJob } from './tracked-job';

export interface StoredJobs {
  version: 1;
  jobs: TrackedJob[];
  unreadable: unknown[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function readV1(record: unknown): TrackedJob | undefined {
  if (!isObject(record)) return undefined;
  const { id, baseUrl, projectId, prompt, trackedAt, lastCheckedAt } = record;
  if (!str(id) || !str(baseUrl) || !str(projectId) || typeof prompt !== 'string') return undefined;
  let job;
  try {
    // The stored job is the service's shape after validation; checking it again catches damage.
    const stored = record.job as Json;
    job = parseAgentJob(
      { ...stored, status: stored?.rawStatus ?? stored?.status, source: { repository: stored?.repository, ref: stored?.ref } },
      200,
    );
  } catch {
    return undefined;
  }
  const followUps = Array.isArray(record.followUps) ? record.followUps.filter((f): f is string => typeof f === 'string') : [];
  const notified = str(record.notified);
  return {
    id: id as string,
    baseUrl: baseUrl as string,
    projectId: projectId as string,
    prompt,
    followUps,
    job,
    notFound: record.notFound === true,
    trackedAt: str(trackedAt) ?? job.createdAt,
    lastCheckedAt: str(lastCheckedAt) ?? job.createdAt,
    ...(notified === undefined ? {} : { notified }),
  };
}

/** Version 0 kept the service's fields flat on the record. */
function readV0(record: unknown): TrackedJob | undefined {
  if (!isObject(record)) return undefined;
  const { id, baseUrl, projectId, prompt, status, prLink, repository, ref, createdAt, model } = record;
  if (!str(id) || !str(baseUrl) || !str(projectId) || !str(status) || !str(createdAt)) return undefined;
  return readV1({
    id,
    baseUrl,
    projectId,
    prompt: clipPrompt(str(prompt) ?? ''),
    followUps: [],
    job: { id, rawStatus: status, repository: str(repository) ?? '', ref: ref ?? null, model: model ?? '', prLink: prLink ?? null, createdAt, archivedAt: null },
    trackedAt: createdAt,
    lastCheckedAt: createdAt,
    // Version 0 notified finished jobs already; do not notify them again after the upgrade.
    notified: `0:${status}`,
  });
}

export function migrateStoredJobs(stored: unknown): { jobs: TrackedJob[]; unreadable: unknown[] } {
  if (stored === undefined || stored === null) return { jobs: [], unreadable: [] };
  const records: unknown[] = Array.isArray(stored) ? stored : isObject(stored) && Array.isArray(stored.jobs) ? stored.jobs : [stored];
  const earlierUnreadable = isObject(stored) && Array.isArray(stored.unreadable) ? stored.unreadable : [];
  const read = Array.isArray(stored) ? readV0 : isObject(stored) && stored.version === 1 ? readV1 : () => undefined;
  const jobs: TrackedJob[] = [];
  const unreadable: unknown[] = [...earlierUnreadable];
  for (const record of records) {
    const job = read(record);
    if (job) jobs.push(job);
    else unreadable.push(record);
  }
  return { jobs, unreadable };
}
