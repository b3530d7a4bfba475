// Reports already read (visitors, and what readers said), so the 100-requests-an-hour budget
// goes to new questions, once per machine. A range that ended before today barely changes: it is kept until the user
// refreshes, also across reloads. A range that includes today still grows: it is kept a few
// minutes, and every window and reload in that time uses the same report.
//
// Reports are files (TextFiles); a small index of them lives in a memento that, in the
// extension, is a file shared by every window (changed under its lock; see storage-layout).
import type { ProjectScope } from '../api/project-scope';
import type { Memento } from '../platform/memento';
import { type Clock } from '../platform/clock';
import { endsBeforeToday, todayUtc } from './date-range';
import {
  fileNameOf,
  type IndexEntry,
  indexEntryOf,
  isCurrent,
  isIndexEntry,
  reportKeyOf,
  maxPersistedChars,
  parseStored,
  type StoredEntry,
  withinCaps,
} from './cache-entries';
import type { DayRange } from './protocol';
import type { TextFiles } from '../platform/text-files';

/** A report known for a scope, described without reading its file: enough for estimates. */
export interface KnownReport {
  range: DayRange;
  rows: number;
}

export { maxPersistedChars, maxPersistedRanges } from './cache-entries';

/** What a cache needs to know of the reports it keeps. */
export interface ReportKind<R> {
  /** Where the shared index lives (one per kind). */
  indexKey: string;
  /** Checks a stored report: storage outlives versions and may be damaged. */
  isReport: (report: unknown) => report is R;
  /** Its size in rows, for estimates. */
  rowsOf: (report: R) => number;
}

/** Past ranges also kept in memory for the session, beyond the persisted ones (a 90-day trend has 13 weeks). */
const maxMemoryEntries = 64;
const defaultTodayTtlMs = 5 * 60_000;

interface MemoryEntry<R> extends StoredEntry<R> {
  /** Undefined for a past range: it never expires on its own. */
  expiresAt: number | undefined;
}

export class ReportCache<R extends { fetchedAt: number }> {
  private readonly todayTtlMs: number;
  /** Every report set or loaded in this session, oldest first (Map order), for quick reads. */
  private readonly memory = new Map<string, MemoryEntry<R>>();

  constructor(
    private readonly kind: ReportKind<R>,
    private readonly memento: Memento,
    private readonly files: TextFiles,
    private readonly clock: Pick<Clock, 'now'>,
    options: { todayTtlMs?: number } = {},
  ) {
    this.todayTtlMs = options.todayTtlMs ?? defaultTodayTtlMs;
  }

  /** From memory only: what this session set or loaded. */
  get(scope: ProjectScope, range: DayRange): R | undefined {
    const now = this.clock.now();
    const entry = this.memory.get(reportKeyOf({ ...scope, ...range }));
    if (endsBeforeToday(range, todayUtc(now))) {
      // An entry with an expiry was read while the range still held today: not final.
      return entry && entry.expiresAt === undefined ? entry.report : undefined;
    }
    return entry?.expiresAt !== undefined && now < entry.expiresAt ? entry.report : undefined;
  }

  /** Whether get() answers, or a current file is indexed for the range (which may yet turn out missing). */
  has(scope: ProjectScope, range: DayRange): boolean {
    if (this.get(scope, range)) return true;
    const key = reportKeyOf({ ...scope, ...range });
    const now = this.clock.now();
    return this.index().some((e) => reportKeyOf(e) === key && isCurrent(e, now) && this.fits(e, range));
  }

  /** From memory, else from its file, which another window or an earlier session may have written. */
  async load(scope: ProjectScope, range: DayRange): Promise<R | undefined> {
    const inMemory = this.get(scope, range);
    if (inMemory) return inMemory;
    const key = reportKeyOf({ ...scope, ...range });
    const indexed = this.index().find((e) => reportKeyOf(e) === key);
    // The file's name comes from the key, so it is found even when the index missed its last write.
    const file = indexed?.file ?? fileNameOf(key);
    const stored = parseStored(await this.files.read(file).catch(() => undefined), this.kind.isReport);
    if (!stored || reportKeyOf(stored) !== key) {
      if (indexed) await this.dropDamaged(indexed);
      return undefined;
    }
    // Today's report past its time, or one written while a now-past range still held today.
    if (!isCurrent(stored, this.clock.now()) || !this.fits(stored, range)) return undefined;
    if (!indexed) await this.reindex(stored, file);
    // A refresh may have set a newer report while the file was read.
    const newer = this.get(scope, range);
    if (newer) return newer;
    this.remember({ ...stored, expiresAt: stored.expiresAt });
    return stored.report;
  }

  /** A past range needs a final report (no expiry); a range with today, one that expires. */
  private fits(entry: { expiresAt?: number }, range: DayRange): boolean {
    return endsBeforeToday(range, todayUtc(this.clock.now())) === (entry.expiresAt === undefined);
  }

  /** Puts a report found on disk but missing from the index back into it (newest first). */
  private reindex(stored: StoredEntry<R>, file: string): Promise<void> {
    return this.change(async () => {
      if (this.index().some((e) => reportKeyOf(e) === reportKeyOf(stored))) return;
      await this.putFirst(reportKeyOf(stored), indexEntryOf(stored, file, JSON.stringify(stored).length, this.kind.rowsOf(stored.report)));
    });
  }

  /**
   * Makes `entry` (or nothing) the newest for `key`, applies the caps, and removes the files
   * of what fell out. The index is written first: an entry never names a file already removed.
   */
  private async putFirst(key: string, entry: IndexEntry | undefined, alsoRemove: string[] = []): Promise<void> {
    const others = this.index().filter((e) => reportKeyOf(e) !== key);
    const newestFirst = entry ? [entry, ...others] : others;
    const kept = withinCaps(newestFirst, this.clock.now());
    await this.memento.update(this.kind.indexKey, kept);
    const dropped = [...newestFirst.filter((e) => !kept.includes(e)).map((e) => e.file), ...alsoRemove];
    for (const name of dropped) await this.removeFile(name);
  }

  async set(scope: ProjectScope, range: DayRange, report: R): Promise<void> {
    const now = this.clock.now();
    const past = endsBeforeToday(range, todayUtc(now));
    const entry: StoredEntry<R> = {
      baseUrl: scope.baseUrl,
      projectId: scope.projectId,
      from: range.from,
      to: range.to,
      report,
      ...(past ? {} : { expiresAt: report.fetchedAt + this.todayTtlMs }),
    };
    this.remember({ ...entry, expiresAt: entry.expiresAt });
    const key = reportKeyOf(entry);
    const file = fileNameOf(key);
    const text = JSON.stringify(entry);
    await this.change(async () => {
      // One report too large alone stays in memory only. Disk trouble must not fail the read
      // that brought the report: it is then simply not persisted.
      const saved =
        text.length <= maxPersistedChars &&
        (await this.files.write(file, text).then(
          () => true,
          () => false,
        ));
      // Not saved: an older copy of this range would be stale, or half overwritten.
      await this.putFirst(key, saved ? indexEntryOf(entry, file, text.length, this.kind.rowsOf(report)) : undefined, saved ? [] : [file]);
    });
  }

  async forget(scope: ProjectScope, range: DayRange): Promise<void> {
    const key = reportKeyOf({ ...scope, ...range });
    this.memory.delete(key);
    await this.change(async () => {
      const index = this.index();
      const kept = index.filter((e) => reportKeyOf(e) !== key);
      if (kept.length !== index.length) await this.memento.update(this.kind.indexKey, kept);
      await this.removeFile(fileNameOf(key));
    });
  }

  /** Every report known for a scope, expired ones included, without reading files: good enough to estimate a read's size. */
  entries(scope: ProjectScope): KnownReport[] {
    const seen = new Map<string, KnownReport>();
    const known = [
      ...[...this.memory.values()].map((e) => ({ keyed: e, rows: this.kind.rowsOf(e.report) })),
      ...this.index().map((e) => ({ keyed: e, rows: e.rows })),
    ];
    for (const { keyed, rows } of known) {
      if (keyed.baseUrl !== scope.baseUrl || keyed.projectId !== scope.projectId) continue;
      const key = reportKeyOf(keyed);
      if (!seen.has(key)) seen.set(key, { range: { from: keyed.from, to: keyed.to }, rows });
    }
    return [...seen.values()];
  }

  private remember(entry: MemoryEntry<R>): void {
    const key = reportKeyOf(entry);
    this.memory.delete(key);
    this.memory.set(key, entry);
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= maxMemoryEntries) break;
      this.memory.delete(oldest);
    }
  }

  /** Newest first, as stored. Read afresh each time: another window may have written it. */
  private index(): IndexEntry[] {
    const value = this.memento.get<unknown>(this.kind.indexKey);
    return Array.isArray(value) ? value.filter(isIndexEntry) : [];
  }

  /** A file that is missing or damaged: its entry goes, unless another window has written the range again meanwhile. */
  private dropDamaged(indexed: IndexEntry): Promise<void> {
    return this.change(async () => {
      const index = this.index();
      const current = index.find((e) => e.file === indexed.file);
      if (current && current.fetchedAt !== indexed.fetchedAt) return;
      if (current)
        await this.memento.update(
          this.kind.indexKey,
          index.filter((e) => e !== current),
        );
      await this.removeFile(indexed.file);
    });
  }

  private async removeFile(name: string): Promise<void> {
    // Best effort: a file left behind is overwritten when its range is stored again.
    await this.files.remove(name).catch(() => undefined);
  }

  private change(run: () => Promise<void>): Promise<void> {
    // Alone on the machine: the index is shared by every window.
    return this.memento.exclusive(run);
  }
}
