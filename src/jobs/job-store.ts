// Tracked jobs, shared by every window on this machine: one file per job in a folder (under
// globalStorageUri in the extension), each change a read-change-write of that one file under
// its own lock, so windows writing at once never drop each other's changes. Stopping tracking
// leaves a tombstone, so a late answer from another window cannot bring the job back. Every
// write is noted in the folder's change journal, so a rescan reads only the files that changed;
// a full scan (every file) runs at open, when the journal was replaced, and every 10 minutes
// in case a writer did not note its change (an earlier version, or one that crashed between its
// rename and its note). No vscode import: unit tests and the several-process stress test run it.
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readJson, writeAtomic } from '../platform/machine/atomic-file';
import { ChangeJournal, type JournalCursor } from '../platform/machine/change-journal';
import { withLock } from '../platform/machine/file-lock';
import { fileCaps } from '../platform/machine/shared-file';
import { isPast } from '../platform/clock';
import { FolderSnapshot } from '../platform/machine/folder-snapshot';
import { FolderWatch } from '../platform/machine/folder-watch';
import { Emitter } from '../platform/emitter';
import { type JobFile, lastRoundOf, parseJobFile, serializeJobFile } from './job-record';
import { createdAtOf, jobKeyOf, roundsAfter, type TrackedJob } from './tracked-job';

/** Where earlier versions kept the jobs; read once, then cleared. */
export interface LegacyJobs {
  read(): Promise<TrackedJob[]>;
  clear(): Promise<void>;
}

export interface JobStoreOptions {
  legacy?: LegacyJobs;
  /** Follow other processes' changes (off in tests that call reload() themselves). */
  watch?: boolean;
  /** The highest round of a job's finish claims on the machine, by its file name (job-retention's `lastClaimedRound`). */
  lastClaimedRound?: (jobFile: string) => Promise<number | undefined>;
}

/** The change journal's name in the jobs folder (not `.json`: never taken for a job). */
export const journalName = 'changes.log';
/** How often a rescan reads every file anyway, in case a writer did not note its change. */
const fullScanMs = 10 * 60_000;

export function jobFileName(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`;
}

export class JobStore {
  private readonly files: FolderSnapshot<JobFile>;
  private readonly journal: ChangeJournal;
  private cursor: JournalCursor | undefined;
  private fullScanAt = 0;
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly watcher: FolderWatch | undefined;
  private scanning: Promise<void> | undefined;
  private rescanAfter = false;
  /** Names the folder watch said changed since the last scan (undefined: anything may have). */
  private hinted = new Set<string>();
  /** Settles once the folder has been read the first time: the jobs a window opens on. */
  readonly firstRead: Promise<void>;
  /** Settles once the folder has been read (and earlier versions' jobs moved in). */
  readonly ready: Promise<void>;
  /** Files and bytes written by this process, for the write-volume figures. */
  writes = 0;
  bytesWritten = 0;

  /** Files looked at by this store's scans so far, for the rescan figures. */
  get filesExamined(): number {
    return this.files.examined;
  }

  constructor(
    readonly folder: string,
    private readonly options: JobStoreOptions = {},
  ) {
    this.files = new FolderSnapshot(folder, (name) => name.endsWith('.json'), parseJobFile, fileCaps.record);
    this.journal = new ChangeJournal(join(folder, journalName));
    this.firstRead = this.reload();
    this.ready = this.start(this.firstRead, options.legacy);
    if (options.watch !== false) this.watcher = new FolderWatch(folder, (names) => void this.reload(names));
  }

  /** Newest first. */
  all(): TrackedJob[] {
    const jobs: TrackedJob[] = [];
    for (const [, file] of this.files.values()) if ('job' in file) jobs.push(file.job);
    return jobs.sort((a, b) => createdAtOf(b).localeCompare(createdAtOf(a)) || a.id.localeCompare(b.id));
  }

  get(key: string): TrackedJob | undefined {
    const file = this.files.get(jobFileName(key));
    return file && 'job' in file ? file.job : undefined;
  }

  /** What the file of this name holds, as last read: 'unreadable' when this version cannot read it. */
  storedFile(name: string): JobFile | 'unreadable' | undefined {
    return this.files.get(name) ?? (this.files.has(name) ? 'unreadable' : undefined);
  }

  /**
   * Picks up what other windows wrote (what the journal says changed, and the files named, if
   * any). Fires onDidChange when anything differs.
   */
  reload(names?: Iterable<string>): Promise<void> {
    for (const name of names ?? []) this.hinted.add(name);
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

  /**
   * Tracks a job: new, again after a stop, or replacing what is stored (a user's action). Its
   * rounds carry on past the stored record's or tombstone's and past the job's finish claims
   * (a tombstone an earlier version wrote has no round), so no earlier finish's claim stands for
   * a new one. Returns the record as stored.
   */
  async track(job: TrackedJob): Promise<TrackedJob> {
    const key = jobKeyOf(job);
    const claimed = await this.options.lastClaimedRound?.(jobFileName(key)).catch(() => undefined);
    let stored = job;
    await this.change(key, (current) => {
      stored = roundsAfter(roundsAfter(job, claimed), lastRoundOf(current));
      return { key, job: stored };
    });
    return stored;
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
    for (const key of keys) {
      await this.change(key, (current) => (current && 'job' in current ? { key, removedAt, round: current.job.round } : undefined));
    }
  }

  /**
   * Removes the files `drop` picks, each checked again on its freshest record under its lock (a
   * job restarted meanwhile stays); returns how many went. Records this version cannot read are
   * never offered.
   */
  async prune(drop: (file: JobFile) => boolean): Promise<number> {
    let removed = 0;
    for (const [name, file] of [...this.files.values()]) {
      if (!drop(file)) continue;
      const path = this.path(name);
      await withLock(`${path}.lock`, async () => {
        const current = parseJobFile(await readJson(path, fileCaps.record));
        if (!current || !drop(current)) return;
        await rm(path, { force: true });
        await this.note(name);
        this.files.forget(name);
        removed++;
      });
    }
    if (removed) this.changed.fire();
    return removed;
  }

  /** Starts a new change journal when this one is past `maxBytes` (every window then reads the folder once). */
  rotateJournal(maxBytes: number): Promise<boolean> {
    return this.journal.rotate(maxBytes);
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
      const stored = await readJson(path, fileCaps.record);
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
      await this.note(name);
      // Known at once, not at the next scan: the caller reads it back right away.
      await this.files.remember(name, next);
      wrote = true;
    });
    if (wrote) this.changed.fire();
  }

  /** Tells the other windows which file changed; without it they see it at their next full scan. */
  private note(name: string): Promise<void> {
    return this.journal.append(name).catch(() => undefined);
  }

  private async start(firstRead: Promise<void>, legacy: LegacyJobs | undefined): Promise<void> {
    await firstRead;
    if (!legacy) return;
    const jobs = await legacy.read().catch(() => []);
    // Only jobs with no file yet (not even a tombstone): another window may have moved them in
    // first, and a job stopped since must stay stopped.
    for (const job of jobs) await this.change(jobKeyOf(job), (current) => current ?? { key: jobKeyOf(job), job });
    if (jobs.length) await legacy.clear().catch(() => undefined);
  }

  private async scan(): Promise<void> {
    const hinted = this.hinted;
    this.hinted = new Set();
    // The journal's place is taken before the files are read: a change noted meanwhile is read again next time.
    const { cursor, names } = await this.journal.since(this.cursor).catch(() => ({ cursor: undefined, names: undefined }));
    this.cursor = cursor;
    const full = names === undefined || isPast(this.fullScanAt, fullScanMs);
    if (full) this.fullScanAt = Date.now();
    if (await (full ? this.files.scanAll() : this.files.scan([...names, ...hinted]))) this.changed.fire();
  }
}
