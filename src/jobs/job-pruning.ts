// Once a day on the machine (a DailyChore), drops what job-retention says has outlived its
// use: expired job files and tombstones, finish claims nobody needs, crashed writers' temporary
// and lock files, and an overgrown change journal. It runs off activation, in one window.
import { messageOf } from '../platform/checks';
import type { Claims } from '../platform/machine/claims';
import { DailyChore } from '../platform/machine/daily-chore';
import { sweepLeftovers } from '../platform/machine/leftovers';
import type { JobStore } from './job-store';
import { claimMinAgeMs, claimStillNeeded, isExpired, journalMaxBytes, leftoverAgeMs } from './job-retention';

export interface PruneInput {
  store: JobStore;
  claims: Claims;
  /** Folders where writes by rename and locks happen (storage-layout's `leftoverFolders`). */
  leftoverFolders: readonly string[];
  hideFinishedAfterDays: number;
  now?: number;
}

export interface PruneReport {
  jobFiles: number;
  claims: number;
  leftovers: number;
  journalRotated: boolean;
}

export async function pruneJobs(input: PruneInput): Promise<PruneReport> {
  const { store, claims, hideFinishedAfterDays } = input;
  const now = input.now ?? Date.now();
  await store.ready;
  const jobFiles = await store.prune((file) => isExpired(file, now, hideFinishedAfterDays));
  // After the job files: a claim whose job just went is no longer needed.
  const claimsGone = await claims.prune(claimMinAgeMs, (name) => claimStillNeeded(name, (file) => store.storedFile(file)), now);
  const leftovers = await sweepLeftovers(input.leftoverFolders, leftoverAgeMs);
  const journalRotated = await store.rotateJournal(journalMaxBytes);
  return { jobFiles, claims: claimsGone, leftovers, journalRotated };
}

// Written to the log, a diagnostic: stays English.
function describePrune(report: PruneReport): string {
  return (
    `Pruned ${report.jobFiles} job file(s), ${report.claims} finish claim(s) and ${report.leftovers} leftover file(s)` +
    (report.journalRotated ? '; started a new change journal.' : '.')
  );
}

/**
 * Prunes once a day on the machine (`lastPrune` records when), a minute after activation at the
 * earliest, in a window that `mayRun` (not one in Restricted Mode).
 */
export function dailyPrune(
  lastPrune: string,
  input: Omit<PruneInput, 'hideFinishedAfterDays' | 'now'> & { hideFinishedAfterDays: () => number },
  log: { info(message: string): void; warn(message: string): void },
  mayRun?: () => boolean,
): DailyChore {
  return new DailyChore(
    lastPrune,
    () =>
      pruneJobs({ ...input, hideFinishedAfterDays: input.hideFinishedAfterDays() }).then(
        (report) => log.info(describePrune(report)),
        (error: unknown) => log.warn(`Pruning old job files failed (tried again tomorrow): ${messageOf(error)}`),
      ),
    mayRun ? { mayRun } : {},
  );
}
