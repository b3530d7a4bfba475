// Tracked jobs, shared by every window on this machine: one file per job in a folder (under
// globalStorageUri in the extension), each change a read-change-write of that one file under
// its own lock, so windows writing at once never drop each other's changes. Stopping tracking
// leaves a tombstone, so a late answer from another window cannot bring the job back. Other
// windows' changes arrive through a folder watch. No vscode import: unit tests and the
// several-process stress test run it in plain Node.
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readJson, writeAtomic } from '../platform/machine/atomic-file';
import { withLock } from '../platform/machine/file-lock';
import { FolderWatch } from '../platform/machine/folder-watch';
import { Emitter } from '../platform/emitter';
import { type JobFile, parseJobFile, serializeJobFile } from './job-record';
import { createdAtOf, jobKeyOf, type TrackedJob } from './tracked-job';

/** Where earlier versions kept the jobs; read once, then cleared. */
export interface LegacyJobs {
  read(): Promise<TrackedJob[]>;
  clear(): Promise<void>;
}

export interface JobStoreOptions {
  legacy?: LegacyJobs;
  /** Follow other processes' changes (off in tests that call reload() themselves). */
  watch?: boolean;
}

interface Seen {
  /** inode, size and mtime: a file rewritten by rename has a new one. */
  signature: string;
  file: JobFile | undefined;
}

function signatureOf(info: { ino: number; size: number; mtimeMs: number }): string {
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
}

export function jobFileName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`;
}

export class JobStore {
  private readonly seen = new Map<string, Seen>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly watcher: FolderWatch | undefined;
  private scanning: Promise<void> | undefined;
  private rescanAfter = false;
  /** Settles once the folder has been read (and earlier versions' jobs moved in). */
  readonly ready: Promise<void>;
  /** Files and bytes written by this process, for the write-volume figures. */
  writes = 0;
  bytesWritten = 0;

  constructor(
    readonly folder: string,
    options: JobStoreOptions = {},
  ) {
    this.ready = this.start(options.legacy);
    if (options.watch !== false) this.watcher = new FolderWatch(folder, () => void this.reload());
  }

  /** Newest first. */
  all(): TrackedJob[] {
    const jobs: TrackedJob[] = [];
    for (const { file } of this.seen.values()) if (file && 'job' in file) jobs.push(file.job);
    return jobs.sort((a, b) => createdAtOf(b).localeCompare(createdAtOf(a)) || a.id.localeCompare(b.id));
  }

  get(key: string): TrackedJob | undefined {
    const file = this.seen.get(jobFileName(key))?.file;
    return file && 'job' in file ? file.job : undefined;
  }

  /** Picks up what other windows wrote. Fires onDidChange when anything differs. */
  reload(): Promise<void> {
    if (this.scanning) {
      this.rescanAfter = true;
      return this.scanning;
    }
    this.scanning = this.scan().finally(() => {
      this.scanning = undefined;
      if (this.rescanAfter) {
        this.rescanAfter = false;
        void this.reload();
      }
    });
    return this.scanning;
  }

  /** Tracks a job: new, again after a stop, or replacing what is stored (a user's action). */
  async track(job: TrackedJob): Promise<TrackedJob> {
    await this.change(jobKeyOf(job), () => ({ key: jobKeyOf(job), job }));
    return job;
  }

  /**
   * Applies a change to the freshest stored record. Nothing happens (undefined) when the job is
   * not tracked or was stopped meanwhile; nothing is written when the change changes nothing.
   */
  async updateJob(key: string, update: (job: TrackedJob) => TrackedJob): Promise<TrackedJob | undefined> {
    let result: TrackedJob | undefined;
    await this.change(key, (current) => {
      if (!current || !('job' in current)) return undefined;
      result = update(current.job);
      return { key, job: result };
    });
    return result;
  }

  async remove(keys: readonly string[]): Promise<void> {
    const removedAt = new Date().toISOString();
    for (const key of keys) await this.change(key, (current) => (current && 'job' in current ? { key, removedAt } : undefined));
  }

  dispose(): void {
    this.watcher?.dispose();
    this.changed.dispose();
  }

  private path(name: string): string {
    return join(this.folder, name);
  }

  /** Read, change and write one job's file under its lock; `apply` returns undefined to leave it. */
  private async change(key: string, apply: (current: JobFile | undefined) => JobFile | undefined): Promise<void> {
    const name = jobFileName(key);
    const path = this.path(name);
    let wrote = false;
    await withLock(`${path}.lock`, async () => {
      const stored = await readJson(path);
      const current = parseJobFile(stored);
      // A record this version cannot read (newer or damaged) is never overwritten.
      if (stored !== undefined && !current) return;
      const next = apply(current);
      if (!next) return;
      const text = serializeJobFile(next);
      if (stored !== undefined && text === serializeJobFile(current as JobFile)) return;
      await writeAtomic(path, text);
      this.writes++;
      this.bytesWritten += Buffer.byteLength(text);
      const info = await stat(path);
      // Known at once, not at the next scan: the caller reads it back right away.
      this.seen.set(name, { signature: signatureOf(info), file: next });
      wrote = true;
    });
    if (wrote) this.changed.fire();
  }

  private async start(legacy: LegacyJobs | undefined): Promise<void> {
    await this.reload();
    if (!legacy) return;
    const jobs = await legacy.read().catch(() => []);
    // Only jobs with no file yet (not even a tombstone): another window may have moved them in
    // first, and a job stopped since must stay stopped.
    for (const job of jobs) await this.change(jobKeyOf(job), (current) => current ?? { key: jobKeyOf(job), job });
    if (jobs.length) await legacy.clear().catch(() => undefined);
  }

  private async scan(): Promise<void> {
    let names: string[];
    try {
      names = (await readdir(this.folder)).filter((name) => name.endsWith('.json'));
    } catch {
      names = [];
    }
    let differs = false;
    const present = new Set(names);
    for (const name of [...this.seen.keys()]) {
      if (!present.has(name)) {
        this.seen.delete(name);
        differs = true;
      }
    }
    for (const name of names) {
      const info = await stat(this.path(name)).catch(() => undefined);
      if (!info) continue;
      const signature = signatureOf(info);
      const before = this.seen.get(name);
      if (before?.signature === signature) continue;
      const file = parseJobFile(await readJson(this.path(name)));
      // This window wrote the file while it was read: its own write is newer.
      if (this.seen.get(name) !== before) continue;
      this.seen.set(name, { signature, file });
      if (JSON.stringify(before?.file) !== JSON.stringify(file)) differs = true;
    }
    if (differs) this.changed.fire();
  }
}
