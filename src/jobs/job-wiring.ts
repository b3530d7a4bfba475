// Keeps the tracker in step with the editor and with the other windows on the machine:
// settings, workspace folders, focus (this window's and the others'), the polling lease and key
// changes, and the context keys the view's welcome content reads.
import * as vscode from 'vscode';
import { affectsUs, pollSettings, workspaceScopes } from '../editor/config';
import type { Lease } from '../platform/machine/lease';
import type { Presence } from '../platform/machine/presence';
import type { ApiKeyStore } from '../editor/api-key-store';
import type { ClientProvider } from '../editor/client-provider';
import type { FinishAnnouncer } from './finish-announcer';
import type { JobTracker } from './job-tracker';
import { readPollStatus } from './poll-timing';
import { contextKeys } from '../platform/manifest-ids';
import { onDidAllowMachineWork } from '../editor/machine-duties';

export interface MachineParts {
  lease: Lease;
  presence: Presence;
  announcer: FinishAnnouncer;
}

export function connectTracker(tracker: JobTracker, keys: ApiKeyStore, clients: ClientProvider, machine: MachineParts): vscode.Disposable {
  const { lease, presence, announcer } = machine;
  const updateContext = async (): Promise<void> => {
    await vscode.commands.executeCommand('setContext', contextKeys.hasApiKey, (await keys.source()) !== 'none');
    await vscode.commands.executeCommand('setContext', contextKeys.hasProjectId, workspaceScopes().length > 0);
  };
  const settingsChanged = (): void => {
    clients.reset();
    tracker.updatePollSettings(pollSettings());
    tracker.setScopes(workspaceScopes());
    tracker.resume();
    void updateContext();
  };
  const focusChanged = (): void => {
    tracker.setFocused(presence.anyFocused());
    announcer.review();
  };

  let published = JSON.stringify(tracker.pollStatus);
  const publishStatus = (): void => {
    const status = JSON.stringify(tracker.pollStatus);
    if (!lease.held || status === published) return;
    published = status;
    lease.publish();
  };

  tracker.setScopes(workspaceScopes());
  void presence
    .setFocused(vscode.window.state.focused)
    .then(() => presence.read())
    .then(focusChanged);
  tracker.setPolling(lease.held);
  void updateContext();

  return vscode.Disposable.from(
    vscode.workspace.onDidChangeConfiguration((event) => affectsUs(event) && settingsChanged()),
    vscode.workspace.onDidChangeWorkspaceFolders(settingsChanged),
    clients.onDidChangeHosts(settingsChanged),
    vscode.window.onDidChangeWindowState((state) => {
      void presence.setFocused(state.focused);
      focusChanged();
    }),
    presence.onDidChange(focusChanged),
    lease.onDidChange((held) => {
      tracker.setPolling(held);
      announcer.review();
    }),
    lease.onDidChangeRecord((record) => tracker.setReportedStatus(readPollStatus(record?.note))),
    tracker.onDidChange(publishStatus),
    // Trusted now: this window may poll for the machine (it never did in Restricted Mode), and checks may go.
    onDidAllowMachineWork(() => {
      void lease.check();
      tracker.resume();
    }),
    keys.onDidChange(() => {
      tracker.resume();
      void updateContext();
    }),
  );
}
