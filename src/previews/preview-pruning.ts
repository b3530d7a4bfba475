// Once a day on the machine (a DailyChore): finished previews past their keeping time
// (docsAgent.jobs.hideFinishedAfterDays, as finished jobs) are removed, and with them the claims
// that announced their builds. A claim lives as long as its build's record: once the record is
// gone, or names a newer build, the claim goes too (a day old at the earliest, the jobs' rule),
// so nothing of a preview stays on disk for ever. No vscode import.
import { claimMinAgeMs } from '../jobs/job-retention';
import type { Clock } from '../platform/clock';
import type { Claims } from '../platform/machine/claims';
import { DailyChore } from '../platform/machine/daily-chore';
import { previewBuildId } from './preview-announcer';
import type { PreviewStore } from './preview-store';
import { isStalePreview, type TrackedPreview } from './tracked-preview';

export interface PreviewPruneInput {
  store: PreviewStore;
  claims: Pick<Claims, 'prune'>;
  hideFinishedAfterDays: number;
  now: number;
}

export interface PreviewPruneReport {
  records: number;
  claims: number;
}

/**
 * Whether a claim must stay: it is not a preview's, or its build's record (as `stored` tells, by
 * file name) is still there, or cannot be read by this version. Claims named by round (earlier
 * versions) are never needed again.
 */
export function previewClaimStillNeeded(name: string, stored: (file: string) => TrackedPreview | 'unreadable' | undefined): boolean {
  if (!name.startsWith('preview-')) return true;
  if (/^preview-[0-9a-f]{40}-\d+$/.test(name)) return false;
  const match = /^preview-([0-9a-f]{40})\.([0-9a-f]{16})$/.exec(name);
  if (!match) return true;
  const record = stored(`${match[1]}.json`);
  return record === 'unreadable' || (record !== undefined && previewBuildId(record) === match[2]);
}

export async function prunePreviews(input: PreviewPruneInput): Promise<PreviewPruneReport> {
  const { store, now } = input;
  // The folder as it is now: a record another window wrote keeps its claim.
  await store.reload();
  const records = await store.prune((preview) => isStalePreview(preview, now, input.hideFinishedAfterDays));
  // After the records: a claim whose record just went is no longer needed.
  const claims = await input.claims.prune(claimMinAgeMs, (name) => previewClaimStillNeeded(name, (file) => store.storedFile(file)), now);
  return { records, claims };
}

/**
 * Prunes once a day on the machine (`lastPrune` records when), a minute after activation at the
 * earliest, in a window that `mayRun` (not one in Restricted Mode).
 */
export function dailyPreviewPrune(
  lastPrune: string,
  input: Omit<PreviewPruneInput, 'hideFinishedAfterDays' | 'now'> & { hideFinishedAfterDays: () => number; clock: Pick<Clock, 'now'> },
  log: { info(message: string): void },
  mayRun?: () => boolean,
): DailyChore {
  const work = async (): Promise<void> => {
    const { records, claims } = await prunePreviews({
      ...input,
      hideFinishedAfterDays: input.hideFinishedAfterDays(),
      now: input.clock.now(),
    }).catch(() => ({ records: 0, claims: 0 }));
    if (records || claims) log.info(`Removed ${records} finished preview record(s) past keeping and ${claims} announcement claim(s).`);
  };
  return new DailyChore(lastPrune, work, mayRun ? { mayRun } : {});
}
