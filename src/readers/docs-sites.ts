// The docs sites of the open folders: each root (the folder holding docs.json or mint.json, or
// the one a folder's docsAgent.docsRoot names), its configuration and its pages. Read once and
// kept until a page file comes or goes, or a file the site is built from changes.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { docsRootSetting } from '../editor/config';
import { currentText } from '../editor/workspace-text';
import { docsConfigFiles } from '../site/docs-config';
import { mintignoreFile } from '../site/mintignore';
import { readSiteModel, type SiteModel } from '../site/site-model';

export interface DocsSite extends SiteModel {
  folder: vscode.WorkspaceFolder;
  root: vscode.Uri;
}

const skipped = '**/{node_modules,.git}/**';
/** A workspace is searched for this many configuration files at most (monorepos hold a few sites). */
const maxRoots = 20;
/** Names that make or change a site wherever they appear. */
const siteFileNames = new Set<string>([...docsConfigFiles, mintignoreFile]);

/** Whether removing `removed` takes a site's root with it, or a folder inside one (which may hold pages). */
function holdsSiteContent(removed: string, roots: readonly string[]): boolean {
  return roots.some((root) => `${root}/`.startsWith(`${removed}/`) || (removed.startsWith(`${root}/`) && !path.posix.extname(removed)));
}

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
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(root, '**/*.{md,mdx,MD,MDX}'), skipped);
  const relative = files.map((file) => file.path.slice(root.path.replace(/\/$/, '').length + 1));
  const model = await readSiteModel(root.path, (file) => currentText(root.with({ path: file })), relative);
  return { folder, root, ...model };
}

export class DocsSites implements vscode.Disposable {
  private reading: Promise<DocsSite[]> | undefined;
  /** The files the sites read were built from (uri paths): a change to any other JSON is not the site's. */
  private inputs = new Set<string>();
  /** The sites' roots (uri paths), to notice a folder holding one, or pages, removed whole. */
  private roots: string[] = [];
  private readonly changed = new vscode.EventEmitter<vscode.Uri | undefined>();
  /** Fires with what changed (undefined: the folders or settings) when the sites are to be read again. */
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    const pageFiles = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,MD,MDX}', false, true, false);
    // A folder removed whole is one event for the folder, not one per page in it.
    const removed = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    const siteFiles = vscode.workspace.createFileSystemWatcher('**/{*.json,*.yaml,*.yml,.mintignore}');
    const stale = (uri?: vscode.Uri): void => {
      if (uri && /\/(node_modules|\.git)\//.test(uri.path)) return;
      this.reading = undefined;
      this.changed.fire(uri);
    };
    // A monorepo's build writes JSON all day: only a file the site is made of makes it stale.
    const siteInput = (uri: vscode.Uri): void => {
      if (siteFileNames.has(path.posix.basename(uri.path)) || this.inputs.has(uri.path)) stale(uri);
    };
    const folderGone = (uri: vscode.Uri): void => {
      if (holdsSiteContent(uri.path, this.roots)) stale(uri);
    };
    this.listeners = [
      pageFiles,
      siteFiles,
      removed,
      removed.onDidDelete(folderGone),
      // A page's text does not change the inventory; a page coming or going does.
      pageFiles.onDidCreate(stale),
      pageFiles.onDidDelete(stale),
      siteFiles.onDidCreate(siteInput),
      siteFiles.onDidChange(siteInput),
      siteFiles.onDidDelete(siteInput),
      vscode.workspace.onDidChangeWorkspaceFolders(() => stale()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('docsAgent.docsRoot') && stale()),
    ];
  }

  /** Every site of the open folders. */
  sites(): Promise<DocsSite[]> {
    this.reading ??= (async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const perFolder = await Promise.all(folders.map(async (folder) => (await rootsOf(folder)).map((root) => ({ folder, root }))));
      const sites = await Promise.all(perFolder.flat().map(({ folder, root }) => readSite(folder, root)));
      this.inputs = new Set(sites.flatMap((site) => site.watched));
      this.roots = sites.map((site) => site.root.path.replace(/\/$/, ''));
      return sites;
    })();
    return this.reading;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
