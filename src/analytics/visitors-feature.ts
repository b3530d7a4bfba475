// Builds the visitors feature: cache, request ledger, service, panel controller, status bar.
import { join } from 'node:path';
import * as vscode from 'vscode';
import { systemClock } from '../platform/clock';
import { settingId, settingNames } from '../platform/manifest-ids';
import type { ApiKeyStore } from '../editor/api-key-store';
import type { ClientProvider } from '../editor/client-provider';
import { storageFolder } from '../editor/storage-folder';
import { machineReadAlone } from '../platform/machine/read-alone';
import { SharedMemento } from '../platform/machine/shared-memento';
import { ledgerKey as legacyLedgerKey, RequestLedger } from './request-ledger';
import { indexKey as legacyIndexKey, legacyCacheKey, VisitorsCache } from './visitors-cache';
import { VisitorsController } from './visitors-controller';
import { createVisitorsStatusBar } from './visitors-status-bar';
import { VisitorsService } from './visitors-service';

/** How long a window waits for another window's read of the same range (a read of 40 slow pages fits). */
const readWaitMs = 10 * 60_000;

/**
 * Version 1 kept the ledger and the cache's index in global state, which each window caches on
 * its own. The ledger's last hour moves to the shared file; the index is not needed (report
 * files are found by name and indexed again when read).
 */
async function moveEarlierState(globalState: vscode.Memento, ledger: RequestLedger): Promise<void> {
  const times = globalState.get<unknown>(legacyLedgerKey);
  if (Array.isArray(times)) {
    const now = Date.now();
    const recent = times.filter((t): t is number => typeof t === 'number' && t > now - 3_600_000 && t <= now);
    for (const at of recent) await ledger.recordAt(at);
  }
  for (const key of [legacyLedgerKey, legacyCacheKey, legacyIndexKey]) {
    if (globalState.get<unknown>(key) !== undefined) await globalState.update(key, undefined);
  }
}

export interface VisitorsFeature extends vscode.Disposable {
  /** The panel's controller, for the commands the composition root registers. */
  controller: VisitorsController;
}

export function createVisitorsFeature(
  context: vscode.ExtensionContext,
  clients: ClientProvider,
  keys: ApiKeyStore,
  log: vscode.LogOutputChannel,
): VisitorsFeature {
  const root = context.globalStorageUri.fsPath;
  const files = storageFolder(vscode.Uri.joinPath(context.globalStorageUri, 'visitors'));
  // The ledger and the cache's index: one file every window on the machine shares.
  const shared = new SharedMemento(join(root, 'analytics', 'shared.json'));
  const cache = new VisitorsCache(shared, files, systemClock);
  const ledger = new RequestLedger(shared, systemClock);
  void shared.ready.then(() => moveEarlierState(context.globalState, ledger));
  const service = new VisitorsService({
    client: (scope) => clients.forBaseUrl(scope.baseUrl),
    cache,
    ledger,
    clock: systemClock,
    // One read of a range on the machine: a window asking for a range another reads waits for its report.
    readAlone: machineReadAlone(join(root, 'analytics', 'reading'), readWaitMs),
  });
  const controller = new VisitorsController({ service, ledger, keys, log, extensionUri: context.extensionUri });
  const parts = vscode.Disposable.from(
    controller,
    vscode.workspace.onDidChangeConfiguration((event) => {
      const { projectId, baseUrl, confirmedBaseUrlHosts, docsRoot } = settingNames;
      if ([projectId, baseUrl, confirmedBaseUrlHosts, docsRoot].some((name) => event.affectsConfiguration(settingId(name))))
        controller.scopeChanged();
    }),
    clients.onDidChangeHosts(() => controller.scopeChanged()),
    createVisitorsStatusBar(service, ledger, controller, keys, clients.onDidChangeHosts),
    { dispose: () => shared.dispose() },
  );
  return {
    controller,
    dispose: () => {
      parts.dispose();
    },
  };
}
