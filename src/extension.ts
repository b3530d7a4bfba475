// Composition root: builds the services once and registers everything; no logic of its own.
import * as vscode from 'vscode';
import { createVisitorsFeature } from './analytics/visitors-feature';
import { registerJobCommands } from './commands/job-commands';
import { registerKeyCommands } from './commands/key-commands';
import { registerSendCommands } from './commands/send-commands';
import { notifyOn, pollSettings } from './config';
import { announceFinishedJob } from './jobs/job-notifier';
import { createJobsStatusBar } from './jobs/job-status-bar';
import { JobStore } from './jobs/job-store';
import { JobTracker } from './jobs/job-tracker';
import { createJobsView, type JobTreeProvider } from './jobs/job-tree';
import { connectTracker } from './jobs/job-wiring';
import { systemClock } from './jobs/poll-scheduler';
import { ApiKeyStore } from './secrets/api-key-store';
import { ClientProvider } from './services/client-provider';
import { storageFolder } from './services/storage-folder';

/** What other extensions (and the host test suites) can read. */
export interface DocsAgentApi {
  jobsTree: Pick<JobTreeProvider, 'getChildren' | 'getTreeItem' | 'onDidChangeTreeData'>;
}

export function activate(context: vscode.ExtensionContext): DocsAgentApi {
  const started = performance.now();
  const version = String(context.extension.packageJSON.version);
  const log = vscode.window.createOutputChannel('Docs Agent', { log: true });
  const keys = new ApiKeyStore(context.secrets);
  const clients = new ClientProvider(keys, `mintlify-docs-agent/${version} (VS Code ${vscode.version})`);
  const files = storageFolder(context.globalStorageUri);
  const store = new JobStore(context.globalState, { read: () => files.read('tracked-jobs.json'), write: (text) => files.write('tracked-jobs.json', text) });
  const tracker = new JobTracker({
    store,
    client: (scope) => clients.forBaseUrl(scope.baseUrl),
    notify: (job) => void announceFinishedJob(job),
    notifyOn,
    clock: systemClock,
    isFocused: () => vscode.window.state.focused,
    pollSettings: pollSettings(),
    log: (message) => log.warn(message),
  });
  const jobsView = createJobsView(tracker);
  const deps = { tracker, keys, clients, log };

  context.subscriptions.push(
    log,
    keys,
    clients,
    { dispose: () => store.dispose() },
    tracker,
    jobsView,
    createJobsStatusBar(tracker),
    connectTracker(tracker, keys, clients),
    vscode.commands.registerCommand('docsAgent.showLog', () => log.show()),
    ...registerKeyCommands(deps),
    ...registerSendCommands(deps),
    ...registerJobCommands(deps),
    createVisitorsFeature(context, clients, keys, log),
  );
  log.info(`Docs Agent ${version} is active (activation took ${(performance.now() - started).toFixed(1)} ms).`);
  return { jobsTree: jobsView.provider };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
