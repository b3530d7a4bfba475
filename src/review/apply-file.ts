// Apply File: the agent's version of one file of its change, written into the working tree
// as one workspace edit (so the editor's undo takes it back), for the writer who wants one
// page of the change and not the rest. Nothing else in the working tree is touched.
import * as vscode from 'vscode';
import { currentText } from '../editor/workspace-text';
import { changeStatus, type GitChange } from './git-api';
import type { JobChange } from './job-change';
import { ReviewError } from './review-errors';
import { linkRefusal } from './working-tree-links';

/** What each file should hold afterwards: its text, or undefined for no file. */
type Contents = Map<string, { uri: vscode.Uri; text: string | undefined }>;

export interface AppliedFile {
  uri: vscode.Uri;
  /** Puts the files back as they were before the apply. */
  undo(): Promise<void>;
}

/** The file a change entry leaves behind (its new name when renamed). */
export function changedFileOf(file: GitChange): vscode.Uri {
  return file.renameUri ?? file.uri;
}

/** The old name of a renamed file (the Git extension fills `renameUri` for every entry, renamed or not). */
export function renamedFrom(file: GitChange): vscode.Uri | undefined {
  const renamed = file.status === changeStatus.renamed && changedFileOf(file).toString() !== file.originalUri.toString();
  return renamed ? file.originalUri : undefined;
}

/** How a quick pick describes what the agent did to a file. */
export function changeKind(file: GitChange, relative: (uri: vscode.Uri) => string): string {
  if (file.status === changeStatus.added) return 'added';
  if (file.status === changeStatus.deleted) return 'deleted';
  const from = renamedFrom(file);
  if (from) return `renamed from ${relative(from)}`;
  return 'edited';
}

/** Writes every file's wanted contents as one edit, then saves, so git sees exactly these files change. */
async function write(contents: Contents, label: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  const toSave: vscode.TextDocument[] = [];
  for (const { uri, text } of contents.values()) {
    const exists = (await currentText(uri)) !== undefined;
    if (text === undefined) {
      if (exists) edit.deleteFile(uri, { ignoreIfNotExists: true });
    } else if (exists) {
      const document = await vscode.workspace.openTextDocument(uri);
      edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
      toSave.push(document);
    } else {
      edit.createFile(uri, { contents: new TextEncoder().encode(text), ignoreIfExists: false });
    }
  }
  if (!(await vscode.workspace.applyEdit(edit, { isRefactoring: false }))) {
    throw new ReviewError(`The editor did not accept the edit (${label}); nothing was changed.`);
  }
  for (const document of toSave) {
    if (!(await document.save())) throw new ReviewError(`${label} is in the editor but could not be saved; save it by hand.`);
  }
}

function refuseUnsaved(uris: readonly vscode.Uri[], relative: (uri: vscode.Uri) => string): void {
  const unsaved = vscode.workspace.textDocuments.find((d) => d.isDirty && uris.some((u) => u.toString() === d.uri.toString()));
  if (unsaved) throw new ReviewError(`${relative(unsaved.uri)} has unsaved edits. Save or revert them, then apply the file.`);
}

/** Refuses before anything is read or written when a file would be written through a link, or outside the repository. */
async function refuseLinks(change: JobChange, uris: readonly vscode.Uri[], relative: (uri: vscode.Uri) => string): Promise<void> {
  for (const uri of uris) {
    const refusal = await linkRefusal(change.repository.rootUri.fsPath, uri.fsPath, relative(uri));
    if (refusal) throw new ReviewError(refusal);
  }
}

/** Writes the agent's version of `file` (from the change's head) into the working tree. */
export async function applyAgentFile(change: JobChange, file: GitChange, relative: (uri: vscode.Uri) => string): Promise<AppliedFile> {
  const target = changedFileOf(file);
  const gone = file.status === changeStatus.deleted;
  const from = renamedFrom(file);
  const affected = from ? [from, target] : [target];
  refuseUnsaved(affected, relative);
  await refuseLinks(change, affected, relative);
  const agentText = gone ? undefined : await change.repository.show(change.head, target.fsPath);
  const before: Contents = new Map();
  const after: Contents = new Map();
  for (const uri of affected) {
    before.set(uri.toString(), { uri, text: await currentText(uri) });
    after.set(uri.toString(), { uri, text: uri.toString() === target.toString() ? agentText : undefined });
  }
  const name = relative(target);
  await write(after, `the agent’s version of ${name}`);
  const undo = async (): Promise<void> => {
    await refuseLinks(change, affected, relative); // a link may have come since
    await write(before, `${name} as it was`);
  };
  return { uri: target, undo };
}
