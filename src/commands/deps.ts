import type * as vscode from 'vscode';
import type { JobTracker } from '../jobs/job-tracker';
import type { ApiKeyStore } from '../editor/api-key-store';
import type { ClientProvider } from '../editor/client-provider';

/** What command modules are given by the composition root. */
export interface CommandDeps {
  tracker: JobTracker;
  keys: ApiKeyStore;
  clients: ClientProvider;
  log: vscode.LogOutputChannel;
}
