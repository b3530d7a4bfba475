// Opens the composer beside the page, keeps its text saved as the writer types (so closing the
// tab keeps the draft, without a save question), and closes and forgets it once it is sent.
import * as vscode from 'vscode';
import { DraftFiles, draftScheme, type DraftTarget } from './draft-files';
import { draftText, type DraftContext } from './prompt-draft';

const saveAfterMs = 300;

export class Composer implements vscode.Disposable {
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly files: DraftFiles) {
    this.listeners = [
      vscode.workspace.registerFileSystemProvider(draftScheme, files),
      vscode.workspace.onDidChangeTextDocument((event) => this.keep(event.document)),
    ];
    void files.prune();
  }

  /** Opens a new draft about `target`, holding `context` and a first instruction, if any. */
  async open(title: string, target: DraftTarget, context: DraftContext | undefined, instruction = ''): Promise<vscode.TextEditor> {
    const uri = DraftFiles.address(title, target);
    await this.files.create(uri, new TextEncoder().encode(draftText(context, instruction)));
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
    const tabs = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString());
    await vscode.window.tabGroups.close(tabs);
    await this.files.delete(document.uri);
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const listener of this.listeners) listener.dispose();
    this.files.dispose();
  }
}
