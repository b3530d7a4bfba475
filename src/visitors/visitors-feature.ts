// Builds the visitors feature: cache, request ledger, service, panel controller, status bar.
// Readers across the docs tree (src/readers) are built beside it from its service and ledger.
import * as vscode from 'vscode';
import type { FeatureServices } from '../editor/feature-services';
import { systemClock } from '../platform/clock';
import { settingId, settingNames } from '../platform/manifest-ids';
import { folderFiles } from '../platform/machine/folder-files';
import { maxReportFileBytes } from './cache-entries';
import type { StoragePaths } from '../platform/storage-layout';
import { moveEarlierAnalytics } from './earlier-state';
import { machineReadAlone } from '../platform/machine/read-alone';
import { SharedMemento } from '../platform/machine/shared-memento';
import { RequestLedger } from './request-ledger';
import { VisitorsCache } from './visitors-cache';
import { LazyVisitorsController } from './lazy-visitors-controller';
import { createVisitorsStatusBar } from './visitors-status-bar';
import { VisitorsService } from './visitors-service';

/** How long a window waits for another window's read of the same range (a read of 40 slow pages fits). */
const readWaitMs = 10 * 60_000;

export interface VisitorsFeature extends vscode.Disposable {
  /** The panel's controller, for the commands the composition root registers. */
  controller: LazyVisitorsController;
  /** Reads reports (from the cache when it can), and the hour's analytics requests: for the chat tools. */
  service: VisitorsService;
  ledger: RequestLedger;
  /** Whatever may put a new report in the cache: a read here, or another window's in the shared index. */
  reportsChanged: readonly ((listener: () => void) => { dispose(): void })[];
  /** The file every window shares (the budget and the caches' indexes), for the other reports kept beside visitors. */
  shared: SharedMemento;
  /** One read of a range on the machine, by its key. */
  readAlone: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

export function createVisitorsFeature(
  context: Pick<vscode.ExtensionContext, 'globalState' | 'extensionUri'>,
  storage: StoragePaths,
  { keys, clients, log }: FeatureServices,
): VisitorsFeature {
  const files = folderFiles(storage.visitorsReports, maxReportFileBytes);
  // The ledger and the cache's index: one file every window on the machine shares.
  const shared = new SharedMemento(storage.analyticsShared);
  const cache = new VisitorsCache(shared, files, systemClock);
  const ledger = new RequestLedger(shared, systemClock);
  void shared.ready.then(() => moveEarlierAnalytics(context.globalState, ledger, systemClock));
  // One read of a range on the machine: a window asking for a range another reads waits for its report.
  const readAlone = machineReadAlone(storage.analyticsReading, readWaitMs);
  const service = new VisitorsService({
    client: (scope) => clients.forBaseUrl(scope.baseUrl),
    cache,
    ledger,
    clock: systemClock,
    readAlone,
  });
  const controller = new LazyVisitorsController({ service, ledger, keys, log, extensionUri: context.extensionUri });
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
    service,
    ledger,
    reportsChanged: [(listener: () => void) => service.onDidRead(listener), shared.onDidChange],
    shared,
    readAlone,
    dispose: () => {
      parts.dispose();
    },
  };
}
