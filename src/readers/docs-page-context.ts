// Tells the editor which files are pages the docs site serves, so Docs Agent's menu entries and
// title-bar buttons show on those pages and nowhere else: not on a README beside the docs root,
// a snippet, a hidden or ignored file, or Markdown in a repository without a docs site. Until the
// sites are first read (the seconds after a window opens), the menus fall back to any .md/.mdx
// file (package.json's `!docsAgent.docsPages` clause), so an early right-click finds them.
import * as vscode from 'vscode';
import type { DocsSites } from './docs-sites';
import { contextKeys } from '../platform/manifest-ids';

/** `resourcePath` is a file's fsPath in a local window and its URI path in a remote one: both are keys. */
function pathsOf(file: vscode.Uri): string[] {
  return file.scheme === 'file' ? [file.fsPath, file.path] : [file.path];
}

export class DocsPageContext implements vscode.Disposable {
  private readonly listener: vscode.Disposable;
  private generation = 0;

  constructor(private readonly sites: Pick<DocsSites, 'sites' | 'onDidChange'>) {
    this.listener = sites.onDidChange(() => void this.update());
    void this.update();
  }

  /** Publishes the served pages' paths; a newer update started meanwhile wins. */
  async update(): Promise<void> {
    const mine = ++this.generation;
    const served: Record<string, true> = {};
    for (const site of await this.sites.sites().catch(() => [])) {
      for (const page of site.pages) {
        if (page.file === undefined) continue;
        for (const path of pathsOf(vscode.Uri.joinPath(site.root, page.file))) served[path] = true;
      }
    }
    if (mine !== this.generation) return;
    await vscode.commands.executeCommand('setContext', contextKeys.docsPages, served);
  }

  dispose(): void {
    this.listener.dispose();
  }
}
