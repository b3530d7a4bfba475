// The open page's visitors at a glance, for the default range; a click opens the panel. The item
// is made at activation; what it says (status-bar-update.ts) loads the first time a file of the
// open folders is the active editor's, as only such a file can be a page.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { visitorsStatusBar } from '../editor/config';
import type { ApiKeyStore } from '../editor/api-key-store';
import { loadOnce } from '../platform/load-once';
import { commandIds } from '../platform/manifest-ids';
import type { LazyVisitorsController } from './lazy-visitors-controller';
import type { RequestLedger } from './request-ledger';
import type { VisitorsService } from './visitors-service';

export function createVisitorsStatusBar(
  service: VisitorsService,
  ledger: RequestLedger,
  controller: Pick<LazyVisitorsController, 'onDidLoad'>,
  keys: ApiKeyStore,
  hostsChanged: vscode.Event<void>,
): vscode.Disposable {
  const item = vscode.window.createStatusBarItem('docsAgent.visitors', vscode.StatusBarAlignment.Right, 100);
  item.name = l10n.t('Docs Agent Visitors');
  item.command = commandIds.showVisitors;
  const updater = loadOnce(async () => (await import('./status-bar-update')).statusBarUpdater(item, { service, ledger, keys }));
  let loaded: (() => Promise<void>) | undefined;
  const update = async (): Promise<void> => {
    if (!loaded) {
      // Before it loads the item is hidden, as it stays for anything but a file of the open folders.
      const uri = vscode.window.activeTextEditor?.document.uri;
      if (!uri || !visitorsStatusBar() || !vscode.workspace.getWorkspaceFolder(uri)) return;
      loaded = await updater();
    }
    await loaded();
  };

  void update();
  return vscode.Disposable.from(
    item,
    vscode.window.onDidChangeActiveTextEditor(() => void update()),
    controller.onDidLoad(() => void update()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('docsAgent') && void update()),
    keys.onDidChange(() => void update()),
    hostsChanged(() => void update()),
  );
}
