// Keeps the tracker in step with the editor: settings, workspace folders, window focus and key
// changes (also from other windows), and the context keys the view's welcome content reads.
import * as vscode from 'vscode';
import { affectsUs, pollSettings, workspaceScopes } from '../config';
import type { ApiKeyStore } from '../secrets/api-key-store';
import type { ClientProvider } from '../services/client-provider';
import type { JobTracker } from './job-tracker';

export function connectTracker(tracker: JobTracker, keys: ApiKeyStore, clients: ClientProvider): vscode.Disposable {
  const updateContext = async (): Promise<void> => {
    await vscode.commands.executeCommand('setContext', 'docsAgent.hasApiKey', (await keys.source()) !== 'none');
    await vscode.commands.executeCommand('setContext', 'docsAgent.hasProjectId', workspaceScopes().length > 0);
  };
  const settingsChanged = (): void => {
    clients.reset();
    tracker.updatePollSettings(pollSettings());
    tracker.setScopes(workspaceScopes());
    tracker.resume();
    void updateContext();
  };

  tracker.setScopes(workspaceScopes());
  tracker.setFocused(vscode.window.state.focused);
  void updateContext();

  return vscode.Disposable.from(
    vscode.workspace.onDidChangeConfiguration((event) => affectsUs(event) && settingsChanged()),
    vscode.workspace.onDidChangeWorkspaceFolders(settingsChanged),
    vscode.window.onDidChangeWindowState((state) => tracker.setFocused(state.focused)),
    keys.onDidChange(() => {
      tracker.resume();
      void updateContext();
    }),
  );
}
