// Builds the visitors feature: cache, request ledger, service, panel controller, status bar.
import * as vscode from 'vscode';
import { registerVisitorsCommands } from '../commands/visitors-commands';
import { systemClock } from '../jobs/poll-scheduler';
import type { ApiKeyStore } from '../secrets/api-key-store';
import type { ClientProvider } from '../services/client-provider';
import { storageFolder } from '../services/storage-folder';
import { RequestLedger } from './request-ledger';
import { VisitorsCache } from './visitors-cache';
import { VisitorsController } from './visitors-controller';
import { createVisitorsStatusBar } from './visitors-status-bar';
import { VisitorsService } from './visitors-service';

export function createVisitorsFeature(
  context: vscode.ExtensionContext,
  clients: ClientProvider,
  keys: ApiKeyStore,
  log: vscode.LogOutputChannel,
): vscode.Disposable {
  const files = storageFolder(vscode.Uri.joinPath(context.globalStorageUri, 'visitors'));
  const cache = new VisitorsCache(context.globalState, files, systemClock);
  const ledger = new RequestLedger(context.globalState, systemClock);
  const service = new VisitorsService({ client: (scope) => clients.forBaseUrl(scope.baseUrl), cache, ledger, clock: systemClock });
  const controller = new VisitorsController({ service, ledger, keys, log, extensionUri: context.extensionUri });
  return vscode.Disposable.from(
    controller,
    createVisitorsStatusBar(service, controller, keys),
    ...registerVisitorsCommands(controller),
  );
}
