// Announces each finish of a preview exactly once on the whole machine, by the jobs' rule
// (platform/machine/announce-once.ts): the window that wins the claim for that branch and round
// shows it. A reload never announces again. No vscode import: the toast is the `notify` callback.
import { AnnounceOnce } from '../platform/machine/announce-once';
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

export class PreviewAnnouncer extends AnnounceOnce<TrackedPreview> {
  constructor(private readonly deps: PreviewAnnouncerDeps) {
    super({ ...deps, onDidChange: (listener) => deps.store.onDidChange(listener) });
  }

  protected waiting(): TrackedPreview[] {
    return this.deps.store.all().filter(awaitsAnnouncement);
  }

  protected claimName(preview: TrackedPreview): string {
    return previewClaimName(preview);
  }

  protected async decide(preview: TrackedPreview): Promise<void> {
    try {
      const won = await this.deps.claim(previewClaimName(preview));
      // Won or lost, the round is announced now (the loser writes it too, in case the winner closed).
      const saved = await this.deps.store.update(previewKeyOf(preview), (current) =>
        current.round === preview.round ? { ...current, announcedRound: preview.round } : current,
      );
      if (won && saved && !this.isDisposed) this.deps.notify(saved);
    } catch {
      // Storage trouble: the finish stays unclaimed and the next review tries again.
    }
  }
}
