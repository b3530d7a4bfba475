import type * as vscode from 'vscode';
import type { JobTracker } from '../jobs/job-tracker';
import type { ApiKeyStore } from '../secrets/api-key-store';
import type { ClientProvider } from '../services/client-provider';

/** What command modules are given by the composition root. */
export interface CommandDeps {
  tracker: JobTracker;
  keys: ApiKeyStore;
  clients: ClientProvider;
  log: vscode.LogOutputChannel;
}
