// Tracked jobs, persisted in the editor's global storage so they survive reloads and are shared
// by every window. Each change re-reads the stored list and applies itself to it, so two
// windows writing at once do not drop each other's jobs. A copy also goes to a file: global
// storage in a browser window can lose a moment's writes on reload, and the API cannot list
// jobs, so a job lost here would be lost for good.
import { Emitter } from '../util/emitter';
import { migrateStoredJobs, type StoredJobs } from './job-store-migration';
import { keyOf, type TrackedJob } from './tracked-job';

/** The part of vscode.Memento the store needs (globalState in the extension). */
export interface Memento {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

export const storageKey = 'docsAgent.trackedJobs';

/** The file copy (under globalStorageUri in the extension). */
export interface JobsBackup {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

export class JobStore {
  private jobs = new Map<string, TrackedJob>();
  /** Records this version cannot read (newer or damaged): kept and written back, never lost. */
  private unreadable: unknown[] = [];
  private readonly changed = new Emitter<void>();
  readonly onDidChange = this.changed.event;
  private writing: Promise<void> = Promise.resolve();
  /** Settles once the file copy has been merged in. */
  readonly restored: Promise<void>;

  constructor(
    private readonly memento: Memento,
    private readonly backup?: JobsBackup,
  ) {
    this.read();
    this.restored = backup ? this.restore(backup) : Promise.resolve();
  }

  /** Newest first. */
  all(): TrackedJob[] {
    return [...this.jobs.values()].sort((a, b) => b.job.createdAt.localeCompare(a.job.createdAt) || a.id.localeCompare(b.id));
  }

  get(key: string): TrackedJob | undefined {
    return this.jobs.get(key);
  }

  /** Picks up what other windows wrote. Fires onDidChange when anything differs. */
  reload(): void {
    const before = JSON.stringify(this.all());
    this.read();
    if (JSON.stringify(this.all()) !== before) this.changed.fire();
  }

  upsert(job: TrackedJob): Promise<void> {
    return this.change((jobs) => jobs.set(keyOf(job), job));
  }

  /** Applies the service's latest answer to a job that may have changed in another window. */
  updateJob(key: string, update: (job: TrackedJob) => TrackedJob): Promise<TrackedJob | undefined> {
    let result: TrackedJob | undefined;
    return this.change((jobs) => {
      const current = jobs.get(key);
      if (current) {
        result = update(current);
        jobs.set(key, result);
      }
    }).then(() => result);
  }

  remove(keys: readonly string[]): Promise<void> {
    return this.change((jobs) => {
      for (const key of keys) jobs.delete(key);
    });
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** Writes are queued so their read-modify-write steps never interleave. */
  private change(apply: (jobs: Map<string, TrackedJob>) => void): Promise<void> {
    const run = async (): Promise<void> => {
      this.read();
      apply(this.jobs);
      const stored: StoredJobs = { version: 1, jobs: [...this.jobs.values()], unreadable: this.unreadable };
      this.changed.fire();
      await this.memento.update(storageKey, stored);
      // The copy only backs storage up: failing to write it must not fail the change.
      await this.backup?.write(JSON.stringify(stored)).catch(() => undefined);
    };
    this.writing = this.writing.then(run, run);
    return this.writing;
  }

  /** Brings back jobs that storage lost but the file kept (or knows newer), never the reverse. */
  private async restore(backup: JobsBackup): Promise<void> {
    const text = await backup.read().catch(() => undefined);
    let copy: TrackedJob[] = [];
    try {
      copy = text ? migrateStoredJobs(JSON.parse(text) as unknown).jobs : [];
    } catch {
      return; // a damaged copy: storage alone is all there is
    }
    const newer = (job: TrackedJob, jobs: Map<string, TrackedJob>): boolean => {
      const mine = jobs.get(keyOf(job));
      return !mine || mine.lastCheckedAt < job.lastCheckedAt;
    };
    if (!copy.some((job) => newer(job, this.jobs))) return;
    await this.change((jobs) => {
      for (const job of copy) if (newer(job, jobs)) jobs.set(keyOf(job), job);
    });
  }

  private read(): void {
    const { jobs, unreadable } = migrateStoredJobs(this.memento.get<unknown>(storageKey));
    this.jobs = new Map(jobs.map((job) => [keyOf(job), job]));
    this.unreadable = unreadable;
  }
}

