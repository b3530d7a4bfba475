// What the change's diff says about the hunks, kept current as the writer moves and types: which
// hunk the cursor is in, whether it is in the working file and whether the writer marked it
// Reviewed (context keys the menus and the keys read), a mark on each hunk that is in or reviewed,
// and how many are over the whole change (the status bar, while the change's diff is the active
// tab). What is in is read from the working text, a file again only when its text changed (a
// cursor move asks only which hunk is under it); what is reviewed from the review store, shared by
// every window.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { reviewedLabel } from '../jobs/job-record-entries';
import { jobKeyOf } from '../jobs/tracked-job';
import { isRecord } from '../platform/checks';
import { commandIds, contextKeys } from '../platform/manifest-ids';
import { appliedSummary, type AppliedCounts } from './change-counts-text';
import { ChangeHunks, type HunkAt } from './change-hunks';
import { reviewedKeysOf } from './change-keys';
import { newSpanOf, oldSpanOf, type Span } from './hunk-places';
import type { JobChange } from './job-change';
import type { ReviewStore } from './review-store';
import type { ChangePlace, ShownChange, ShownChanges } from './shown-changes';

/** How long typing may go on before the marks are read again. */
const settleMs = 300;

export function appliedCounts(hunks: readonly HunkAt[]): AppliedCounts {
  const applied = hunks.filter((h) => h.reading.state === 'applied');
  return { applied: applied.length, total: hunks.length, files: new Set(applied.map((h) => h.path)).size };
}

/** How much of a change the working tree holds, and how much of it the writer marked Reviewed. */
export interface ChangeCounts extends AppliedCounts {
  reviewed: number;
}

/** Told the reviewed count of the change on screen, to keep the job's record and row saying it. */
export type ReviewedCountListener = (shown: ShownChange, counts: ChangeCounts) => void;

/** The line of the diff's side a hunk is marked on: its first, or for no lines on that side the one before. */
function markedLine(h: HunkAt, side: 'agent' | 'before', last: number): number {
  const span: Span = side === 'agent' ? newSpanOf(h.hunk) : oldSpanOf(h.hunk);
  return Math.min(Math.max(span.begin === span.end ? span.begin - 1 : span.begin, 0), last);
}

export class HunkMarks implements vscode.Disposable {
  /** Kept as long as the change is: a change no longer shown takes its hunks with it. */
  private readonly hunks = new WeakMap<JobChange, ChangeHunks>();
  /** The cursor's hunk state last told the menus. */
  private atCursorState: string | undefined;
  private atCursorReviewed: boolean | undefined;
  private readonly status = vscode.window.createStatusBarItem('docsAgent.appliedChanges', vscode.StatusBarAlignment.Left, 50);
  private readonly reviewedStatus = vscode.window.createStatusBarItem('docsAgent.reviewedChanges', vscode.StatusBarAlignment.Left, 49);
  private readonly mark = vscode.window.createTextEditorDecorationType({
    after: { contentText: `  ✓ ${l10n.t('in your file')}`, color: new vscode.ThemeColor('editorCodeLens.foreground') },
  });
  private readonly reviewedMark = vscode.window.createTextEditorDecorationType({
    after: {
      contentText: `  ◉ ${l10n.t({ message: 'reviewed', args: [], comment: ['A mark beside one of the agent’s changes that the writer marked Reviewed'] })}`,
      color: new vscode.ThemeColor('editorCodeLens.foreground'),
    },
  });
  private readonly listeners: vscode.Disposable[];
  private timer: NodeJS.Timeout | undefined;
  private round = 0;
  private cursorRound = 0;

  constructor(
    private readonly shown: ShownChanges,
    private readonly reviews: ReviewStore,
    private readonly onReviewedCount: ReviewedCountListener = () => undefined,
  ) {
    this.status.name = l10n.t('Docs Agent: changes applied');
    this.reviewedStatus.name = l10n.t('Docs Agent: changes reviewed');
    this.reviewedStatus.command = { command: commandIds.nextUnreviewedHunk, title: l10n.t('Next Unreviewed Change') };
    const soon = (): void => this.refreshSoon();
    this.listeners = [
      // A change marked here or in another window.
      reviews.onDidChange(() => void this.refresh()),
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
      const at = await this.atCursor();
      if (round === this.cursorRound) this.tellCursor(at);
    } catch {
      // A change whose commits are gone: the menus stay as they were.
    }
  }

  private tellCursor(at: HunkAt | undefined): void {
    const state = at?.reading.state ?? '';
    if (state !== this.atCursorState) void vscode.commands.executeCommand('setContext', contextKeys.hunkAtCursor, state);
    this.atCursorState = state;
    const place = at && this.shown.placeOf(vscode.window.activeTextEditor?.document.uri ?? at.uri);
    const reviewed = !!at && !!place && this.isReviewed(place.shown, at);
    if (reviewed !== this.atCursorReviewed) void vscode.commands.executeCommand('setContext', contextKeys.hunkReviewedAtCursor, reviewed);
    this.atCursorReviewed = reviewed;
  }

  /** The keys of the shown change's hunks the writer marked Reviewed (in any window). */
  reviewedKeys(shown: ShownChange): ReadonlySet<string> {
    return reviewedKeysOf(this.reviews.get(jobKeyOf(shown.job)));
  }

  isReviewed(shown: ShownChange, at: HunkAt): boolean {
    return this.reviewedKeys(shown).has(at.key);
  }

  /** Reads the hunks again for what is on screen; a newer read wins over an older one still going. */
  async refresh(): Promise<void> {
    const [round, cursorRound] = [++this.round, ++this.cursorRound];
    try {
      const [atCursor, marks, summary] = await Promise.all([this.atCursor(), this.marks(), this.summary()]);
      if (round !== this.round) return;
      if (cursorRound === this.cursorRound) this.tellCursor(atCursor);
      for (const { editor, applied, reviewed } of marks) {
        editor.setDecorations(this.mark, applied);
        editor.setDecorations(this.reviewedMark, reviewed);
      }
      this.showSummary(summary);
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

  /** Where a document of a shown change's diff is: whose change, which file, which side. */
  placeOf(uri: vscode.Uri): ChangePlace | undefined {
    return this.shown.placeOf(uri);
  }

  /** The shown change the active tab displays. */
  activeChange(): ShownChange | undefined {
    return this.shown.active()?.shown;
  }

  /** Where a command was asked for: the line number menu names its line; anything else means the cursor. */
  async targetOf(arg: unknown): Promise<{ uri: vscode.Uri; at: HunkAt | undefined } | undefined> {
    if (isRecord(arg) && arg.uri instanceof vscode.Uri && typeof arg.lineNumber === 'number') {
      return { uri: arg.uri, at: await this.hunkAt(arg.uri, arg.lineNumber) };
    }
    const editor = vscode.window.activeTextEditor;
    if (!editor || !this.changeOf(editor.document.uri)) return undefined;
    return { uri: editor.document.uri, at: await this.atCursor() };
  }

  /** How much of a shown change the working tree holds, and how much of it is reviewed. */
  async countsOf(shown: ShownChange): Promise<ChangeCounts> {
    const hunks = await this.hunksOf(shown).readAll();
    const keys = this.reviewedKeys(shown);
    return { ...appliedCounts(hunks), reviewed: hunks.filter((h) => keys.has(h.key)).length };
  }

  /** The applied and the reviewed hunks' first lines in each visible document of a shown change, on its side of the diff. */
  private async marks(): Promise<
    { editor: vscode.TextEditor; applied: vscode.DecorationOptions[]; reviewed: vscode.DecorationOptions[] }[]
  > {
    const [inFile, reviewedHover] = [l10n.t('This change is in your file.'), l10n.t('You marked this change as reviewed.')];
    const editors = vscode.window.visibleTextEditors.flatMap((editor) => {
      const place = this.shown.placeOf(editor.document.uri);
      return place ? [{ editor, place }] : [];
    });
    return Promise.all(
      editors.map(async ({ editor, place }) => {
        const hunks = await this.hunksOf(place.shown).readFile(place.file);
        const last = Math.max(editor.document.lineCount - 1, 0);
        const keys = this.reviewedKeys(place.shown);
        const marked = (which: readonly HunkAt[], hoverMessage: string): vscode.DecorationOptions[] =>
          which.map((h) => ({ range: editor.document.lineAt(markedLine(h, place.side, last)).range, hoverMessage }));
        return {
          editor,
          applied: marked(
            hunks.filter((h) => h.reading.state === 'applied'),
            inFile,
          ),
          reviewed: marked(
            hunks.filter((h) => keys.has(h.key)),
            reviewedHover,
          ),
        };
      }),
    );
  }

  /** The active tab's change and its counts, or undefined when no change is on screen. */
  private async summary(): Promise<{ shown: ShownChange; counts: ChangeCounts } | undefined> {
    const active = this.shown.active();
    return active && { shown: active.shown, counts: await this.countsOf(active.shown) };
  }

  private showSummary(summary: { shown: ShownChange; counts: ChangeCounts } | undefined): void {
    if (!summary) {
      this.status.hide();
      this.reviewedStatus.hide();
      return;
    }
    const [applied, reviewed] = [appliedSummary(summary.counts), reviewedLabel(summary.counts)];
    this.status.text = `$(check) ${applied}`;
    this.status.accessibilityInformation = { label: applied };
    this.status.show();
    this.reviewedStatus.text = `$(eye) ${reviewed}`;
    this.reviewedStatus.accessibilityInformation = { label: reviewed };
    this.reviewedStatus.tooltip = l10n.t('Go to the next change you have not reviewed');
    this.reviewedStatus.show();
    this.onReviewedCount(summary.shown, summary.counts);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const listener of this.listeners) listener.dispose();
    this.status.dispose();
    this.reviewedStatus.dispose();
    this.mark.dispose();
    this.reviewedMark.dispose();
  }
}
