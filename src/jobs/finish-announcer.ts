// Announces each finish of a job exactly once on the whole machine (the rule is in
// platform/machine/announce-once.ts): the window that wins an exclusive claim for that job and
// round shows it. A reload never announces again: the claim and the record's announced round
// both outlive it.
// No vscode import: the notification itself is the `notify` callback.
import { AnnounceOnce } from '../platform/machine/announce-once';
import type { JobStore } from './job-store';
import { jobFileName } from './job-store';
import { claimName } from './job-retention';
import { awaitsAnnouncement, jobKeyOf, type TrackedJob } from './tracked-job';

export interface AnnouncerDeps {
  store: JobStore;
  /** true for the one caller on the machine that wins this name. */
  claim: (name: string) => Promise<boolean>;
  /** Called once per finish on the machine, in the window that won it, when notifyOn asks for it. */
  notify: (job: TrackedJob) => void;
  notifyOn: () => ReadonlySet<string>;
  thisWindowFocused: () => boolean;
  otherWindowFocused: () => boolean;
  isPoller: () => boolean;
  /** How long the poller leaves a finish to the focused window. */
  fallbackMs?: number;
}

export class FinishAnnouncer extends AnnounceOnce<TrackedJob> {
  constructor(private readonly deps: AnnouncerDeps) {
    super({ ...deps, onDidChange: (listener) => deps.store.onDidChange(listener) });
  }

  protected waiting(): TrackedJob[] {
    return this.deps.store.all().filter(awaitsAnnouncement);
  }

  protected claimName(job: TrackedJob): string {
    return `${jobKeyOf(job)}\n${job.round}`;
  }

  protected async decide(job: TrackedJob): Promise<void> {
    const key = jobKeyOf(job);
    try {
      const won = await this.deps.claim(claimName(jobFileName(key), job.round));
      // Won or lost, the round is announced now; the loser writes it too, in case the winner
      // closed before it could (the write is skipped when it changes nothing).
      const saved = await this.deps.store.updateJob(key, (current) =>
        current.round === job.round ? { ...current, announcedRound: job.round } : current,
      );
      if (won && saved && !this.isDisposed && this.deps.notifyOn().has(saved.job.status)) this.deps.notify(saved);
    } catch {
      // Storage trouble: the finish stays unclaimed and the next review tries again.
    }
  }
}
