// The docs sites of the open folders: each root (the folder holding docs.json or mint.json, or
// the one a folder's docsAgent.docsRoot names), its configuration and its pages. Each site is
// read once and kept until a page file comes or goes inside its root, or a file it is built from
// changes; a file anywhere else re-reads nothing (site-staleness.ts decides).
import * as vscode from 'vscode';
import { docsRootSetting } from '../editor/config';
import { currentText } from '../editor/workspace-text';
import type { SiteModel } from '../site/site-model';
import { type SiteFileEvent, staleAfter } from '../site/site-staleness';

export interface DocsSite extends SiteModel {
  folder: vscode.WorkspaceFolder;
  root: vscode.Uri;
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
  const files = await vscode.workspace.findFiles(new vscode.RelativePattern(root, '**/*.{md,mdx,MD,MDX}'), skipped);
  const relative = files.map((file) => file.path.slice(root.path.replace(/\/$/, '').length + 1));
  // The site's parsers (JSONC, .mintignore rules, OpenAPI pages) load with the first site read, not at activation.
  const { readSiteModel } = await import('../site/site-model');
  const model = await readSiteModel(root.path, (file) => currentText(root.with({ path: file })), relative);
  return { folder, root, ...model };
}

interface Found {
  folder: vscode.WorkspaceFolder;
  root: vscode.Uri;
}

const rootPath = (root: vscode.Uri): string => root.path.replace(/\/$/, '');

export class DocsSites implements vscode.Disposable {
  /** The roots of the open folders, looked for once and again only when a root may have come or gone. */
  private discovery: Promise<Found[]> | undefined;
  /** The roots as last found (uri paths); undefined while none were found yet. */
  private roots: string[] | undefined;
  /** Each site's read, by folder and root: only a stale site is read again. */
  private readonly reads = new Map<string, { root: string; site: Promise<DocsSite> }>();
  /** The files each root's last read was built from (uri paths). */
  private readonly inputs = new Map<string, ReadonlySet<string>>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri | undefined>();
  /** Fires with what changed (undefined: the folders or settings) when some site is to be read again. */
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    const pageFiles = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,MD,MDX}', false, true, false);
    // A folder removed whole is one event for the folder, not one per page in it.
    const removed = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    const siteFiles = vscode.workspace.createFileSystemWatcher('**/{*.json,*.yaml,*.yml,.mintignore}');
    const on = (event: (uri: vscode.Uri) => SiteFileEvent) => (uri: vscode.Uri) => this.stale(event(uri), uri);
    const siteFile = (change: 'created' | 'changed' | 'deleted') => on((uri) => ({ kind: 'siteFile', path: uri.path, change }));
    this.listeners = [
      pageFiles,
      siteFiles,
      removed,
      removed.onDidDelete(on((uri) => ({ kind: 'removed', path: uri.path }))),
      // A page's text does not change the inventory; a page coming or going does.
      pageFiles.onDidCreate(on((uri) => ({ kind: 'page', path: uri.path }))),
      pageFiles.onDidDelete(on((uri) => ({ kind: 'page', path: uri.path }))),
      siteFiles.onDidCreate(siteFile('created')),
      siteFiles.onDidChange(siteFile('changed')),
      siteFiles.onDidDelete(siteFile('deleted')),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.restart()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('docsAgent.docsRoot') && this.restart()),
    ];
  }

  /** Drops the sites `event` makes stale (see site-staleness.ts), and says so when there are any. */
  private stale(event: SiteFileEvent, uri: vscode.Uri): void {
    if (!this.discovery && !this.roots) return; // nothing read since the start or a restart: the next read sees the file
    if (!this.roots) return this.restart(uri); // the first roots are being looked for: look again
    const known = this.roots.map((root) => ({ root, inputs: this.inputs.get(root) ?? new Set<string>() }));
    const { rediscover, roots } = staleAfter(event, known);
    if (!rediscover && !roots.length) return;
    if (rediscover) this.discovery = undefined;
    for (const [key, read] of this.reads) if (roots.includes(read.root)) this.reads.delete(key);
    this.changed.fire(uri);
  }

  /** Everything read again: the folders or the docsRoot setting changed. */
  private restart(uri?: vscode.Uri): void {
    this.discovery = undefined;
    this.roots = undefined;
    this.reads.clear();
    this.changed.fire(uri);
  }

  private discover(): Promise<Found[]> {
    const discovery = (async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const perFolder = await Promise.all(folders.map(async (folder) => (await rootsOf(folder)).map((root) => ({ folder, root }))));
      return perFolder.flat();
    })();
    this.discovery = discovery;
    void discovery.then(
      (found) => {
        if (this.discovery === discovery) this.roots = found.map((f) => rootPath(f.root));
      },
      () => {
        if (this.discovery === discovery) this.discovery = undefined; // the next call looks again
      },
    );
    return discovery;
  }

  private read({ folder, root }: Found): Promise<DocsSite> {
    const key = `${folder.uri.toString()}\n${root.toString()}`;
    const known = this.reads.get(key);
    if (known) return known.site;
    const site = readSite(folder, root);
    this.reads.set(key, { root: rootPath(root), site });
    void site.then(
      (read) => this.inputs.set(rootPath(root), new Set(read.watched)),
      () => this.reads.get(key)?.site === site && this.reads.delete(key),
    );
    return site;
  }

  /** Every site of the open folders. */
  async sites(): Promise<DocsSite[]> {
    const found = await (this.discovery ?? this.discover());
    const keys = new Set(found.map((f) => `${f.folder.uri.toString()}\n${f.root.toString()}`));
    for (const key of this.reads.keys()) if (!keys.has(key)) this.reads.delete(key);
    return Promise.all(found.map((f) => this.read(f)));
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
