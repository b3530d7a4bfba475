// Followed previews, shared by every window on this machine: one file per branch of a project,
// each change a read-change-write of that file under its own lock (so windows writing at once
// keep each other's changes), watched so other windows' writes show within a moment. Previews
// are few (a handful of branches), so a change rereads what the watch names, else the folder.
// No vscode import: unit tests run it.
import { rm } from 'node:fs/promises';
import { readJson, writeAtomic } from '../platform/machine/atomic-file';
import { withLock } from '../platform/machine/file-lock';
import { fileCaps } from '../platform/machine/shared-file';
import { recordFileName, WatchedRecords } from '../platform/machine/watched-records';
import { parsePreviewFile, type PreviewFile, serializePreviewFile } from './preview-record';
import { previewKeyOf, type TrackedPreview } from './tracked-preview';

export const previewFileName = recordFileName;

export class PreviewStore extends WatchedRecords<PreviewFile> {
  constructor(folder: string, options: { watch?: boolean } = {}) {
    super(folder, parsePreviewFile, fileCaps.preview, options);
  }

  /** Newest first. */
  all(): TrackedPreview[] {
    return [...this.files.values()].map(([, file]) => file.preview).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  get(key: string): TrackedPreview | undefined {
    return this.files.get(previewFileName(key))?.preview;
  }

  /** The stored record of a file name; 'unreadable' when this version cannot read it (pruning keeps its claims). */
  storedFile(name: string): TrackedPreview | 'unreadable' | undefined {
    return this.files.get(name)?.preview ?? (this.files.has(name) ? 'unreadable' : undefined);
  }

  /** Stores a preview as given (a new deployment of its branch replaces the one before). */
  async put(preview: TrackedPreview): Promise<TrackedPreview> {
    return this.replace(previewKeyOf(preview), () => preview);
  }

  /**
   * Stores what `make` builds from the record as it is on disk now, under its lock (not this
   * window's copy, which may lag another window's write by a moment); returns what was stored.
   */
  async replace(key: string, make: (before: TrackedPreview | undefined) => TrackedPreview): Promise<TrackedPreview> {
    let result: TrackedPreview | undefined;
    await this.change(key, (current) => (result = make(current)));
    return result ?? make(undefined);
  }

  /** Applies a change to the freshest stored record; undefined when it is not stored (stopped meanwhile). */
  async update(key: string, apply: (preview: TrackedPreview) => TrackedPreview): Promise<TrackedPreview | undefined> {
    let result: TrackedPreview | undefined;
    await this.change(key, (current) => (current ? (result = apply(current)) : undefined));
    return result;
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const name = previewFileName(key);
      await withLock(`${this.path(name)}.lock`, () => rm(this.path(name), { force: true }));
      this.files.forget(name);
    }
    if (keys.length) this.changed.fire();
  }

  /** Removes the records `drop` picks, each checked again on its freshest copy under its lock; returns how many went. */
  async prune(drop: (preview: TrackedPreview) => boolean): Promise<number> {
    let removed = 0;
    for (const [name, file] of [...this.files.values()]) {
      if (!drop(file.preview)) continue;
      await withLock(`${this.path(name)}.lock`, async () => {
        const current = parsePreviewFile(await readJson(this.path(name), fileCaps.preview));
        if (!current || !drop(current.preview)) return;
        await rm(this.path(name), { force: true });
        this.files.forget(name);
        removed++;
      });
    }
    if (removed) this.changed.fire();
    return removed;
  }

  private async change(key: string, apply: (current: TrackedPreview | undefined) => TrackedPreview | undefined): Promise<void> {
    const name = previewFileName(key);
    const path = this.path(name);
    let wrote = false;
    await withLock(`${path}.lock`, async () => {
      const stored = await readJson(path, fileCaps.preview);
      const current = parsePreviewFile(stored);
      // A record this version cannot read (newer or damaged) is never overwritten.
      if (stored !== undefined && !current) return;
      const next = apply(current?.preview);
      if (!next) return;
      const file = { key, preview: next };
      const text = serializePreviewFile(file);
      if (current && text === serializePreviewFile(current)) return;
      await writeAtomic(path, text);
      await this.files.remember(name, file);
      wrote = true;
    });
    if (wrote) this.changed.fire();
  }
}
