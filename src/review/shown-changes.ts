// The agent's changes this window has shown, so Apply File and Check Out can act "from the
// diff": the active tab is either the multi-file diff opened for a change (known by its title)
// or one file's diff whose right side is the change's head (known by its git URI).
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { contextKeys } from '../platform/manifest-ids';
import type { GitChange } from './git-api';
import type { JobChange } from './job-change';
import { changedFileOf } from './changed-file';
import { inClone } from './clone-path';

export interface ShownChange {
  job: TrackedJob;
  change: JobChange;
  /** The multi-file diff's title; its tab reads "<title> (N files)". */
  title: string;
}

/** Where a document of a shown change is: whose change, which file, which side of the diff. */
export interface ChangePlace {
  shown: ShownChange;
  /** The file's path in the repository. */
  path: string;
  side: 'agent' | 'before';
  commit: string;
  /** The change's entry for the file. */
  file: GitChange;
}

export interface ActiveChange {
  shown: ShownChange;
  /** Set when the active tab is one file's diff. */
  file?: GitChange;
}

/** Enough for a window's worth of reviews; older ones are fetched again when asked for. */
const kept = 20;

function gitRefOf(uri: vscode.Uri): string | undefined {
  if (uri.scheme !== 'git') return undefined;
  try {
    const query: unknown = JSON.parse(uri.query);
    return typeof query === 'object' && query !== null && 'ref' in query && typeof query.ref === 'string' ? query.ref : undefined;
  } catch {
    return undefined;
  }
}

export class ShownChanges implements vscode.Disposable {
  private readonly shown: ShownChange[] = [];
  /** Titles of the changes this window opened (see updateContext). */
  private readonly open = new Set<string>();
  private readonly listeners: vscode.Disposable[];

  /** @param prepare readies what draws on a shown change's documents (comments, marks) before the first is shown. */
  constructor(private readonly prepare: () => Promise<void> = () => Promise.resolve()) {
    const update = (): void => this.updateContext();
    this.listeners = [vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update)];
  }

  /**
   * The diff's Docs Agent menu shows on a change this window opened: not on a diff the editor
   * restored after a reload until Review Job's Changes has opened it again, so the menu's
   * appearing says the diff is the one just fetched.
   */
  private updateContext(): void {
    const active = this.active();
    void vscode.commands.executeCommand(
      'setContext',
      contextKeys.agentChangeActive,
      active !== undefined && this.open.has(active.shown.title),
    );
  }

  /** A change about to be shown: its documents can be commented on as they open. */
  async add(shown: ShownChange): Promise<void> {
    await this.prepare();
    const same = this.shown.findIndex((s) => s.title === shown.title);
    if (same >= 0) this.shown.splice(same, 1);
    this.shown.push(shown);
    if (this.shown.length > kept) this.shown.shift();
  }

  /** The change titled so is open now (its diff, or the list of its files). */
  opened(title: string): void {
    this.open.add(title);
    this.updateContext();
  }

  /** The change last shown for this job in this window, if any. */
  latestFor(job: Pick<TrackedJob, 'id' | 'baseUrl' | 'projectId'>): ShownChange | undefined {
    return [...this.shown].reverse().find((s) => s.job.id === job.id && s.job.baseUrl === job.baseUrl && s.job.projectId === job.projectId);
  }

  /** The change, file and side a document of a shown diff belongs to (the file at the agent's commit, or at the one compared against). */
  placeOf(uri: vscode.Uri): ChangePlace | undefined {
    const ref = gitRefOf(uri);
    if (!ref) return undefined;
    for (const shown of [...this.shown].reverse()) {
      const side = ref === shown.change.head ? 'agent' : ref === shown.change.base ? 'before' : undefined;
      if (!side) continue;
      const file = shown.change.changes.find((c) => (side === 'agent' ? changedFileOf(c) : c.originalUri).path === uri.path);
      if (file) return { shown, path: inClone(shown.change.repository, uri.fsPath), side, commit: ref, file };
    }
    return undefined;
  }

  /** The shown change the active editor tab displays, newest first. */
  active(): ActiveChange | undefined {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    if (!tab) return undefined;
    const newestFirst = [...this.shown].reverse();
    if (tab.input instanceof vscode.TabInputTextDiff) {
      const { modified } = tab.input;
      const ref = gitRefOf(modified);
      for (const shown of ref ? newestFirst : []) {
        if (shown.change.head !== ref) continue;
        const file = shown.change.changes.find((c) => changedFileOf(c).path === modified.path);
        if (file) return { shown, file };
      }
    }
    // A page the agent added or deleted, shown alone (Next Unreviewed Change opens it so).
    if (tab.input instanceof vscode.TabInputText) {
      const place = this.placeOf(tab.input.uri);
      if (place) return { shown: place.shown, file: place.file };
    }
    const shown = newestFirst.find((s) => tab.label === s.title || tab.label.startsWith(`${s.title} (`));
    return shown ? { shown } : undefined;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
  }
}
