// A workspace cannot choose where the API key goes. The base URL is a user setting; a value in
// a workspace's own settings file is ignored, with one warning per file and value on the whole
// machine, unless the user confirmed that host once (remembered in their user settings).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { confirmedBaseUrlHosts, defaultBaseUrl, userBaseUrl, type WorkspaceBaseUrls } from './config';
import type { Claims } from '../platform/machine/claims';
import { isConfirmedHost, keyMayGoTo, originOf } from './workspace-base-url';
import { showWarning } from './say';

interface Found {
  /** The folder whose `.vscode/settings.json` names it; undefined for the `.code-workspace` file. */
  folder: string | undefined;
  file: vscode.Uri;
  value: string;
}

async function readBaseUrl(file: vscode.Uri, workspaceFile: boolean): Promise<string | undefined> {
  try {
    // A local file is read straight from disk: at startup the editor's file service may not be
    // ready yet, and a failed read here would mean no warning until the file changes.
    const bytes = file.scheme === 'file' ? await readFile(file.fsPath) : await vscode.workspace.fs.readFile(file);
    const { baseUrlInSettings } = await import('./settings-base-url');
    return baseUrlInSettings(new TextDecoder().decode(bytes), workspaceFile);
  } catch {
    return undefined; // no such file: nothing named
  }
}

export class BaseUrlGuard implements WorkspaceBaseUrls, vscode.Disposable {
  private found: Found[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** A workspace's base URL appeared, changed or went (a confirmed host arrives as a setting change). */
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];
  private scanning: Promise<void> = Promise.resolve();

  constructor(
    private readonly warnings: Claims,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json');
    const rescan = (): void => void this.scan();
    this.listeners = [
      watcher,
      watcher.onDidCreate(rescan),
      watcher.onDidChange(rescan),
      watcher.onDidDelete(rescan),
      vscode.workspace.onDidChangeWorkspaceFolders(rescan),
      // A .code-workspace file's settings (a confirmed host reaches listeners as a setting change);
      // without one, the watcher above sees every file that can name a base URL.
      vscode.workspace.onDidChangeConfiguration(() => vscode.workspace.workspaceFile && rescan()),
      this.changed,
    ];
    rescan();
  }

  /** The workspace's base URL for a file or folder, when the user confirmed its host and trusts the workspace. */
  confirmedFor(scope: vscode.Uri | undefined): string | undefined {
    const folder = scope && vscode.workspace.getWorkspaceFolder(scope)?.uri.toString();
    const found = this.found.find((f) => folder !== undefined && f.folder === folder) ?? this.found.find((f) => f.folder === undefined);
    return found && this.isConfirmed(found.value) ? found.value : undefined;
  }

  /** Whether the API key may go to this base URL: the user's own, the platform's, or a host they confirmed. */
  isAllowed(baseUrl: string): boolean {
    return keyMayGoTo(baseUrl, {
      userBaseUrl: userBaseUrl(),
      defaultBaseUrl,
      confirmedHosts: confirmedBaseUrlHosts(),
      trusted: vscode.workspace.isTrusted,
    });
  }

  private isConfirmed(baseUrl: string): boolean {
    return isConfirmedHost(baseUrl, { confirmedHosts: confirmedBaseUrlHosts(), trusted: vscode.workspace.isTrusted });
  }

  private scan(): Promise<void> {
    this.scanning = this.scanning.then(async () => {
      const found: Found[] = [];
      const workspaceFile = vscode.workspace.workspaceFile;
      if (workspaceFile && workspaceFile.scheme !== 'untitled') {
        const value = await readBaseUrl(workspaceFile, true);
        if (value !== undefined) found.push({ folder: undefined, file: workspaceFile, value });
      }
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        const file = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
        const value = await readBaseUrl(file, false);
        if (value !== undefined) found.push({ folder: folder.uri.toString(), file, value });
      }
      const summary = (list: Found[]): string => JSON.stringify(list.map((f) => [f.file.toString(), f.value]));
      const before = summary(this.found);
      this.found = found;
      if (summary(found) !== before) this.changed.fire();
      // Not awaited: a warning waits for the user, the next scan must not.
      for (const f of found) this.warnOnce(f).catch((error: unknown) => this.log.error(`The base URL warning failed: ${String(error)}`));
    });
    return this.scanning;
  }

  /** Tells the user, once per file and value on the machine, that a workspace's base URL is ignored. */
  private async warnOnce(found: Found): Promise<void> {
    if (found.value === userBaseUrl() || this.isConfirmed(found.value)) return;
    const id = createHash('sha256').update(`${found.file.toString()}\n${found.value}`).digest('hex').slice(0, 24);
    // An unwritable claim folder warns anyway: better twice than never.
    if (!(await this.warnings.claim(`base-url-${id}`).catch(() => true))) return;
    const file = vscode.workspace.asRelativePath(found.file, true);
    const host = originOf(found.value);
    this.log.warn(`${file} names ${host ?? 'a base URL'} as the service; ignored (the base URL is a user setting).`);
    const useIt = host
      ? l10n.t({ message: 'Use {0}…', args: [host], comment: ['Button: {0} is a web address (https://host)'] })
      : undefined;
    const openFile = l10n.t('Open File');
    const picked = await showWarning(
      l10n.t(
        'Docs Agent ignores the base URL in {0} ({1}): your API key goes only to the service in your user settings ({2}).',
        file,
        host ?? found.value,
        originOf(userBaseUrl()) ?? userBaseUrl(),
      ),
      ...(useIt ? [useIt] : []),
      openFile,
    );
    if (picked === openFile) await vscode.window.showTextDocument(found.file);
    else if (picked !== undefined && picked === useIt && host) await (await import('./confirm-key-host')).confirmKeyHost(host, { file });
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
  }
}
