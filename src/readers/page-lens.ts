// A CodeLens on a docs page's first line with its readers at a glance ("368 visitors · rank 2
// of 12 · 24% AI · Last 30 days") and, once read, what they said ("👍 41 · 👎 9 · 3 comments");
// clicking opens the visitors panel. From cached reports only.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { visitorsCodeLens } from '../editor/config';
import { commandIds, settingNames } from '../platform/manifest-ids';
import { feedbackLensTitle, lensTitle } from './readers-text';
import { followReaders, type SiteReaders } from './site-readers';

export class PageLens implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly readers: SiteReaders) {
    this.listeners = [
      ...followReaders(readers, settingNames.visitorsCodeLens, () => this.changed.fire()),
      vscode.languages.registerCodeLensProvider([{ pattern: '**/*.{md,mdx,MD,MDX}' }], this),
    ];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!visitorsCodeLens()) return [];
    const found = this.readers.forFile(document.uri);
    if (!found) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const said = feedbackLensTitle(found.signals);
    return [
      new vscode.CodeLens(top, {
        title: lensTitle(found),
        tooltip: l10n.t('Show this page’s visitors'),
        command: commandIds.showVisitors,
        arguments: [document.uri],
      }),
      ...(said
        ? [
            new vscode.CodeLens(top, {
              title: said,
              tooltip: l10n.t('What readers said · {0}', found.range),
              command: commandIds.showVisitors,
              arguments: [document.uri],
            }),
          ]
        : []),
    ];
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
