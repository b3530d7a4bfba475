// Add Redirect, for a path readers reach that no page serves: the writer picks the page it
// should lead to (the closest by name first) and the redirect goes where the site keeps its
// redirects, as one undoable edit that keeps the file's formatting and comments. Refused, in a
// sentence, when that file is out of the docs folder or holds no list to add to, and when the
// path holds characters the site would read as a pattern (`/guides/*` would catch every guide).
import * as l10n from '@vscode/l10n';
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { addRedirectEdits, closestPages } from '../site/redirect-edit';
import { redirectSourceFor } from '../site/redirect-source';
import { type RealPath, redirectsListIn, redirectsTarget } from '../site/redirects-target';
import type { PathRow } from '../visitors/protocol';
import type { SiteReport } from './site-readers';
import { pickOne, showErrorText, showInfo } from '../editor/say';

export interface AddedRedirect {
  file: vscode.Uri;
  source: string;
  destination: string;
}

/**
 * Links followed on disk. Docs Agent runs where the files are, so its folders are `file:`
 * ones; a virtual file system's paths are taken as they are.
 */
function realPathIn(root: vscode.Uri): RealPath {
  if (root.scheme !== 'file') return (file) => Promise.resolve(file);
  return async (file) => vscode.Uri.file(await realpath(root.with({ path: file }).fsPath)).path;
}

/** Shows `problem`; with `open`, a button that opens the file to fix it. */
function refuse(problem: string, open?: vscode.Uri): undefined {
  const label = open
    ? l10n.t({ message: 'Open {0}', args: [path.posix.basename(open.path)], comment: ['Button: opens the file named {0}, to fix it'] })
    : undefined;
  void Promise.resolve(showErrorText(problem, ...(label ? [label] : []))).then(
    (picked) => (open && picked === label ? vscode.window.showTextDocument(open) : undefined),
    () => undefined,
  );
  return undefined;
}

/** The file new redirects go to, opened, with the JSON path of the list in it; undefined once the writer is told why not. */
async function redirectsDocument(
  report: SiteReport,
): Promise<{ file: vscode.Uri; document: vscode.TextDocument; at: (string | number)[] } | undefined> {
  const { root, config } = report.site;
  if (!config) return refuse(l10n.t('No docs.json or mint.json in {0} to add a redirect to.', vscode.workspace.asRelativePath(root)));
  const target = await redirectsTarget(config, root.path, realPathIn(root));
  if ('problem' in target) return refuse(target.problem);
  const file = root.with({ path: target.file });
  let document: vscode.TextDocument;
  try {
    document = await vscode.workspace.openTextDocument(file);
  } catch {
    return refuse(l10n.t('{0}, where this site keeps its redirects, cannot be opened.', path.posix.basename(file.path)));
  }
  // Asked before the writer picks a page, so nobody picks one for nothing.
  const list = redirectsListIn(document.getText(), target.path, path.posix.basename(file.path));
  return 'problem' in list ? refuse(list.problem, file) : { file, document, at: target.path };
}

export async function addRedirect(report: SiteReport, row: PathRow): Promise<AddedRedirect | undefined> {
  const target = await redirectsDocument(report);
  if (!target) return undefined;
  const { file, document, at } = target;
  const name = path.posix.basename(file.path);
  const source = redirectSourceFor(row.path, name);
  if ('problem' in source) return refuse(source.problem, file);
  const pages = closestPages(
    row.path,
    report.site.pages.filter((p) => p.file !== undefined),
  );
  const picked = await pickOne(
    pages.map((page) => ({ label: page.pagePath, description: page.file, page })),
    {
      title: l10n.t('Redirect {0} to…', row.path),
      placeHolder: l10n.t('The pages closest by name come first'),
      matchOnDescription: true,
    },
  );
  if (!picked) return undefined;
  const redirect = { source: source.source, destination: picked.page.pagePath };
  // The text as it is now: the writer may have edited it while picking.
  const added = addRedirectEdits(document.getText(), at, redirect, name);
  if ('problem' in added) return refuse(added.problem, file);
  const edit = new vscode.WorkspaceEdit();
  for (const change of added.edits) {
    const range = new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length));
    edit.replace(file, range, change.content);
  }
  if (!(await vscode.workspace.applyEdit(edit)) || !(await document.save())) {
    return refuse(l10n.t('Could not add the redirect to {0}; it is as it was, or unsaved in the editor.', name));
  }
  const openFile = l10n.t('Open File');
  void showInfo(l10n.t('Added a redirect from {0} to {1} in {2}.', redirect.source, redirect.destination, name), openFile).then((open) => {
    if (open === openFile) void vscode.window.showTextDocument(document);
  });
  return { file, ...redirect };
}
