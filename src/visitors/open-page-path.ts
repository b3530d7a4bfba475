// Opens the file that serves a path the panel shows, when the docs folder has one; says why
// not otherwise (no such file, or one outside the docs folder, which never opens from here).
import * as vscode from 'vscode';
import { fileForPage } from './page-resolver';
import { showInfo, showWarning } from '../editor/say';

export async function openPagePath(root: vscode.Uri | undefined, pagePath: string): Promise<void> {
  const found = root && (await fileForPage(root, pagePath));
  if (!found) {
    void showInfo(`No file in the docs folder serves ${pagePath}.`);
    return;
  }
  if ('refused' in found) {
    void showWarning(`The path ${pagePath} is not opened: ${found.refused}. Only files inside the docs folder open from the panel.`);
    return;
  }
  await vscode.window.showTextDocument(found.uri, { viewColumn: vscode.ViewColumn.One, preview: true });
}
