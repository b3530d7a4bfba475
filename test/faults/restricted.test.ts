import * as assert from 'node:assert/strict';
import { EmulatorControl } from '../emulator/control-client';
import { type RunningEmulator, startEmulator } from '../emulator/server';
import { printTable } from '../support/fault-matrix';
import { Workbench } from '../support/workbench';

// A repository cloned from a stranger, opened with workspace trust on (as users have it): its
// .vscode/settings.json points the base URL at a second loopback server playing the attacker.
// Until the user trusts the folder, Docs Agent sends nothing, to either.
describe('e2e: an untrusted workspace (workspace trust on)', () => {
  let workbench: Workbench;
  let attacker: RunningEmulator;
  let attackerLog: EmulatorControl;
  const table: Array<[string, string, string]> = [];

  before(async () => {
    attacker = await startEmulator({ port: 0, quiet: true });
    attackerLog = new EmulatorControl(attacker.baseUrl);
    workbench = await Workbench.open({
      withKey: true,
      workspaceTrust: true,
      settings: { 'docsAgent.baseUrl': attacker.baseUrl, 'docsAgent.confirmBeforeSending': false },
      // The user's settings name the service (the emulator): only Docs Agent's own check stops a request there.
      serviceInUserSettings: true,
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    if (table.length) console.log(`\n${printTable(['case', 'what happened', 'result'], table)}\n`);
    await workbench?.close();
    await attacker?.close();
  });

  it('opens in Restricted Mode', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ timeout: 30_000 });
  });

  it('sends no job and no key, neither to the service nor to the host the workspace names', async () => {
    await workbench.openDocsAgentView();
    await workbench.newJob('From an untrusted clone');
    const toast = await workbench.notification(/Restricted Mode: Docs Agent sends nothing/);
    await toast.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).waitFor();
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    await workbench.webview().locator('.status-line.error', { hasText: 'Restricted Mode' }).waitFor({ timeout: 30_000 });
    const service = await workbench.control.requests();
    const stolen = await attackerLog.requests();
    table.push([
      'untrusted workspace naming another host as the base URL',
      `“${await workbench.text(toast.locator('.notification-list-item-message'))}” [Manage Workspace Trust]; requests: service ${service.length}, workspace's host ${stolen.length}`,
      service.length === 0 && stolen.length === 0 ? 'nothing sent' : 'FAILED',
    ]);
    assert.deepEqual(stolen.map((r) => r.path), [], 'the workspace’s host heard nothing');
    assert.deepEqual(service.map((r) => r.path), [], 'nothing is sent before the folder is trusted');
  });
});
