// Reads what earlier versions of the extension stored in the editor's global state (and its
// file copy), so the machine-wide store starts with every job they knew.
//   version 0 (unversioned array, first drafts): flat records with status/prLink/repository.
//   version 1: { version: 1, jobs: [...], unreadable: unknown[] }, each with `notified`
//   ("<follow-ups>:<status>") and `lastCheckedAt`.
import { isRecord } from '../platform/checks';
import { readJobCore, str } from './job-record';
import { clipPrompt, isTerminal, type TrackedJob } from './tracked-job';

function readV1(record: unknown): TrackedJob | undefined {
  if (!isRecord(record)) return undefined;
  const { trackedAt, lastCheckedAt } = record;
  const core = readJobCore(record);
  if (!core) return undefined;
  const { job, followUps } = core;
  const tracked: TrackedJob = {
    ...core,
    trackedAt: str(trackedAt) ?? job.createdAt ?? new Date(0).toISOString(),
    changedAt: str(lastCheckedAt) ?? str(trackedAt) ?? job.createdAt ?? new Date(0).toISOString(),
    round: 0,
  };
  // Version 1 marked a finish "<follow-ups sent>:<status>" before announcing it.
  if (isTerminal(job.status) && record.notified === `${followUps.length}:${job.rawStatus}`) tracked.announcedRound = 0;
  return tracked;
}

/** Version 0 kept the service's fields flat on the record. */
function readV0(record: unknown): TrackedJob | undefined {
  if (!isRecord(record)) return undefined;
  const { id, baseUrl, projectId, prompt, status, prLink, repository, ref, createdAt, model } = record;
  if (!str(id) || !str(baseUrl) || !str(projectId) || !str(status) || !str(createdAt)) return undefined;
  return readV1({
    id,
    baseUrl,
    projectId,
    prompt: clipPrompt(str(prompt) ?? ''),
    followUps: [],
    job: {
      id,
      rawStatus: status,
      repository: str(repository) ?? '',
      ref: ref ?? null,
      model: model ?? '',
      prLink: prLink ?? null,
      createdAt,
      archivedAt: null,
    },
    trackedAt: createdAt,
    lastCheckedAt: createdAt,
    // Version 0 notified finished jobs already; do not notify them again after the upgrade.
    notified: `0:${String(status)}`,
  });
}

/** Every job an earlier version stored, and the records it could not read (kept aside, never dropped). */
export function migrateStoredJobs(stored: unknown): { jobs: TrackedJob[]; unreadable: unknown[] } {
  if (stored === undefined || stored === null) return { jobs: [], unreadable: [] };
  const records: unknown[] = Array.isArray(stored) ? stored : isRecord(stored) && Array.isArray(stored.jobs) ? stored.jobs : [stored];
  const earlierUnreadable = isRecord(stored) && Array.isArray(stored.unreadable) ? (stored.unreadable as unknown[]) : [];
  const read = Array.isArray(stored) ? readV0 : isRecord(stored) && stored.version === 1 ? readV1 : () => undefined;
  const jobs: TrackedJob[] = [];
  const unreadable: unknown[] = [...earlierUnreadable];
  for (const record of records) {
    const job = read(record);
    if (job) jobs.push(job);
    else unreadable.push(record);
  }
  return { jobs, unreadable };
}
