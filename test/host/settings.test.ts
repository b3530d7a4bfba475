import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { api, type HostEmulator, startHostEmulator } from './support';

/** Resolves once `ok` holds, re-checking on every settings change, until a deadline. */
function settingsUntil(ok: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  if (ok()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`${what}: not within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = vscode.workspace.onDidChangeConfiguration(() => {
      if (!ok()) return;
      clearTimeout(timer);
      listener.dispose();
      resolve();
    });
  });
}

describe('settings renamed into groups', () => {
  let host: HostEmulator;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('docsAgent');

  before(async () => {
    await api();
    host = await startHostEmulator();
  });
  after(async () => {
    await host?.close();
  });

  it('moves a value under an old name in the user settings to its new name, and drops the old entry', async () => {
    await config().update('notifyOn', ['failed'], vscode.ConfigurationTarget.Global);
    try {
      await settingsUntil(
        () =>
          config().inspect('notifyOn')?.globalValue === undefined &&
          JSON.stringify(config().inspect('jobs.notifyOn')?.globalValue) === '["failed"]',
        'docsAgent.notifyOn moved to docsAgent.jobs.notifyOn',
      );
    } finally {
      await config().update('jobs.notifyOn', undefined, vscode.ConfigurationTarget.Global);
      await config().update('notifyOn', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('still reads an old name in a workspace’s settings, without rewriting the workspace', async () => {
    await config().update('jobs.confirmBeforeSending', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('confirmBeforeSending', false, vscode.ConfigurationTarget.Workspace);
    try {
      // With the old "false" ignored, a modal confirmation would hold this command.
      const created = await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.newJob', 'Sent under the old setting name');
      assert.equal(created?.length, 1);
      assert.equal(config().inspect('confirmBeforeSending')?.workspaceValue, false, 'the workspace keeps its own file as it was');
      const tracked = created?.[0];
      if (tracked) await vscode.commands.executeCommand('docsAgent.stopTracking', tracked.id);
    } finally {
      await config().update('confirmBeforeSending', undefined, vscode.ConfigurationTarget.Workspace);
      await config().update('jobs.confirmBeforeSending', false, vscode.ConfigurationTarget.Workspace);
    }
  });
});
