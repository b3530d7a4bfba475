// Announces each finish of a preview exactly once on the whole machine, by the jobs' rules: the
// window that wins an exclusive claim for that branch and round shows it; the focused window
// claims at once, the poller when no window has focus or after a moment when the focused one
// did not. A reload never announces again. No vscode import: the toast is the `notify` callback.
import { previewFileName, type PreviewStore } from './preview-store';
import { awaitsAnnouncement, previewKeyOf, type TrackedPreview } from './tracked-preview';

export interface PreviewAnnouncerDeps {
  store: PreviewStore;
  claim: (name: string) => Promise<boolean>;
  notify: (preview: TrackedPreview) => void;
  thisWindowFocused: () => boolean;
  otherWindowFocused: () => boolean;
  isPoller: () => boolean;
  fallbackMs?: number;
}

/** The claim's file name: one per branch and round (kept with the jobs' claims, pruned with them). */
export function previewClaimName(preview: TrackedPreview): string {
  return `preview-${previewFileName(previewKeyOf(preview)).replace(/\.json$/, '')}-${preview.round}`;
}

export class PreviewAnnouncer {
  private readonly listener;
  private readonly pending = new Map<string, Promise<void>>();
  private fallback: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly deps: PreviewAnnouncerDeps) {
    this.listener = deps.store.onDidChange(() => this.review());
  }

  /** Looks for finishes nobody announced yet; call when focus or the lease changes too. */
  review(): void {
    if (this.disposed) return;
    const { thisWindowFocused, otherWindowFocused, isPoller } = this.deps;
    if (!this.deps.store.all().some(awaitsAnnouncement)) return;
    if (thisWindowFocused() || (isPoller() && !otherWindowFocused())) {
      this.claimAll();
    } else if (isPoller() && !this.fallback) {
      this.fallback = setTimeout(() => {
        this.fallback = undefined;
        this.claimAll();
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

  private claimAll(): void {
    if (this.disposed) return;
    for (const preview of this.deps.store.all().filter(awaitsAnnouncement)) {
      const name = previewClaimName(preview);
      if (!this.pending.has(name))
        this.pending.set(
          name,
          this.decide(preview).finally(() => this.pending.delete(name)),
        );
    }
  }

  private async decide(preview: TrackedPreview): Promise<void> {
    try {
      const won = await this.deps.claim(previewClaimName(preview));
      // Won or lost, the round is announced now (the loser writes it too, in case the winner closed).
      const saved = await this.deps.store.update(previewKeyOf(preview), (current) =>
        current.round === preview.round ? { ...current, announcedRound: preview.round } : current,
      );
      if (won && saved && !this.disposed) this.deps.notify(saved);
    } catch {
      // Storage trouble: the finish stays unclaimed and the next review tries again.
    }
  }
}
