// Writes one hunk of the agent's change into the working tree, or takes it out: one workspace edit
// (so the editor's Undo takes it back), lines of one file or whole files. A file that had unsaved
// edits keeps them and stays unsaved (nothing is saved behind the writer's back); one that had
// none is saved, so git sees the hunk. Nothing else in the working tree is touched.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { currentText } from '../editor/workspace-text';
import type { HunkWrite } from './change-hunks';
import { ReviewError } from './review-errors';
import { linkRefusal } from './working-tree-links';

/** The range of working lines `begin` to `end - 1` (an empty range at `begin` when they are equal). */
function linesRange(document: vscode.TextDocument, begin: number, end: number): vscode.Range {
  const at = (line: number): vscode.Position =>
    line < document.lineCount ? new vscode.Position(line, 0) : document.lineAt(document.lineCount - 1).range.end;
  return new vscode.Range(at(begin), at(end));
}

async function linesEdit(
  write: Extract<HunkWrite, { kind: 'lines' }>,
  edit: vscode.WorkspaceEdit,
): Promise<vscode.TextDocument | undefined> {
  const document = await vscode.workspace.openTextDocument(write.uri);
  const { begin, end, lines } = write.edit;
  // The lines as the file writes them: with its own line breaks.
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  edit.replace(write.uri, linesRange(document, begin, end), lines.map((line) => line.replace(/\n$/, eol)).join(''));
  return document.isDirty ? undefined : document;
}

async function filesEdit(write: Extract<HunkWrite, { kind: 'files' }>, edit: vscode.WorkspaceEdit): Promise<vscode.TextDocument[]> {
  const toSave: vscode.TextDocument[] = [];
  for (const { uri, text } of write.files) {
    const exists = (await currentText(uri)) !== undefined;
    if (text === undefined) {
      if (exists) edit.deleteFile(uri, { ignoreIfNotExists: true });
    } else if (exists) {
      const document = await vscode.workspace.openTextDocument(uri);
      edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
      if (!document.isDirty) toSave.push(document);
    } else {
      edit.createFile(uri, { contents: new TextEncoder().encode(text), ignoreIfExists: false });
    }
  }
  return toSave;
}

/** Makes the write; `root` is the clone's folder, `name` how the writer reads the file. */
export async function writeHunk(write: HunkWrite, root: string, name: string): Promise<void> {
  for (const uri of write.kind === 'lines' ? [write.uri] : write.files.map((f) => f.uri)) {
    const refusal = await linkRefusal(root, uri.fsPath, name);
    if (refusal) throw new ReviewError(refusal);
  }
  const edit = new vscode.WorkspaceEdit();
  const toSave = write.kind === 'lines' ? [await linesEdit(write, edit)] : await filesEdit(write, edit);
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    throw new ReviewError(l10n.t('The editor did not accept the edit to {0}; nothing was changed.', name));
  }
  for (const document of toSave) {
    if (document && !(await document.save()))
      throw new ReviewError(l10n.t('{0} changed in the editor but could not be saved; save it by hand.', name));
  }
}
