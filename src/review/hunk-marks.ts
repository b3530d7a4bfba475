// What the change's diff says about the hunks, kept current as the writer moves and types: which
// hunk the cursor is in and whether it is in the working file (a context key the menus and the
// key read), a mark on each hunk that is in, and how many are in over the whole change (the
// status bar, while the change's diff is the active tab). Read from the working text: nothing is
// stored, and a file is read again only when its text changed (a cursor move asks only which hunk
// is under it).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { contextKeys } from '../platform/manifest-ids';
import { appliedSummary, type AppliedCounts } from './change-counts-text';
import { ChangeHunks, type HunkAt } from './change-hunks';
import { newSpanOf, oldSpanOf } from './hunk-places';
import type { JobChange } from './job-change';
import type { ShownChange, ShownChanges } from './shown-changes';

/** How long typing may go on before the marks are read again. */
const settleMs = 300;

export function appliedCounts(hunks: readonly HunkAt[]): AppliedCounts {
  const applied = hunks.filter((h) => h.reading.state === 'applied');
  return { applied: applied.length, total: hunks.length, files: new Set(applied.map((h) => h.path)).size };
}

export class HunkMarks implements vscode.Disposable {
  /** Kept as long as the change is: a change no longer shown takes its hunks with it. */
  private readonly hunks = new WeakMap<JobChange, ChangeHunks>();
  /** The cursor's hunk state last told the menus. */
  private atCursorState: string | undefined;
  private readonly status = vscode.window.createStatusBarItem('docsAgent.appliedChanges', vscode.StatusBarAlignment.Left, 50);
  private readonly mark = vscode.window.createTextEditorDecorationType({
    after: { contentText: `  ✓ ${l10n.t('in your file')}`, color: new vscode.ThemeColor('editorCodeLens.foreground') },
  });
  private readonly listeners: vscode.Disposable[];
  private timer: NodeJS.Timeout | undefined;
  private round = 0;
  private cursorRound = 0;

  constructor(private readonly shown: ShownChanges) {
    this.status.name = l10n.t('Docs Agent: changes applied');
    const soon = (): void => this.refreshSoon();
    this.listeners = [
      vscode.window.onDidChangeTextEditorSelection(() => void this.refreshCursor()),
      vscode.window.onDidChangeActiveTextEditor(() => void this.refresh()),
      vscode.window.onDidChangeVisibleTextEditors(soon),
      vscode.window.tabGroups.onDidChangeTabs(soon),
      vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.scheme === 'file' && soon()),
      vscode.workspace.onDidCreateFiles(soon),
      vscode.workspace.onDidDeleteFiles(soon),
    ];
  }

  /** The hunks of a shown change (both commits read once). */
  hunksOf(shown: ShownChange): ChangeHunks {
    let hunks = this.hunks.get(shown.change);
    if (!hunks) {
      hunks = new ChangeHunks(shown.change);
      this.hunks.set(shown.change, hunks);
    }
    return hunks;
  }

  refreshSoon(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), settleMs);
  }

  /** Tells the menus the state of the hunk under the cursor; a newer answer wins over an older one. */
  async refreshCursor(): Promise<void> {
    const round = ++this.cursorRound;
    try {
      const state = (await this.atCursor())?.reading.state ?? '';
      if (round === this.cursorRound) this.tellCursor(state);
    } catch {
      // A change whose commits are gone: the menus stay as they were.
    }
  }

  private tellCursor(state: string): void {
    if (state !== this.atCursorState) void vscode.commands.executeCommand('setContext', contextKeys.hunkAtCursor, state);
    this.atCursorState = state;
  }

  /** Reads the hunks again for what is on screen; a newer read wins over an older one still going. */
  async refresh(): Promise<void> {
    const [round, cursorRound] = [++this.round, ++this.cursorRound];
    try {
      const [atCursor, marks, summary] = await Promise.all([this.atCursor(), this.marks(), this.summary()]);
      if (round !== this.round) return;
      if (cursorRound === this.cursorRound) this.tellCursor(atCursor?.reading.state ?? '');
      for (const [editor, ranges] of marks) editor.setDecorations(this.mark, ranges);
      if (summary === undefined) this.status.hide();
      else {
        this.status.text = `$(check) ${summary}`;
        this.status.accessibilityInformation = { label: summary };
        this.status.show();
      }
    } catch {
      // A change whose commits are gone (pruned, refetched): its marks stay as they were.
    }
  }

  /** The hunk under the active editor's cursor. */
  async atCursor(): Promise<HunkAt | undefined> {
    const editor = vscode.window.activeTextEditor;
    return editor ? this.hunkAt(editor.document.uri, editor.selection.active.line + 1) : undefined;
  }

  /** The hunk at a line (1-based) of a document of a shown change's diff, read against the working tree now. */
  async hunkAt(uri: vscode.Uri, line: number): Promise<HunkAt | undefined> {
    const place = this.shown.placeOf(uri);
    return place && this.hunksOf(place.shown).hunkAt(place.file, place.side, line);
  }

  /** The shown change a document of a diff belongs to. */
  changeOf(uri: vscode.Uri): ShownChange | undefined {
    return this.shown.placeOf(uri)?.shown;
  }

  /** How much of a shown change the working tree holds. */
  async countsOf(shown: ShownChange): Promise<AppliedCounts> {
    return appliedCounts(await this.hunksOf(shown).readAll());
  }

  /** The applied hunks' first lines in each visible document of a shown change, on its side of the diff. */
  private async marks(): Promise<[vscode.TextEditor, vscode.DecorationOptions[]][]> {
    const hoverMessage = l10n.t('This change is in your file.');
    const editors = vscode.window.visibleTextEditors.flatMap((editor) => {
      const place = this.shown.placeOf(editor.document.uri);
      return place ? [{ editor, place }] : [];
    });
    return Promise.all(
      editors.map(async ({ editor, place }): Promise<[vscode.TextEditor, vscode.DecorationOptions[]]> => {
        const hunks = await this.hunksOf(place.shown).readFile(place.file);
        const last = Math.max(editor.document.lineCount - 1, 0);
        const lines = hunks
          .filter((h) => h.reading.state === 'applied')
          .map((h) => (place.side === 'agent' ? newSpanOf(h.hunk) : oldSpanOf(h.hunk)))
          // A hunk with no lines on this side is marked on the line before it.
          .map((span) => Math.min(Math.max(span.begin === span.end ? span.begin - 1 : span.begin, 0), last));
        return [editor, lines.map((line) => ({ range: editor.document.lineAt(line).range, hoverMessage }))];
      }),
    );
  }

  /** How much of the active tab's change the working tree holds, or undefined when no change is on screen. */
  private async summary(): Promise<string | undefined> {
    const active = this.shown.active();
    return active && appliedSummary(await this.countsOf(active.shown));
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const listener of this.listeners) listener.dispose();
    this.status.dispose();
    this.mark.dispose();
  }
}
