// Announces each finish of a preview exactly once on the whole machine, by the jobs' rule
// (platform/machine/announce-once.ts): the window that wins the claim for that build shows it.
// A reload never announces again. A claim names the build (its deployment id and start), not
// a round: rounds start again at 0 when a record is pruned, and a new build of the branch is a
// new thing to announce whatever became of the old record. No vscode import: the toast is the
// `notify` callback.
import { createHash } from 'node:crypto';
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

/** Tells one build of a branch from every other: its deployment id and when it was started. */
export function previewBuildId(preview: Pick<TrackedPreview, 'statusId' | 'startedAt'>): string {
  return createHash('sha256')
    .update(JSON.stringify([preview.statusId, preview.startedAt]))
    .digest('hex')
    .slice(0, 16);
}

/** The claim's file name: `preview-<record file name without .json>.<build id>` (pruned with the record: preview-pruning.ts). */
export function previewClaimName(preview: TrackedPreview): string {
  return `preview-${previewFileName(previewKeyOf(preview)).replace(/\.json$/, '')}.${previewBuildId(preview)}`;
}

const sameBuild = (a: TrackedPreview, b: TrackedPreview): boolean => a.round === b.round && previewBuildId(a) === previewBuildId(b);

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
      // Won or lost, the build is announced now (the loser writes it too, in case the winner closed).
      // A newer build that replaced it meanwhile is left alone: its own finish is the one to announce.
      let announced: TrackedPreview | undefined;
      await this.deps.store.update(previewKeyOf(preview), (current) =>
        sameBuild(current, preview) ? (announced = { ...current, announcedRound: preview.round }) : current,
      );
      if (won && announced && !this.isDisposed) this.deps.notify(announced);
    } catch {
      // Storage trouble: the finish stays unclaimed and the next review tries again.
    }
  }
}
