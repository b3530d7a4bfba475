// How long the machine keeps what tracked jobs leave behind, and why. Every window used to
// keep every job file, tombstone and finish claim for ever, and to read them all when it
// opened: a heavy user (30 jobs a day) reaches 10,000 files in a year. The rules keep every
// promise of "nothing is lost": a job still running (or awaiting a lost follow-up's answer, or
// its finish's announcement) is never dropped, a tombstone outlives whatever could bring its
// job back, and a finish claim outlives any chance of announcing that finish twice.
import type { JobFile } from './job-record';
import { awaitsAnnouncement, isHidden, isPollable } from './tracked-job';

const day = 86_400_000;

/**
 * With `docsAgent.jobs.hideFinishedAfterDays` at 0 (never hide), a finished job is kept a year
 * after its last change or re-tracking: the view keeps a year of history, and the folder stays
 * near 11,000 files even for a heavy user. Follow a Job Started Elsewhere brings an older one back from the service.
 */
export const keepFinishedNeverHiddenDays = 365;

/**
 * A stopped job's tombstone. Within this extension nothing re-adds a job that has no file
 * (updates leave a missing job alone; only a person tracking it again does). The one thing
 * that does is moving an earlier version's list in when a window starts, and an earlier
 * version's window keeps rewriting that list until it reloads; VS Code's own monthly update
 * restarts every window, so 60 days is twice the longest such a window lives.
 */
export const tombstoneDays = 60;

/**
 * A finish claim matters while some window may still see that finish as not announced. The
 * record says it is announced moments after the claim (the winner writes it, and every loser
 * too), so a day covers any window whose view of the record is behind (asleep, busy); a claim
 * whose record still awaits that finish is kept however old.
 */
export const claimMinAgeMs = day;

/** Temporary and lock files live milliseconds (a read's lock, a minute): an hour-old one is a crashed writer's. */
export const leftoverAgeMs = 3_600_000;

/** The change journal is started anew past this (about 5,000 changes): every window then reads the folder once. */
export const journalMaxBytes = 256 * 1024;

/** Whether a job's file may go: a finished job out of the view, or an old tombstone. */
export function isExpired(file: JobFile, now: number, hideFinishedAfterDays: number): boolean {
  if ('removedAt' in file) {
    // Forward only: a date ahead (a clock stepped back) waits for the clock.
    return now - Date.parse(file.removedAt) > tombstoneDays * day;
  }
  const { job } = file;
  if (isPollable(job) || awaitsAnnouncement(job)) return false;
  return isHidden(job, now, hideFinishedAfterDays > 0 ? hideFinishedAfterDays : keepFinishedNeverHiddenDays);
}

/**
 * A finish claim is named `<job file name without .json>.<round>` (see FinishAnnouncer). A job
 * followed again carries its rounds on (job-store's `track`), so no name is used twice.
 */
export function claimName(jobFile: string, round: number): string {
  return `${jobFile.replace(/\.json$/, '')}.${round}`;
}

/** The job file and round a finish claim is named by; undefined for any other claim. */
function parseClaimName(name: string): { jobFile: string; round: number } | undefined {
  const match = /^([0-9a-f]{40})\.(\d+)$/.exec(name);
  return match ? { jobFile: `${match[1]}.json`, round: Number(match[2]) } : undefined;
}

/**
 * Whether a finish claim must stay whatever its age: its job's record (as `stored` tells, by
 * file name) still awaits that round's announcement, or cannot be read by this version. A
 * name that is not a finish claim is kept too.
 */
export function claimStillNeeded(name: string, stored: (jobFile: string) => JobFile | 'unreadable' | undefined): boolean {
  const claim = parseClaimName(name);
  if (!claim) return true;
  const file = stored(claim.jobFile);
  if (file === 'unreadable') return true;
  if (!file || 'removedAt' in file) return false;
  return file.job.round === claim.round && awaitsAnnouncement(file.job);
}

/**
 * The highest round among the job file's finish claims in `names` (the claims on the machine),
 * if any: a job followed again numbers its finishes past them (job-store's `track`).
 */
export function lastClaimedRound(names: readonly string[], jobFile: string): number | undefined {
  let last: number | undefined;
  for (const name of names) {
    const claim = parseClaimName(name);
    if (claim?.jobFile === jobFile && (last === undefined || claim.round > last)) last = claim.round;
  }
  return last;
}
