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

  it('takes the confirmation before sending from the user’s settings alone, under either name', async () => {
    // A repository's settings cannot turn the question off: VS Code refuses to write either name
    // there (application scope), and Docs Agent reads only the user's value.
    for (const name of ['jobs.confirmBeforeSending', 'confirmBeforeSending']) {
      await assert.rejects(
        Promise.resolve(config().update(name, false, vscode.ConfigurationTarget.Workspace)),
        `a workspace cannot set docsAgent.${name}`,
      );
    }
    // The user's "false" (startHostEmulator's) sends at once: a modal confirmation would hold this command.
    const created = await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.newJob', 'Sent with the user’s setting');
    assert.equal(created?.length, 1);
    const tracked = created?.[0];
    if (tracked) await vscode.commands.executeCommand('docsAgent.stopTracking', tracked.id);
  });
});
