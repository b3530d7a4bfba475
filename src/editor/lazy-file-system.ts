// A file system registered at activation (the editor asks it for a restored tab's file at once)
// whose code loads with its first use: every call waits for the provider `load` gives, and its
// change events are passed on.
import * as vscode from 'vscode';
import { loadOnce } from '../platform/load-once';

export class LazyFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private relay: vscode.Disposable | undefined;
  private readonly provider: () => Promise<vscode.FileSystemProvider>;

  constructor(load: () => Promise<vscode.FileSystemProvider>) {
    this.provider = loadOnce(async () => {
      const provider = await load();
      this.relay ??= provider.onDidChangeFile((events) => this.changed.fire(events));
      return provider;
    });
  }

  watch(uri: vscode.Uri, options: Parameters<vscode.FileSystemProvider['watch']>[1]): vscode.Disposable {
    let watching: vscode.Disposable | undefined;
    let stopped = false;
    void this.provider().then((provider) => {
      if (!stopped) watching = provider.watch(uri, options);
    });
    return new vscode.Disposable(() => {
      stopped = true;
      watching?.dispose();
    });
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return (await this.provider()).stat(uri);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    return (await this.provider()).readDirectory(uri);
  }

  async createDirectory(uri: vscode.Uri): Promise<void> {
    return (await this.provider()).createDirectory(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.provider()).readFile(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array, options: { create: boolean; overwrite: boolean }): Promise<void> {
    return (await this.provider()).writeFile(uri, content, options);
  }

  async delete(uri: vscode.Uri, options: { recursive: boolean }): Promise<void> {
    return (await this.provider()).delete(uri, options);
  }

  async rename(oldUri: vscode.Uri, newUri: vscode.Uri, options: { overwrite: boolean }): Promise<void> {
    return (await this.provider()).rename(oldUri, newUri, options);
  }

  dispose(): void {
    this.relay?.dispose();
    this.changed.dispose();
  }
}
