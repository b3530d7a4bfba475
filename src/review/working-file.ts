// The writer's file as the editor reads it, for taking the agent's change hunk by hunk: an open
// document's text (unsaved edits included; the editor has made its line breaks one kind), else
// the file's bytes in its encoding, every line break kept as it is. Written back the same way: an
// open document through one workspace edit (so Undo takes it back), saved when it had no unsaved
// edits; a closed file as its bytes, changed only where the edit is.
import * as vscode from 'vscode';
import { decodePage, encodePage, encodingOf, type PageEncoding } from '../platform/page-encoding';
import { textEdit, type LineEdit } from './page-lines';

export interface WorkingFile {
  uri: vscode.Uri;
  text: string;
  /** The document, when the editor holds the file open. */
  document?: vscode.TextDocument;
  /** How a closed file's bytes read, to write them back alike. */
  encoding?: PageEncoding;
}

/** The file as the writer sees it, or undefined when there is none. */
export async function readWorkingFile(uri: vscode.Uri): Promise<WorkingFile | undefined> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (document) return { uri, text: document.getText(), document };
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(uri);
  } catch {
    return undefined;
  }
  const encoding = encodingOf(bytes, vscode.workspace.getConfiguration('files', uri).get<string>('encoding'));
  return { uri, text: await decodePage(bytes, encoding), encoding };
}

/**
 * Makes `edit` in the file as it was read. Returns the document to save after the workspace edit
 * is applied (one that had no unsaved edits), or undefined when nothing is left to do.
 */
export async function editWorkingFile(
  file: WorkingFile,
  edit: LineEdit,
  workspaceEdit: vscode.WorkspaceEdit,
): Promise<vscode.TextDocument | undefined> {
  const { document } = file;
  if (document) {
    const change = textEdit(document.getText(), edit, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n');
    workspaceEdit.replace(file.uri, new vscode.Range(document.positionAt(change.start), document.positionAt(change.end)), change.text);
    return document.isDirty ? undefined : document;
  }
  const change = textEdit(file.text, edit);
  const text = file.text.slice(0, change.start) + change.text + file.text.slice(change.end);
  await vscode.workspace.fs.writeFile(file.uri, await encodePage(text, file.encoding ?? { name: 'utf8', bom: false }));
  return undefined;
}
