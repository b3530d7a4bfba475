// Page titles for the Pages view, read from each file's frontmatter when a row first asks for
// one (a site of thousands of pages reads only the rows a writer opens), kept, and read again
// when the file is saved. Reads are batched: one change event per batch redraws the rows.
import * as vscode from 'vscode';
import { frontmatterTitle } from '../site/frontmatter-title';

/** Frontmatter sits at the top: this much of a file is enough. */
const headBytes = 4096;

export class PageTitles implements vscode.Disposable {
  /** By URI: the title, or null for a file without one. */
  private readonly known = new Map<string, string | null>();
  private readonly waiting = new Map<string, vscode.Uri>();
  private readonly inFlight = new Set<string>();
  private reading: Promise<void> | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor() {
    this.listeners = [
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (this.known.delete(document.uri.toString())) this.ask(document.uri);
      }),
    ];
  }

  /** The file's title when it was read; else undefined now, and a change event once it is. */
  title(uri: vscode.Uri): string | undefined {
    const title = this.known.get(uri.toString());
    if (title === undefined) this.ask(uri);
    return title ?? undefined;
  }

  private ask(uri: vscode.Uri): void {
    const key = uri.toString();
    if (this.inFlight.has(key)) return;
    this.waiting.set(key, uri);
    this.reading ??= Promise.resolve().then(() => this.readWaiting());
  }

  private async readWaiting(): Promise<void> {
    const batch = [...this.waiting.values()];
    this.waiting.clear();
    for (const uri of batch) this.inFlight.add(uri.toString());
    await Promise.all(
      batch.map(async (uri) => {
        let title: string | undefined;
        try {
          const bytes = await vscode.workspace.fs.readFile(uri);
          title = frontmatterTitle(new TextDecoder().decode(bytes.subarray(0, headBytes)));
        } catch {
          // Gone since the site was read: the row keeps its path.
        }
        this.known.set(uri.toString(), title ?? null);
        this.inFlight.delete(uri.toString());
      }),
    );
    this.reading = undefined;
    if (this.waiting.size) this.reading = Promise.resolve().then(() => this.readWaiting());
    this.changed.fire();
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
