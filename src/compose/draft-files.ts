// The composer's documents: drafts kept on this machine (the extension's storage, see
// draft-folder.ts), so a draft survives closing its tab, a reload and a window that dies. Each is
// a file of its own scheme, so its tab reads "Ask the Agent" and the editor's Send button and
// Ctrl+Enter show on it alone. What a draft is about rides in its address (the query): the page
// a new job is about, or the job a follow-up goes to. One window at a time edits a draft (see
// draft-holds.ts): in the others it opens read-only, and becomes editable when that window lets go.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { DraftFolder } from './draft-folder';
import { type DraftHolds, saveDraft } from './draft-holds';
import { draftScheme } from './draft-tabs';

/** A page's address never starts so (it starts with its scheme): a follow-up's query does. */
const jobPrefix = 'job=';

/** What a draft is about: a page (or nothing) of a project for a new job, or a tracked job's key for a follow-up. */
export type DraftTarget = { page: vscode.Uri | undefined; project: ProjectScope } | { job: string };

const fileError = (uri: vscode.Uri): vscode.FileSystemError => vscode.FileSystemError.FileNotFound(uri);

/** A draft on disk that was not sent: its address, its first line and when it last changed. */
export interface UnsentDraft {
  uri: vscode.Uri;
  firstLine: string;
  changedAt: number;
}

export class DraftFiles implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly sentElsewhere = new vscode.EventEmitter<vscode.Uri>();
  /** A draft open in this window was sent from another one. */
  readonly onDidSendElsewhere = this.sentElsewhere.event;
  private readonly folder: DraftFolder;
  /** The drafts this window has asked about, by id: the address its editor knows each by (for change events). */
  private readonly addresses = new Map<string, vscode.Uri>();
  private readonly listening: { dispose(): void };

  constructor(
    dir: string,
    private readonly holds: DraftHolds,
  ) {
    this.folder = new DraftFolder(dir);
    this.listening = holds.onDidChange((id) => void this.holdChanged(id));
  }

  /** A new draft's address, naming what it is about: a page (of the project kept beside it) or a job (the draft is its follow-up). */
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

  private idOf(uri: vscode.Uri): string {
    const id = uri.path.split('/')[1] ?? '';
    if (!DraftFolder.isId(id)) throw fileError(uri);
    return id;
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  /** Read-only while another window edits the draft; a sent draft answers with its last state (a save may still be under way). */
  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (uri.path.split('/').length < 3) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const id = this.idOf(uri);
    const found = await this.folder.state(id);
    if (!found) throw fileError(uri);
    const stat = { type: vscode.FileType.File, ...found.state };
    if (found.sent) return stat;
    this.addresses.set(id, uri);
    const hold = await this.holds.hold(id);
    return hold.held ? stat : { ...stat, permissions: vscode.FilePermission.Readonly };
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {
    // Drafts live in one folder of the extension's storage: nothing to make.
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const text = await this.folder.read(this.idOf(uri));
    if (!text) throw fileError(uri);
    return text;
  }

  /** A new draft, with its address (title, page or job) kept beside it, so Open an Unsent Draft… can offer it again, and its project. */
  create(uri: vscode.Uri, content: Uint8Array, project: ProjectScope | undefined): Promise<void> {
    return this.folder.create(this.idOf(uri), uri.toString(), content, project);
  }

  /**
   * Refused while another window holds the draft (a window that lost it must not save its stale
   * text over the words written there since); a save that lands after the draft was sent, from
   * any window, is dropped: it does not bring the draft back.
   */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const saved = await saveDraft(this.folder, this.holds, this.idOf(uri), content);
    if (saved === 'refused') throw vscode.FileSystemError.NoPermissions(uri);
    if (saved === 'written') this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  /** The draft was sent: gone for every window, and free. */
  async delete(uri: vscode.Uri): Promise<void> {
    const id = this.idOf(uri);
    await this.folder.markSent(id);
    this.addresses.delete(id);
    await this.holds.release(id);
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
  }

  /** The project a new job's draft was started for, if it knows it. */
  projectOf(uri: vscode.Uri): Promise<ProjectScope | undefined> {
    return this.folder.project(this.idOf(uri));
  }

  /** Holds the draft for this window (it was opened here); where it is edited when another window does. */
  async hold(uri: vscode.Uri): Promise<string | undefined> {
    const id = this.idOf(uri);
    if (await this.folder.isSent(id)) return undefined;
    this.addresses.set(id, uri);
    const hold = await this.holds.hold(id);
    return hold.held ? undefined : hold.where;
  }

  /** Where the draft is edited when another window holds it (as last seen); undefined when this window may edit it. */
  editedElsewhere(uri: vscode.Uri): string | undefined {
    return this.holds.editedElsewhere(this.idOf(uri));
  }

  /** The draft was closed in this window: another window may edit it. */
  async release(uri: vscode.Uri): Promise<void> {
    const id = this.idOf(uri);
    this.addresses.delete(id);
    await this.holds.release(id);
  }

  /** This window began or stopped holding a draft: the editor asks again (editable, read-only, or sent elsewhere and gone). */
  private async holdChanged(id: string): Promise<void> {
    const uri = this.addresses.get(id);
    if (!uri) return;
    if (!(await this.folder.isSent(id))) {
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
      return;
    }
    this.addresses.delete(id);
    await this.holds.release(id);
    this.changed.fire([{ type: vscode.FileChangeType.Deleted, uri }]);
    this.sentElsewhere.fire(uri);
  }

  /** The drafts not sent (nor pruned), newest first, with their first line. */
  async unsent(): Promise<UnsentDraft[]> {
    const kept = await this.folder.unsent();
    return kept.flatMap(({ id, address, firstLine, changedAt }) => {
      const uri = this.draftAt(address, id);
      return uri ? [{ uri, firstLine, changedAt }] : [];
    });
  }

  /** The draft address kept for draft `id`, if it is one and names that very draft (else the draft is not offered). */
  private draftAt(address: string, id: string): vscode.Uri | undefined {
    try {
      const uri = vscode.Uri.parse(address, true);
      return uri.scheme === draftScheme && uri.path.split('/')[1] === id ? uri : undefined;
    } catch {
      return undefined;
    }
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(l10n.t('A draft keeps its name.'));
  }

  /** Removes drafts nobody touched for a month, and holds left by windows long gone. */
  async prune(now = Date.now()): Promise<void> {
    await Promise.all([this.folder.prune(now), this.holds.prune(now)]);
  }

  dispose(): void {
    this.listening.dispose();
    this.changed.dispose();
    this.sentElsewhere.dispose();
  }
}
