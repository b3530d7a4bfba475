// A preview's build log as a read-only document (`docs-agent-build-log:` URIs), read from the
// shared store, so it is the same in every window and needs no request. The editor shows a
// virtual document as read-only; it updates while the build still runs.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { buildLogFileName } from './build-log-name';
import type { PreviewStore } from './preview-store';
import { previewFileName } from './preview-store';
import { elapsedText, previewKeyOf, statusWord, type TrackedPreview } from './tracked-preview';

export const buildLogScheme = 'docs-agent-build-log';

/** The log's address: the branch in the title, the record's file name to find it again. */
export function buildLogUri(key: string, preview: TrackedPreview): vscode.Uri {
  return vscode.Uri.from({ scheme: buildLogScheme, path: `/${buildLogFileName(preview.branch)}`, query: previewFileName(key) });
}

/** The extension's own lines (in the writer's language) above the build's log lines (outside text, as the service sent them). */
export function buildLogText(preview: TrackedPreview, now = Date.now()): string {
  const [status, took] = [statusWord(preview), elapsedText(preview, now)];
  const head = [
    l10n.t('Preview of branch {0} (project {1})', preview.branch, preview.projectId),
    preview.summary
      ? l10n.t({
          message: 'Status: {0} ({1}), {2}',
          args: [status, preview.summary, took],
          comment: ['{1} is the service’s summary; {2} how long the build took'],
        })
      : l10n.t({ message: 'Status: {0}, {1}', args: [status, took], comment: ['{1} is how long the build took: "2 min 5 s"'] }),
    l10n.t('Deployment: {0}', preview.statusId),
    '',
  ];
  return [...head, ...(preview.logs.length ? preview.logs : [l10n.t('(the service has sent no log lines yet)')])].join('\n') + '\n';
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
    return preview ? buildLogText(preview) : `${l10n.t('This preview is no longer followed on this machine.')}\n`;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
