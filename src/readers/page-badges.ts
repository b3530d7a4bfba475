// Explorer badges on docs pages: their visitors in the default range as two characters, a
// theme colour by rank, and a tooltip with the numbers. From cached reports only.
import * as vscode from 'vscode';
import { visitorsExplorerBadges } from '../editor/config';
import { badgeText } from '../site/badge-text';
import type { PageReaders } from './page-readers';
import { badgeTooltip } from './readers-text';
import { followReaders, type SiteReaders } from './site-readers';
import { settingNames } from '../platform/manifest-ids';

/** Theme colours by standing: the most read tenth, the top half, and pages nobody read. */
function colourOf(readers: PageReaders): vscode.ThemeColor | undefined {
  if (readers.rank === undefined) return new vscode.ThemeColor('charts.red');
  if (readers.rank <= Math.max(1, Math.ceil(readers.of / 10))) return new vscode.ThemeColor('charts.green');
  if (readers.rank <= readers.of / 2) return new vscode.ThemeColor('charts.blue');
  return undefined;
}

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
    const decoration = new vscode.FileDecoration(badgeText(found.readers.total), badgeTooltip(found), colourOf(found.readers));
    decoration.propagate = false;
    return decoration;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    this.changed.dispose();
  }
}
