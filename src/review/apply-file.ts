// Apply File: the agent's version of one file of its change, written into the working tree
// as one workspace edit (so the editor's undo takes it back), for the writer who wants one
// page of the change and not the rest. Nothing else in the working tree is touched.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { currentText } from '../editor/workspace-text';
import { changedFileOf } from './changed-file';
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

/** The old name of a renamed file (the Git extension fills `renameUri` for every entry, renamed or not). */
export function renamedFrom(file: GitChange): vscode.Uri | undefined {
  const renamed = file.status === changeStatus.renamed && changedFileOf(file).toString() !== file.originalUri.toString();
  return renamed ? file.originalUri : undefined;
}

/** How a quick pick describes what the agent did to a file. */
export function changeKind(file: GitChange, relative: (uri: vscode.Uri) => string): string {
  if (file.status === changeStatus.added)
    return l10n.t({ message: 'added', args: [], comment: ['What the agent did to a file: it created it'] });
  if (file.status === changeStatus.deleted) return l10n.t({ message: 'deleted', args: [], comment: ['What the agent did to a file'] });
  const from = renamedFrom(file);
  if (from) return l10n.t('renamed from {0}', relative(from));
  return l10n.t({ message: 'edited', args: [], comment: ['What the agent did to a file: it changed its text'] });
}

/** What a failed write says: the editor refused the edit, or a file it changed could not be saved. */
interface WriteFailures {
  notAccepted: string;
  notSaved: string;
}

/** Writes every file's wanted contents as one edit, then saves, so git sees exactly these files change. */
async function write(contents: Contents, failures: WriteFailures): Promise<void> {
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
    throw new ReviewError(failures.notAccepted);
  }
  for (const document of toSave) {
    if (!(await document.save())) throw new ReviewError(failures.notSaved);
  }
}

function refuseUnsaved(uris: readonly vscode.Uri[], relative: (uri: vscode.Uri) => string): void {
  const unsaved = vscode.workspace.textDocuments.find((d) => d.isDirty && uris.some((u) => u.toString() === d.uri.toString()));
  if (unsaved) throw new ReviewError(l10n.t('{0} has unsaved edits. Save or revert them, then apply the file.', relative(unsaved.uri)));
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
  await write(after, {
    notAccepted: l10n.t('The editor did not accept the edit (the agent’s version of {0}); nothing was changed.', name),
    notSaved: l10n.t('the agent’s version of {0} is in the editor but could not be saved; save it by hand.', name),
  });
  const undo = async (): Promise<void> => {
    await refuseLinks(change, affected, relative); // a link may have come since
    await write(before, {
      notAccepted: l10n.t('The editor did not accept the edit ({0} as it was); nothing was changed.', name),
      notSaved: l10n.t('{0} as it was is in the editor but could not be saved; save it by hand.', name),
    });
  };
  return { uri: target, undo };
}
