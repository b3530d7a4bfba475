// Explorer badges on docs pages: where each stands by visitors in the default range (a mark, or
// 0 for none), a colour of Docs Agent's own on the pages nobody read, and a tooltip with the
// numbers. From cached reports only.
import * as vscode from 'vscode';
import { visitorsExplorerBadges } from '../editor/config';
import { standingMark, standingOf, standingWords } from '../site/page-standing';
import { badgeTooltip } from './readers-text';
import { followReaders, type SiteReaders } from './site-readers';
import { settingNames } from '../platform/manifest-ids';

/** Its own colour (package.json's contributes.colors), never one of git's: only on pages that need the writer. */
const unreadColour = new vscode.ThemeColor('docsAgent.unreadPageForeground');

export class PageBadges implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeFileDecorations = this.changed.event;
  private readonly listeners: vscode.Disposable[];

  constructor(private readonly readers: SiteReaders) {
    this.listeners = [
      ...followReaders(readers, settingNames.visitorsExplorerBadges, () => this.changed.fire(undefined)),
      vscode.window.registerFileDecorationProvider(this),
    ];
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (!visitorsExplorerBadges()) return undefined;
    const found = this.readers.forFile(uri);
    if (!found) return undefined;
    const standing = standingOf(found.readers.rank, found.readers.of);
    // "No visitors · Last 30 days" says it all for an unread page.
    const tooltip = standing === 'unread' ? badgeTooltip(found) : `${standingWords(standing)} · ${badgeTooltip(found)}`;
    const decoration = new vscode.FileDecoration(standingMark[standing], tooltip, standing === 'unread' ? unreadColour : undefined);
    decoration.propagate = false;
    return decoration;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
