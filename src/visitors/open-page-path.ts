// Opens the file that serves a path the panel shows, when the docs folder has one; says why
// not otherwise (no such file, or one outside the docs folder, which never opens from here).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { fileForPage } from './page-resolver';
import { showInfo, showWarning } from '../editor/say';

export async function openPagePath(root: vscode.Uri | undefined, pagePath: string): Promise<void> {
  const found = root && (await fileForPage(root, pagePath));
  if (!found) {
    void showInfo(l10n.t('No file in the docs folder serves {0}.', pagePath));
    return;
  }
  if ('refused' in found) {
    void showWarning(
      l10n.t('The path {0} is not opened: {1}. Only files inside the docs folder open from the panel.', pagePath, found.refused),
    );
    return;
  }
  await vscode.window.showTextDocument(found.uri, { viewColumn: vscode.ViewColumn.One, preview: true });
}
