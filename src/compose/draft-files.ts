// The composer's documents: drafts kept on this machine (the extension's storage), so a draft
// survives closing its tab, a reload and a window that dies. Each is a file of its own scheme, so
// its tab reads "Ask the Agent" and the editor's Send button and Ctrl+Enter show on it alone.
// What a draft is about rides in its address (the query): the page, for the project a new job goes
// to, or the job a follow-up goes to.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readText } from '../platform/machine/atomic-file';
import { fileCaps, readShared, writeFlags } from '../platform/machine/shared-file';

export const draftScheme = 'docs-agent-compose';
/** A page's address never starts so (it starts with its scheme): a follow-up's query does. */
const jobPrefix = 'job=';

/** What a draft is about: a page (or nothing) for a new job, or a tracked job's key for a follow-up. */
export type DraftTarget = { page: vscode.Uri | undefined } | { job: string };
/** Drafts untouched this long are removed (nothing kept on disk grows without end). */
const keepDays = 30;

const fileError = (uri: vscode.Uri): vscode.FileSystemError => vscode.FileSystemError.FileNotFound(uri);
/** The file beside a draft that keeps its address. */
const addressOf = (file: string): string => file.replace(/\.md$/, '.address');

/** A draft on disk that was not sent: its address, its first line and when it last changed. */
export interface UnsentDraft {
  uri: vscode.Uri;
  firstLine: string;
  changedAt: number;
}

export class DraftFiles implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  /**
   * Drafts sent from this window, with their file's last state: a save the editor started before
   * the send (typing stops a moment before Ctrl+Enter) can land after the file went, and must not
   * fail in the writer's face nor bring the draft back.
   */
  private readonly sent = new Map<string, vscode.FileStat>();

  constructor(private readonly dir: string) {}

  /** A new draft's address, naming what it is about: a page (its project is asked) or a job (the draft is its follow-up). */
  static address(title: string, target: DraftTarget): vscode.Uri {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const name = title.replace(/[/\\?#]/g, ' ');
    const query = 'job' in target ? `${jobPrefix}${target.job}` : (target.page?.toString() ?? '');
    return vscode.Uri.from({ scheme: draftScheme, path: `/${id}/${name}.md`, query });
  }

  /** The title a draft was opened with (its tab's name). */
  static titleOf(draft: vscode.Uri): string {
    return (draft.path.split('/').pop() ?? '').replace(/\.md$/, '');
  }

  /** The page a draft is about, if any. */
  static about(draft: vscode.Uri): vscode.Uri | undefined {
    return draft.query && !draft.query.startsWith(jobPrefix) ? vscode.Uri.parse(draft.query, true) : undefined;
  }

  /** The job a follow-up draft is for (its key), if it is one. */
  static jobOf(draft: vscode.Uri): string | undefined {
    return draft.query.startsWith(jobPrefix) ? draft.query.slice(jobPrefix.length) : undefined;
  }

  private fileOf(uri: vscode.Uri): string {
    const id = uri.path.split('/')[1] ?? '';
    if (!/^[a-z0-9]+$/.test(id)) throw fileError(uri);
    return join(this.dir, `${id}.md`);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path.split('/').length < 3) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const sent = this.sent.get(this.fileOf(uri));
    if (sent) return sent;
    const found = await stat(this.fileOf(uri)).catch(() => undefined);
    if (!found) throw fileError(uri);
    return { type: vscode.FileType.File, ctime: found.ctimeMs, mtime: found.mtimeMs, size: found.size };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    // Drafts live in one folder of the extension's storage: nothing to make.
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    // The drafts folder is shared storage: a FIFO, a link or a huge file there is no draft.
    const bytes = await readShared(this.fileOf(uri), fileCaps.draft).catch(() => undefined);
    if (!bytes) throw fileError(uri);
    return new Uint8Array(bytes); // its own memory, exactly the file's length
  }

  /** A new draft, with its address (title, page or job) kept beside it, so Open an Unsent Draft… can offer it again. */
  async create(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(addressOf(this.fileOf(uri)), uri.toString(), { flag: writeFlags });
    await this.writeFile(uri, content);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    if (this.sent.has(this.fileOf(uri))) return;
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.fileOf(uri), content, { flag: writeFlags });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  async delete(uri: vscode.Uri): Promise<void> {
    const file = this.fileOf(uri);
    const last = await this.stat(uri).catch(() => undefined);
    if (last) this.sent.set(file, last);
    await rm(file, { force: true });
    await rm(addressOf(file), { force: true });
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  /** The drafts not sent (nor pruned), newest first, with their first line. */
  async unsent(): Promise<UnsentDraft[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found = await Promise.all(
      names
        .filter((name) => name.endsWith('.md'))
        .map(async (name): Promise<UnsentDraft | undefined> => {
          const file = join(this.dir, name);
          const [address, text, info] = await Promise.all([
            readText(addressOf(file), fileCaps.draft).catch(() => undefined),
            readText(file, fileCaps.draft).catch(() => undefined),
            stat(file).catch(() => undefined),
          ]);
          const uri = address === undefined ? undefined : this.draftAt(address, file);
          if (!uri || text === undefined || !info) return undefined;
          return { uri, firstLine: text.split(/\r?\n/, 1)[0]?.trim() ?? '', changedAt: info.mtimeMs };
        }),
    );
    return found.filter((draft) => draft !== undefined).sort((a, b) => b.changedAt - a.changedAt);
  }

  /** The draft address kept for `file`, if it is one and names that very file (else the file is not offered). */
  private draftAt(address: string, file: string): vscode.Uri | undefined {
    try {
      const uri = vscode.Uri.parse(address, true);
      return uri.scheme === draftScheme && this.fileOf(uri) === file ? uri : undefined;
    } catch {
      return undefined;
    }
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(l10n.t('A draft keeps its name.'));
  }

  /** Removes drafts nobody touched for a month, with their addresses. */
  async prune(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.md'))) {
      const file = join(this.dir, name);
      const found = await stat(file).catch(() => undefined);
      if (found && now - found.mtimeMs > keepDays * 86_400_000)
        await Promise.all([file, addressOf(file)].map((f) => rm(f, { force: true })));
    }
  }

  dispose(): void {
    this.changed.dispose();
  }
}
