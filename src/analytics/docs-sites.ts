// The docs sites of the open folders: each root (the folder holding docs.json or mint.json, or
// the one a folder's docsAgent.docsRoot names), its configuration and its pages. Read once and
// kept until a page or a configuration file changes.
import * as vscode from 'vscode';
import { docsRootSetting } from '../editor/config';
import { currentText } from '../editor/workspace-text';
import { readDocsConfig, type DocsConfig } from '../site/docs-config';
import { siteInventory, type SitePage } from '../site/inventory';
import { listedPages } from '../site/navigation';
import { RedirectMatcher, redirectsOf } from '../site/redirects';

export interface DocsSite {
  folder: vscode.WorkspaceFolder;
  root: vscode.Uri;
  config: DocsConfig | undefined;
  pages: SitePage[];
  redirects: RedirectMatcher;
}

const skipped = '**/{node_modules,.git}/**';
/** A workspace is searched for this many configuration files at most (monorepos hold a few sites). */
const maxRoots = 20;

async function rootsOf(folder: vscode.WorkspaceFolder): Promise<vscode.Uri[]> {
  const setting = docsRootSetting(folder.uri);
  if (setting) return [setting.startsWith('/') ? folder.uri.with({ path: setting }) : vscode.Uri.joinPath(folder.uri, setting)];
  const configs = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/{docs.json,mint.json}'), skipped, maxRoots);
  const roots = new Map<string, vscode.Uri>();
  for (const config of configs) {
    const root = vscode.Uri.joinPath(config, '..');
    roots.set(root.toString(), root);
  }
  return [...roots.values()];
}

async function readSite(folder: vscode.WorkspaceFolder, root: vscode.Uri): Promise<DocsSite> {
  const config = await readDocsConfig(root.path, (path) => currentText(root.with({ path })));
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(root, '**/*.{md,mdx,MD,MDX}'), skipped);
  const relative = files.map((file) => file.path.slice(root.path.replace(/\/$/, '').length + 1));
  const pages = siteInventory(relative, listedPages(config?.value.navigation));
  return { folder, root, config, pages, redirects: new RedirectMatcher(redirectsOf(config?.value.redirects)) };
}

export class DocsSites implements vscode.Disposable {
  private reading: Promise<DocsSite[]> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a page or configuration file changed, so the sites are read again on next ask. */
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,MD,MDX,json}');
    const stale = (uri?: vscode.Uri): void => {
      if (uri && /\/node_modules\//.test(uri.path)) return;
      this.reading = undefined;
      this.changed.fire();
    };
    this.listeners = [
      watcher,
      watcher.onDidCreate(stale),
      watcher.onDidDelete(stale),
      // A page's text does not change the inventory; a configuration's does.
      watcher.onDidChange((uri) => uri.path.endsWith('.json') && stale(uri)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => stale()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('docsAgent.docsRoot') && stale()),
    ];
  }

  /** Every site of the open folders. */
  sites(): Promise<DocsSite[]> {
    this.reading ??= (async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const perFolder = await Promise.all(folders.map(async (folder) => (await rootsOf(folder)).map((root) => ({ folder, root }))));
      return Promise.all(perFolder.flat().map(({ folder, root }) => readSite(folder, root)));
    })();
    return this.reading;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
