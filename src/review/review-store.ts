// The writer's reviews of agents' changes, shared by every window on this machine: one file per
// job, each change a read-change-write of that file under its own lock (so two windows
// commenting at once keep each other's comments), watched so other windows' comments show within
// a moment. A draft is kept until it is sent or its job is pruned. No vscode import: unit tests
// run it.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Emitter } from '../platform/emitter';
import { readJson, writeAtomic } from '../platform/machine/atomic-file';
import { withLock } from '../platform/machine/file-lock';
import { FolderSnapshot } from '../platform/machine/folder-snapshot';
import { FolderWatch } from '../platform/machine/folder-watch';
import { type JobReview, parseReviewFile, serializeReviewFile } from './review-record';

export function reviewFileName(jobKey: string): string {
  return `${createHash('sha256').update(jobKey).digest('hex').slice(0, 40)}.json`;
}

/** The newest time in a review: its last comment written or edited, or its last review sent. */
function lastTouched(review: JobReview): string {
  const times = [...review.threads.flatMap((t) => t.comments.map((c) => c.at)), ...review.sent.map((s) => s.at)];
  return times.reduce((newest, at) => (at > newest ? at : newest), '');
}

export class ReviewStore {
  private readonly files: FolderSnapshot<JobReview>;
  private readonly changed = new Emitter<void>();
  /** A review changed here or in another window. */
  readonly onDidChange = this.changed.event;
  private readonly watcher: FolderWatch | undefined;
  readonly ready: Promise<void>;

  constructor(
    readonly folder: string,
    options: { watch?: boolean } = {},
  ) {
    this.files = new FolderSnapshot(folder, (name) => name.endsWith('.json'), parseReviewFile);
    this.ready = this.reload();
    if (options.watch !== false) this.watcher = new FolderWatch(folder, (names) => void this.reload(names));
  }

  get(jobKey: string): JobReview | undefined {
    return this.files.get(reviewFileName(jobKey));
  }

  all(): JobReview[] {
    return [...this.files.values()].map(([, review]) => review);
  }

  /** Picks up other windows' writes: the files named, or every file. */
  async reload(names?: ReadonlySet<string>): Promise<void> {
    if (await (names ? this.files.scan(names) : this.files.scanAll())) this.changed.fire();
  }

  /**
   * Applies `apply` to the job's review as it is on disk now (an empty one if there is none),
   * under its lock; returns what was stored. A file this version cannot read is left as it is,
   * and undefined is returned.
   */
  async change(jobKey: string, apply: (review: JobReview) => JobReview): Promise<JobReview | undefined> {
    const name = reviewFileName(jobKey);
    const path = join(this.folder, name);
    let result: JobReview | undefined;
    await withLock(`${path}.lock`, async () => {
      const stored = await readJson(path);
      const current = parseReviewFile(stored);
      if (stored !== undefined && !current) return;
      const next = apply(current ?? { job: jobKey, threads: [], sent: [] });
      result = next;
      const text = serializeReviewFile(next);
      if (current && text === serializeReviewFile(current)) return;
      await writeAtomic(path, text);
      await this.files.remember(name, next);
    });
    if (result) this.changed.fire();
    return result;
  }

  /** Removes the reviews of jobs that are gone (pruned or no longer followed). */
  async remove(jobKeys: readonly string[]): Promise<void> {
    for (const jobKey of jobKeys) {
      const name = reviewFileName(jobKey);
      const path = join(this.folder, name);
      await withLock(`${path}.lock`, () => rm(path, { force: true }));
      this.files.forget(name);
    }
    if (jobKeys.length) this.changed.fire();
  }

  /** Removes reviews nobody touched since `cutoff` (no comment written, none sent): kept as long as a composer draft. */
  async pruneUntouchedSince(cutoff: Date): Promise<number> {
    const stale = this.all().filter((review) => lastTouched(review) < cutoff.toISOString());
    await this.remove(stale.map((review) => review.job));
    return stale.length;
  }

  dispose(): void {
    this.watcher?.dispose();
    this.changed.dispose();
  }
}
