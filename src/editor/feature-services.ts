// What the composition root hands every feature: the key, the clients and the log.
import type * as vscode from 'vscode';
import type { ApiKeyStore } from './api-key-store';
import type { ClientProvider } from './client-provider';

export interface FeatureServices {
  keys: ApiKeyStore;
  clients: ClientProvider;
  log: vscode.LogOutputChannel;
}
