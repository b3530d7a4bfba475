// Which window may edit each draft: the first window to open it holds a lease on it (see
// platform/machine/lease.ts), renewed by its heartbeat and published with the window's name.
// Another window opening it sees it read-only, and where it is edited; it takes the draft over
// when the holder closes it, closes, dies or hangs, so no window's words overwrite another's and
// a crashed window's draft becomes editable again. A save from a window that does not hold the
// draft is refused (saveDraft). No vscode import.
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Emitter } from '../platform/emitter';
import { defaultHeartbeatMs, Lease } from '../platform/machine/lease';
import type { DraftFolder } from './draft-folder';

/** A draft's hold as this window sees it: held here, or edited in the window named `where` ('' when it has no name). */
export type DraftHold = { held: true } | { held: false; where: string };

/** What became of a save: written, dropped (the draft was sent: it does not come back) or refused (another window holds it). */
export type DraftSave = 'written' | 'dropped' | 'refused';

/** A lease file not renewed for a day is a dead window's (a holder renews it every few seconds). */
const staleLeaseMs = 86_400_000;

interface Opened {
  lease: Lease;
  ready: Promise<void>;
}

export class DraftHolds {
  private readonly opened = new Map<string, Opened>();
  private readonly changed = new Emitter<string>();
  /** A draft open here became editable or read-only here (another window let go, died, or took it over from this one). */
  readonly onDidChange = this.changed.event;

  /**
   * @param owner this window's id on the machine
   * @param where this window's name, shown in the others (its folder)
   * @param expiryMs how long a live window that stopped renewing (hung, or just busy) keeps its drafts
   */
  constructor(
    private readonly folder: string,
    private readonly owner: string,
    private readonly where: string,
    private readonly heartbeatMs = defaultHeartbeatMs,
    private readonly expiryMs = 2 * heartbeatMs,
  ) {}

  /** Holds draft `id` for this window while it has it open, unless another live window does. */
  async hold(id: string): Promise<DraftHold> {
    let opened = this.opened.get(id);
    if (!opened) {
      const lease = new Lease(this.folder, id, {
        owner: this.owner,
        heartbeatMs: this.heartbeatMs,
        expiryMs: this.expiryMs,
        note: () => this.where,
      });
      const ready = lease.check().then(() => {
        // Told from now on: the first check's answer is this call's.
        lease.onDidChange(() => this.changed.fire(id));
      });
      opened = { lease, ready };
      this.opened.set(id, opened);
    }
    await opened.ready;
    const where = this.editedElsewhere(id);
    return where === undefined ? { held: true } : { held: false, where };
  }

  /** Where draft `id` is edited when another window holds it, as last seen; undefined when this window may edit it. */
  editedElsewhere(id: string): string | undefined {
    const lease = this.opened.get(id)?.lease;
    const record = lease?.record;
    // A hold that could not be read is no reason to keep the writer from their words.
    if (!lease || lease.held || !record || record.owner === this.owner) return undefined;
    return typeof record.note === 'string' ? record.note : '';
  }

  /**
   * Whether this window may save draft `id` now: not while another live window holds it. Asked of
   * the lease afresh: a window that hung may have lost the draft and not looked since. As with
   * editedElsewhere, a draft not open here, or a hold that could not be read, keeps no writer out.
   */
  async mayWrite(id: string): Promise<boolean> {
    const opened = this.opened.get(id);
    if (!opened) return true;
    await opened.ready;
    return (await opened.lease.check()) || this.editedElsewhere(id) === undefined;
  }

  /** This window closed the draft (or sent it): the next window to have it open may edit it. */
  async release(id: string): Promise<void> {
    const opened = this.opened.get(id);
    this.opened.delete(id);
    await opened?.ready;
    await opened?.lease.dispose();
  }

  /** Removes holds left by windows that died long ago. */
  async prune(now = Date.now()): Promise<void> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.lease'))) {
      const found = await stat(join(this.folder, name)).catch(() => undefined);
      if (found && now - found.mtimeMs > staleLeaseMs) await rm(join(this.folder, name), { force: true });
    }
  }

  /** The window goes: every draft it holds is free for the others at once. */
  async dispose(): Promise<void> {
    const ids = [...this.opened.keys()];
    await Promise.all(ids.map((id) => this.release(id)));
    this.changed.dispose();
  }
}

/** Saves draft `id` from the window of `holds` (see DraftSave); a sent draft's save is dropped, whoever holds it. */
export async function saveDraft(folder: DraftFolder, holds: DraftHolds, id: string, content: Uint8Array): Promise<DraftSave> {
  if (!(await holds.mayWrite(id))) return (await folder.isSent(id)) ? 'dropped' : 'refused';
  return (await folder.write(id, content)) ? 'written' : 'dropped';
}
