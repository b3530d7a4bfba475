// Writes one hunk of the agent's change into the working tree, or takes it out: lines of one file
// (working-file.ts: an open document through one workspace edit, so the editor's Undo takes it
// back, a closed file byte for byte), or whole files. A file that had unsaved edits keeps them and
// stays unsaved (nothing is saved behind the writer's back); one that had none is saved, so git
// sees the hunk. Nothing else in the working tree is touched.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { currentText } from '../editor/workspace-text';
import { encodePage, encodingOf } from '../platform/page-encoding';
import type { HunkWrite } from './change-hunks';
import { ReviewError } from './review-errors';
import { editWorkingFile, readWorkingFile } from './working-file';
import { linkRefusal } from './working-tree-links';

/** Thrown when the file changed between the reading and the write: the caller reads it again. */
export class ChangedSinceRead extends Error {}

/** The lines' write: into `edit` for a document the editor holds (`toSave` when it had no unsaved edits), else as the file's bytes. */
async function linesEdit(
  write: Extract<HunkWrite, { kind: 'lines' }>,
  edit: vscode.WorkspaceEdit,
): Promise<{ inEdit: boolean; toSave: vscode.TextDocument | undefined }> {
  const now = await readWorkingFile(write.file.uri);
  if (now?.text !== write.file.text) throw new ChangedSinceRead();
  return { inEdit: now.document !== undefined, toSave: await editWorkingFile(now, write.edit, edit) };
}

/** A new file's bytes, in the encoding the writer's settings give new files. */
async function newFileBytes(uri: vscode.Uri, text: string): Promise<Uint8Array> {
  const configured = vscode.workspace.getConfiguration('files', uri).get<string>('encoding');
  return encodePage(text, { ...encodingOf(new Uint8Array(), configured), bom: configured === 'utf8bom' });
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
      edit.createFile(uri, { contents: await newFileBytes(uri, text), ignoreIfExists: false });
    }
  }
  return toSave;
}

/** Makes the write; `root` is the clone's folder, `name` how the writer reads the file. */
export async function writeHunk(write: HunkWrite, root: string, name: string): Promise<void> {
  for (const uri of write.kind === 'lines' ? [write.file.uri] : write.files.map((f) => f.uri)) {
    const refusal = await linkRefusal(root, uri.fsPath, name);
    if (refusal) throw new ReviewError(refusal);
  }
  const edit = new vscode.WorkspaceEdit();
  const lines = write.kind === 'lines' ? await linesEdit(write, edit) : undefined;
  const toSave = write.kind === 'files' ? await filesEdit(write, edit) : [lines?.toSave];
  // A closed page's lines were written as its bytes: the edit holds nothing then.
  if ((!lines || lines.inEdit) && !(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    throw new ReviewError(l10n.t('The editor did not accept the edit to {0}; nothing was changed.', name));
  }
  for (const document of toSave) {
    if (document && !(await document.save()))
      throw new ReviewError(l10n.t('{0} changed in the editor but could not be saved; save it by hand.', name));
  }
}
