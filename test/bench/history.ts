// A year of a heavy user's job history on disk, as the machine-wide store keeps it: 30 jobs a
// day, each finished and its finish claimed, a third of them stopped since (tombstones), and a
// few still running. Written straight to the folders (the store would take minutes to write
// 10,000 files through its locks), dated by their records and, for claims, by their mtimes.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JobFile } from '../../src/jobs/job-record';
import { serializeJobFile } from '../../src/jobs/job-record';
import { jobFileName } from '../../src/jobs/job-store';
import { claimName } from '../../src/jobs/job-retention';
import { jobKeyOf, type TrackedJob } from '../../src/jobs/tracked-job';

const day = 86_400_000;

function finishedJob(index: number, at: number): TrackedJob {
  const id = `history-${index}`;
  const iso = new Date(at).toISOString();
  const status = index % 7 === 0 ? 'failed' : 'completed';
  return {
    id,
    baseUrl: 'https://api.mintlify.com',
    projectId: 'acme',
    prompt: `Rewrite the ${index}th page so it says what the API does now. `.repeat(6),
    followUps: index % 5 === 0 ? ['Also fix the code sample.'] : [],
    job: {
      id,
      status,
      rawStatus: status,
      repository: 'https://github.com/acme/docs',
      ref: `docs-agent/${id}`,
      model: 'claude',
      prLink: status === 'completed' ? `https://github.com/acme/docs/pull/${index}` : null,
      createdAt: iso,
      archivedAt: null,
    },
    notFound: false,
    trackedAt: iso,
    changedAt: new Date(at + 20 * 60_000).toISOString(),
    round: 0,
    announcedRound: 0,
  };
}

export interface History {
  jobsFolder: string;
  claimsFolder: string;
  /** Files in the jobs folder (records and tombstones) and finish claims. */
  jobFiles: number;
  claims: number;
}

/** `files` job files (records and tombstones), newest first, 30 a day back from `now`. */
export function writeHistory(root: string, files: number, now: number): History {
  const jobsFolder = join(root, 'jobs');
  const claimsFolder = join(root, 'claims');
  mkdirSync(jobsFolder, { recursive: true });
  mkdirSync(claimsFolder, { recursive: true });
  for (let index = 0; index < files; index++) {
    const at = now - Math.floor(index / 30) * day - (index % 30) * 60_000 - 3_600_000;
    const job = finishedJob(index, at);
    if (index < 5) job.job = { ...job.job, status: 'active', rawStatus: 'active', prLink: null };
    const key = jobKeyOf(job);
    const stopped = index >= 5 && index % 3 === 0;
    const file: JobFile = stopped ? { key, removedAt: new Date(at + day).toISOString() } : { key, job };
    writeFileSync(join(jobsFolder, jobFileName(key)), serializeJobFile(file));
    if (index >= 5) {
      const claim = join(claimsFolder, claimName(jobFileName(key), 0));
      writeFileSync(claim, `1 ${new Date(at).toISOString()}`);
      utimesSync(claim, (at + 20 * 60_000) / 1000, (at + 20 * 60_000) / 1000);
    }
  }
  return { jobsFolder, claimsFolder, jobFiles: files, claims: Math.max(0, files - 5) };
}
