// Add Redirect, for a path readers reach that no page serves: the writer picks the page it
// should lead to (the closest by name first) and the redirect goes where the site keeps its
// redirects, as one undoable edit that keeps the file's formatting and comments.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { addRedirectEdits, closestPages } from '../site/redirect-edit';
import type { PathRow } from './protocol';
import type { SiteReport } from './site-readers';

export interface AddedRedirect {
  file: vscode.Uri;
  source: string;
  destination: string;
}

export async function addRedirect(report: SiteReport, row: PathRow): Promise<AddedRedirect | undefined> {
  const config = report.site.config;
  if (!config) {
    void vscode.window.showErrorMessage(
      `No docs.json or mint.json in ${vscode.workspace.asRelativePath(report.site.root)} to add a redirect to.`,
    );
    return undefined;
  }
  const place = config.redirectsAt;
  if (!place) {
    const why = 'This site keeps its redirects in a file outside its docs folder (by a $ref), and Docs Agent does not write there.';
    void vscode.window.showErrorMessage(`${why} Add the redirect by hand.`);
    return undefined;
  }
  const pages = closestPages(
    row.path,
    report.site.pages.filter((p) => p.file !== undefined),
  );
  const picked = await vscode.window.showQuickPick(
    pages.map((page) => ({ label: page.pagePath, description: page.file, page })),
    { title: `Redirect ${row.path} to…`, placeHolder: 'The pages closest by name come first', matchOnDescription: true },
  );
  if (!picked) return undefined;
  const file = report.site.root.with({ path: place.file });
  const name = path.posix.basename(file.path);
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(file);
  } catch {
    void vscode.window.showErrorMessage(`${name}, where this site keeps its redirects, cannot be opened.`);
    return undefined;
  }
  const redirect = { source: row.path, destination: picked.page.pagePath };
  const edit = new vscode.WorkspaceEdit();
  for (const change of addRedirectEdits(document.getText(), place.path, redirect)) {
    const range = new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length));
    edit.replace(file, range, change.content);
  }
  if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) {
    void vscode.window.showErrorMessage(`Could not add the redirect to ${name}; it is as it was, or unsaved in the editor.`);
    return undefined;
  }
  void vscode.window
    .showInformationMessage(`Added a redirect from ${row.path} to ${redirect.destination} in ${name}.`, 'Open File')
    .then((open) => {
      if (open) void vscode.window.showTextDocument(document);
    });
  return { file, ...redirect };
}
