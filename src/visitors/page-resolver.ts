// Finds the docs page of a file in the workspace: the pure mapping in page-path.ts, fed with
// the workspace's file system and the per-folder docs root setting.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { docsRootSetting } from '../editor/config';
import { currentText, exists } from '../editor/workspace-text';
import { fileForPagePath } from './page-file';
import { pageForFile } from './page-path';

export interface ResolvedPage {
  /** Workspace-relative name, for display. */
  file: string;
  pagePath: string | null;
  reason?: string;
  /** The docs root folder, to find a page's file again. */
  root?: vscode.Uri;
}

export async function resolvePage(uri: vscode.Uri): Promise<ResolvedPage> {
  const file = vscode.workspace.asRelativePath(uri, false);
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const override = docsRootSetting(uri);
  const rootOverride = override && folder ? path.posix.resolve(folder.uri.path, override) : undefined;
  const result = await pageForFile(uri.path, {
    ...(folder ? { workspaceFolder: folder.uri.path } : {}),
    ...(rootOverride ? { rootOverride } : {}),
    exists: (p) => exists(uri.with({ path: p })),
    readText: (p) => currentText(uri.with({ path: p })),
  });
  if (result.kind === 'notPage') return { file, pagePath: null, reason: result.reason };
  return { file, pagePath: result.pagePath, root: uri.with({ path: result.root }) };
}

/** The file that serves a page path under a docs root (never outside it), if there is one. */
export async function fileForPage(root: vscode.Uri, pagePath: string): Promise<{ uri: vscode.Uri } | { refused: string } | undefined> {
  if (root.scheme !== 'file') return undefined;
  const found = await fileForPagePath(root.fsPath, pagePath);
  if (!found || 'refused' in found) return found;
  return { uri: vscode.Uri.file(found.file) };
}
