// Announces each finish of a job exactly once on the whole machine: every window sees the
// finish in the shared store, and the one that wins an exclusive claim for that job and round
// shows it. The focused window claims at once; the poller claims when no window has focus, or
// after a moment when the focused window did not (it may be busy or closing). A reload never
// announces again: the claim and the record's announced round both outlive it.
// No vscode import: the notification itself is the `notify` callback.
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

export class FinishAnnouncer {
  private readonly listener;
  private readonly pending = new Map<string, Promise<void>>();
  private fallback: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly deps: AnnouncerDeps) {
    this.listener = deps.store.onDidChange(() => this.review());
  }

  /** Looks for finishes nobody announced yet; call when focus or the lease changes too. */
  review(): void {
    if (this.disposed) return;
    const { thisWindowFocused, otherWindowFocused, isPoller } = this.deps;
    const waiting = this.deps.store.all().filter(awaitsAnnouncement);
    if (!waiting.length) return;
    if (thisWindowFocused() || (isPoller() && !otherWindowFocused())) {
      for (const job of waiting) void this.claim(job);
    } else if (isPoller() && !this.fallback) {
      this.fallback = setTimeout(() => {
        this.fallback = undefined;
        if (this.disposed) return;
        for (const job of this.deps.store.all().filter(awaitsAnnouncement)) void this.claim(job);
      }, this.deps.fallbackMs ?? 3_000);
    }
  }

  /** Resolves once every claim under way has been decided (and shown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending.values());
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.fallback);
    this.listener.dispose();
  }

  private claim(job: TrackedJob): Promise<void> {
    const id = `${jobKeyOf(job)}\n${job.round}`;
    const running = this.pending.get(id);
    if (running) return running;
    const done = this.decide(job).finally(() => this.pending.delete(id));
    this.pending.set(id, done);
    return done;
  }

  private async decide(job: TrackedJob): Promise<void> {
    const key = jobKeyOf(job);
    try {
      const won = await this.deps.claim(claimName(jobFileName(key), job.round));
      // Won or lost, the round is announced now; the loser writes it too, in case the winner
      // closed before it could (the write is skipped when it changes nothing).
      const saved = await this.deps.store.updateJob(key, (current) =>
        current.round === job.round ? { ...current, announcedRound: job.round } : current,
      );
      if (won && saved && !this.disposed && this.deps.notifyOn().has(saved.job.status)) this.deps.notify(saved);
    } catch {
      // Storage trouble: the finish stays unclaimed and the next review tries again.
    }
  }
}
