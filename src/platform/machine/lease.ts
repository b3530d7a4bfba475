// Elects one window on the machine to do a job (polling): a lease file naming the holder,
// renewed by its heartbeat. Another window takes over when the holder lets go (on close), when
// its process is gone, or when its heartbeat is further than the expiry from now (a hung window;
// either way, so a clock stepped back does not keep a hung holder's lease). Every window checks
// once a heartbeat, and at once when the lease file changes. A window that may not hold it (in
// Restricted Mode, which checks nothing) never takes it, so it never keeps the others waiting.
import { rm } from 'node:fs/promises';
import { Serial } from '../serial';
import { basename, join } from 'node:path';
import { Emitter } from '../emitter';
import { readJson, writeAtomic } from './atomic-file';
import { fileCaps } from './shared-file';
import { isAlive, withLock } from './file-lock';
import { isPast } from '../clock';
import { FolderWatch } from './folder-watch';

/** How often a holder renews its lease when not told otherwise; it expires after two. */
export const defaultHeartbeatMs = 5_000;

export interface LeaseOptions {
  /** This window's name (defaults to process and random). */
  owner: string;
  heartbeatMs?: number;
  /** A heartbeat older than this is a hung holder's. */
  expiryMs?: number;
  /** What the holder publishes beside its heartbeat (its polling state, say). */
  note?: () => unknown;
  /**
   * Whether this window may hold it now (a window in Restricted Mode may not): asked on every
   * step, so a window that may not never takes it, and lets go of it on its next step.
   */
  mayHold?: () => boolean;
}

export interface LeaseRecord {
  owner: string;
  pid: number;
  renewedAt: number;
  note?: unknown;
}

function readLease(value: unknown): LeaseRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { owner, pid, renewedAt, note } = value as Record<string, unknown>;
  if (typeof owner !== 'string' || typeof pid !== 'number' || typeof renewedAt !== 'number') return undefined;
  return { owner, pid, renewedAt, note };
}

/** What a window does with the lease on one step. */
export type LeaseStep = 'take' | 'renew' | 'keep' | 'release' | 'leave';

/**
 * The rule of one step, as plain data: a window that may not hold the lease never takes it and
 * lets go of one it holds; else it keeps its own (renewing on a heartbeat, not on another
 * window's write) and takes a free one (none, its holder's process gone, or expired).
 */
export function leaseStep(input: { mine: boolean; free: boolean; renew: boolean; mayHold: boolean }): LeaseStep {
  if (!input.mayHold) return input.mine ? 'release' : 'leave';
  if (input.mine) return input.renew ? 'renew' : 'keep';
  return input.free ? 'take' : 'leave';
}

export class Lease {
  private holding = false;
  private current: LeaseRecord | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly watcher: FolderWatch;
  private readonly changed = new Emitter<boolean>();
  /** Fires with `held` whenever this window gains or loses the lease. */
  readonly onDidChange = this.changed.event;
  private readonly recordChanged = new Emitter<LeaseRecord | undefined>();
  /** Fires when the lease file says something new (the holder's note, say). */
  readonly onDidChangeRecord = this.recordChanged.event;
  private readonly file: string;
  private readonly heartbeatMs: number;
  private readonly expiryMs: number;
  private disposed = false;
  private readonly ticking = new Serial();

  constructor(
    folder: string,
    name: string,
    private readonly options: LeaseOptions,
  ) {
    this.file = join(folder, `${name}.lease`);
    this.heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
    this.expiryMs = options.expiryMs ?? 2 * this.heartbeatMs;
    // Other leases share the folder (polling, the MCP server): only this one's file wakes this one.
    const own = basename(this.file);
    this.watcher = new FolderWatch(folder, (names) => (names === undefined || names.has(own)) && void this.tick(false), { rescanMs: 0 });
    void this.tick(true);
  }

  get held(): boolean {
    return this.holding;
  }

  /** The holder's record as last read. */
  get record(): LeaseRecord | undefined {
    return this.current;
  }

  /** Checks (and renews, takes or lets go of) the lease now; resolves with whether this window holds it. */
  async check(): Promise<boolean> {
    await this.tick(true);
    return this.holding;
  }

  /** Writes the note again now (the holder's state changed). */
  publish(): void {
    if (this.holding) void this.tick(true);
  }

  /** Lets go (if held), so another window takes over at once. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.timer);
    this.watcher.dispose();
    await this.ticking.settled();
    if (this.holding) {
      await withLock(`${this.file}.lock`, async () => {
        const lease = readLease(await readJson(this.file, fileCaps.record));
        if (lease?.owner === this.options.owner) await rm(this.file, { force: true });
      }).catch(() => undefined);
    }
    this.changed.dispose();
    this.recordChanged.dispose();
  }

  /** One step at a time: a renewal never races a takeover check of the same window. */
  private tick(renew: boolean): Promise<void> {
    return this.ticking.run(() => this.step(renew).catch(() => undefined));
  }

  private async step(renew: boolean): Promise<void> {
    if (this.disposed) return;
    clearTimeout(this.timer);
    const { owner } = this.options;
    let holds = false;
    let record: LeaseRecord | undefined;
    await withLock(`${this.file}.lock`, async () => {
      const now = Date.now();
      const lease = readLease(await readJson(this.file, fileCaps.record));
      const free = !lease || !isAlive(lease.pid) || isPast(lease.renewedAt, this.expiryMs, now);
      const mayHold = this.options.mayHold?.() ?? true;
      switch (leaseStep({ mine: lease?.owner === owner, free, renew, mayHold })) {
        case 'release':
          // Removed, not left to expire: another window takes over at once.
          await rm(this.file, { force: true });
          record = undefined;
          break;
        case 'take':
        case 'renew':
          record = { owner, pid: process.pid, renewedAt: now, note: this.options.note?.() };
          await writeAtomic(this.file, JSON.stringify(record));
          holds = true;
          break;
        case 'keep':
          record = lease;
          holds = true;
          break;
        case 'leave':
          record = lease;
      }
    });
    if (this.disposed) return;
    const recordChanged = JSON.stringify(record) !== JSON.stringify(this.current);
    this.current = record;
    if (holds !== this.holding) {
      this.holding = holds;
      this.changed.fire(holds);
    }
    if (recordChanged) this.recordChanged.fire(record);
    this.timer = setTimeout(() => void this.tick(true), this.heartbeatMs);
  }
}
