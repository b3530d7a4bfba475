// A preview's build log as a read-only document (`docs-agent-build-log:` URIs), read from the
// shared store, so it is the same in every window and needs no request. The editor shows a
// virtual document as read-only; it updates while the build still runs.
import * as vscode from 'vscode';
import type { PreviewStore } from './preview-store';
import { previewFileName } from './preview-store';
import { elapsedText, previewKeyOf, statusWord, type TrackedPreview } from './tracked-preview';

export const buildLogScheme = 'docs-agent-build-log';

/** The log's address: the branch in the title, the record's file name to find it again. */
export function buildLogUri(key: string, preview: TrackedPreview): vscode.Uri {
  const name = `${preview.branch.replace(/[^\w.-]+/g, '-')} build log.log`;
  return vscode.Uri.from({ scheme: buildLogScheme, path: `/${name}`, query: previewFileName(key) });
}

export function buildLogText(preview: TrackedPreview, now = Date.now()): string {
  const head = [
    `Preview of branch ${preview.branch} (project ${preview.projectId})`,
    `Status: ${statusWord(preview)}${preview.summary ? ` (${preview.summary})` : ''}, ${elapsedText(preview, now)}`,
    `Deployment: ${preview.statusId}`,
    '',
  ];
  return [...head, ...(preview.logs.length ? preview.logs : ['(the service has sent no log lines yet)'])].join('\n') + '\n';
}

export class BuildLogProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(private readonly store: PreviewStore) {
    // Documents still building follow the store.
    this.listener = store.onDidChange(() => {
      for (const document of vscode.workspace.textDocuments) {
        if (document.uri.scheme === buildLogScheme) this.changed.fire(document.uri);
      }
    });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const preview = this.store.all().find((p) => previewFileName(previewKeyOf(p)) === uri.query);
    return preview ? buildLogText(preview) : 'This preview is no longer followed on this machine.\n';
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
