// Opens the composer beside the page, keeps its text saved as the writer types (so closing the
// tab keeps the draft, without a save question), and closes and forgets it once it is sent. A
// draft another window is editing opens read-only here, and says where it is edited.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showInfo } from '../editor/say';
import { DraftFiles, type DraftTarget } from './draft-files';
import { draftOf, draftScheme, draftTabs } from './draft-tabs';
import { draftText, type DraftContext } from './prompt-draft';

const saveAfterMs = 300;

/**
 * Where a draft is edited, said to the writer of another window (`where`: that window's folder, or
 * ''), as it opens read-only here or as a Send here is refused.
 */
export function editedElsewhereText(where: string, on: 'open' | 'send'): string {
  if (on === 'send')
    return where
      ? l10n.t('This draft is being edited in the window of “{0}”: send it from there.', where)
      : l10n.t('This draft is being edited in another window: send it from there.');
  return where
    ? l10n.t('This draft is being edited in the window of “{0}”, so it is read-only here until you close it there.', where)
    : l10n.t('This draft is being edited in another window, so it is read-only here until you close it there.');
}

export class Composer implements vscode.Disposable {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly files: DraftFiles) {
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((event) => this.keep(event.document)),
      // A draft is being edited in this window while a tab here shows it: the editor keeps a
      // closed tab's document for minutes, so its tabs say when the writer closed it, not the document.
      vscode.window.tabGroups.onDidChangeTabs((event) => this.tabsChanged(event)),
      files.onDidSendElsewhere((uri) => void this.sentElsewhere(uri)),
    ];
    for (const uri of draftTabs()) void this.opened(uri); // restored with the window
    void files.prune();
  }

  /** Opens a new draft about `target`, holding `context` and a first instruction, if any. */
  async open(title: string, target: DraftTarget, context: DraftContext | undefined, instruction = ''): Promise<vscode.TextEditor> {
    const uri = DraftFiles.address(title, target);
    await this.files.create(
      uri,
      new TextEncoder().encode(draftText(context, instruction)),
      'project' in target ? target.project : undefined,
    );
    const document = await vscode.workspace.openTextDocument(uri);
    const beside = vscode.window.activeTextEditor ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    // The cursor is placed as the editor opens, never after: the writer may already be typing.
    const end = document.lineAt(0).range.end;
    const editor = await vscode.window.showTextDocument(document, {
      viewColumn: beside,
      preview: false,
      selection: new vscode.Range(end, end),
    });
    // Opened from a view's row button, the view would keep the keyboard: the writer types here.
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    return editor;
  }

  /** Shows the open follow-up draft for this job, if there is one (a second would split the writer's words). */
  async showFollowUp(jobKey: string): Promise<vscode.TextEditor | undefined> {
    const open = vscode.workspace.textDocuments.find(
      (d) => !d.isClosed && d.uri.scheme === draftScheme && DraftFiles.jobOf(d.uri) === jobKey,
    );
    return open && vscode.window.showTextDocument(open, { preview: false });
  }

  /** A draft opened here (Open an Unsent Draft…, a restored tab): held for this window, or read-only and said why. */
  private async opened(uri: vscode.Uri): Promise<void> {
    const where = await this.files.hold(uri).catch(() => undefined);
    if (where !== undefined) void showInfo(editedElsewhereText(where, 'open'));
  }

  /** Holds a draft whose first tab here opened; lets go of one whose last tab here closed (or moved away). */
  private tabsChanged(event: vscode.TabChangeEvent): void {
    const open = new Set(draftTabs().map((uri) => uri.toString()));
    const opened = new Map(event.opened.flatMap(draftOf).map((uri) => [uri.toString(), uri]));
    for (const uri of opened.values()) void this.opened(uri);
    for (const uri of event.closed.flatMap(draftOf)) {
      if (!open.has(uri.toString())) void this.files.release(uri).catch(() => undefined);
    }
  }

  /** Saved a moment after each change: the draft is on disk before any tab closes. */
  private keep(document: vscode.TextDocument): void {
    if (document.uri.scheme !== draftScheme || !document.isDirty) return;
    const id = document.uri.toString();
    clearTimeout(this.pending.get(id));
    this.pending.set(
      id,
      setTimeout(() => {
        this.pending.delete(id);
        if (!document.isClosed && document.isDirty) void document.save();
      }, saveAfterMs),
    );
  }

  /** The draft was sent: its tab closes and its file goes. */
  async sent(document: vscode.TextDocument): Promise<void> {
    clearTimeout(this.pending.get(document.uri.toString()));
    if (document.isDirty) await document.save();
    await this.closeTabs(document.uri);
    await this.files.delete(document.uri);
  }

  /** Another window sent a draft open (read-only) here: its tab closes here too. */
  private async sentElsewhere(uri: vscode.Uri): Promise<void> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open?.isDirty) return; // words typed here anyway stay on screen
    if (await this.closeTabs(uri)) void showInfo(l10n.t('The draft “{0}” was sent from another window.', DraftFiles.titleOf(uri)));
  }

  /** Closes the draft's tabs; whether there were any. */
  private async closeTabs(uri: vscode.Uri): Promise<boolean> {
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
    await vscode.window.tabGroups.close(tabs);
    return tabs.length > 0;
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const listener of this.listeners) listener.dispose();
    this.files.dispose();
  }
}
