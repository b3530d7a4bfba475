// The composer's drafts on disk, in one folder every window of the machine shares. A draft is
// `<id>.md`, with its address beside it (`<id>.address`, so Open an Unsent Draft… can offer it
// again) and, for a new job, the project it was started for (`<id>.project`). A sent draft leaves
// a mark (`<id>.sent`, its file's last state): every window drops a save that lands after the
// send, from this window or another, so a sent draft never comes back. No vscode import.
// The folder is shared storage: every read goes through the shared-file reader (no link followed,
// no FIFO waited on, capped) and every write in place refuses a link or a FIFO at its name.
import { lstat, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectScope } from '../api/project-scope';
import { readJson, readText, writeAtomic } from '../platform/machine/atomic-file';
import { fileCaps, readShared, writeFlags } from '../platform/machine/shared-file';

/** What the editor checks of a draft's file before and after each save. */
export interface DraftState {
  ctime: number;
  mtime: number;
  size: number;
}

/** A draft on disk that was not sent: the address it was made with, its first line and when it last changed. */
export interface KeptDraft {
  id: string;
  address: string;
  firstLine: string;
  changedAt: number;
}

/** Drafts (and sent marks) untouched this long are removed: nothing kept on disk grows without end. */
const keepDays = 30;
type Kind = 'md' | 'address' | 'project' | 'sent';

function stateOf(value: unknown): DraftState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { ctime, mtime, size } = value as Record<string, unknown>;
  return typeof ctime === 'number' && typeof mtime === 'number' && typeof size === 'number' ? { ctime, mtime, size } : undefined;
}

export class DraftFolder {
  constructor(private readonly dir: string) {}

  /** Whether `id` can name a draft (a draft's address names its file: nothing else is read). */
  static isId(id: string): boolean {
    return /^[a-z0-9]+$/.test(id);
  }

  private path(id: string, kind: Kind): string {
    // Callers check isId first: a name holding a path never reaches the disk.
    if (!DraftFolder.isId(id)) throw new RangeError(id);
    return join(this.dir, `${id}.${kind}`);
  }

  /** A new draft, with its address and (for a new job) its project kept beside it. */
  async create(id: string, address: string, content: Uint8Array, project: ProjectScope | undefined): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.path(id, 'address'), address, { flag: writeFlags });
    if (project) await writeFile(this.path(id, 'project'), JSON.stringify(project), { flag: writeFlags });
    await this.write(id, content);
  }

  /** The draft's file state, `sent` with its last one once it was sent (from any window); undefined when there is none. */
  async state(id: string): Promise<{ state: DraftState; sent: boolean } | undefined> {
    const last = await this.sentState(id);
    if (last) return { state: last, sent: true };
    const found = await lstat(this.path(id, 'md')).catch(() => undefined);
    if (!found?.isFile()) return undefined;
    return { state: { ctime: found.ctimeMs, mtime: found.mtimeMs, size: found.size }, sent: false };
  }

  /** The draft's text, if it is still there. */
  async read(id: string): Promise<Uint8Array | undefined> {
    const bytes = await readShared(this.path(id, 'md'), fileCaps.draft).catch(() => undefined);
    return bytes && new Uint8Array(bytes); // its own memory, exactly the file's length
  }

  /** Writes the draft; false (and nothing written) when it was sent meanwhile, in any window. */
  async write(id: string, content: Uint8Array): Promise<boolean> {
    if (await this.sentState(id)) return false;
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.path(id, 'md'), content, { flag: writeFlags });
    // Sent while this was writing: the sender marks before it removes, so one of us removes this.
    if (!(await this.sentState(id))) return true;
    await rm(this.path(id, 'md'), { force: true });
    return false;
  }

  /** Marks the draft sent for every window (with its last state, for saves still under way), then removes it. */
  async markSent(id: string): Promise<void> {
    const last = (await this.state(id))?.state ?? { ctime: 0, mtime: 0, size: 0 };
    await writeAtomic(this.path(id, 'sent'), JSON.stringify(last));
    await Promise.all((['md', 'address', 'project'] as const).map((kind) => rm(this.path(id, kind), { force: true })));
  }

  /** Whether the draft was sent, from any window. */
  async isSent(id: string): Promise<boolean> {
    return (await this.sentState(id)) !== undefined;
  }

  private async sentState(id: string): Promise<DraftState | undefined> {
    return stateOf(await readJson(this.path(id, 'sent'), fileCaps.record).catch(() => undefined));
  }

  /** The project a new job's draft was started for; undefined for a follow-up or a draft of an earlier version. */
  async project(id: string): Promise<ProjectScope | undefined> {
    const value = await readJson(this.path(id, 'project'), fileCaps.record).catch(() => undefined);
    if (typeof value !== 'object' || value === null) return undefined;
    const { baseUrl, projectId } = value as Record<string, unknown>;
    return typeof baseUrl === 'string' && typeof projectId === 'string' ? { baseUrl, projectId } : undefined;
  }

  /** The drafts not sent (nor pruned), newest first, with their first line. */
  async unsent(): Promise<KeptDraft[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const ids = names.filter((name) => name.endsWith('.md')).map((name) => name.slice(0, -'.md'.length));
    const found = await Promise.all(
      ids
        .filter((id) => DraftFolder.isId(id))
        .map(async (id): Promise<KeptDraft | undefined> => {
          const [address, text, info, sent] = await Promise.all([
            readText(this.path(id, 'address'), fileCaps.draft).catch(() => undefined),
            readText(this.path(id, 'md'), fileCaps.draft).catch(() => undefined),
            lstat(this.path(id, 'md')).catch(() => undefined),
            this.isSent(id),
          ]);
          if (address === undefined || text === undefined || !info || sent) return undefined;
          return { id, address, firstLine: text.split(/\r?\n/, 1)[0]?.trim() ?? '', changedAt: info.mtimeMs };
        }),
    );
    return found.filter((draft) => draft !== undefined).sort((a, b) => b.changedAt - a.changedAt);
  }

  /** Removes drafts nobody touched for a month, with what is kept beside them, and sent marks as old. */
  async prune(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.md') || n.endsWith('.sent'))) {
      const found = await lstat(join(this.dir, name)).catch(() => undefined);
      const id = name.slice(0, name.lastIndexOf('.'));
      if (!found || now - found.mtimeMs <= keepDays * 86_400_000 || !DraftFolder.isId(id)) continue;
      const kept = name.endsWith('.sent') ? (['sent'] as const) : (['md', 'address', 'project'] as const);
      await Promise.all(kept.map((kind) => rm(this.path(id, kind), { force: true })));
    }
  }
}
