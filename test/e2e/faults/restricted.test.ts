import * as assert from 'node:assert/strict';
import { HostileWorkspace } from '../../support/workbench/hostile-workspace';
import type { Workbench } from '../../support/workbench/workbench';

// A repository cloned from a stranger, opened with workspace trust on (as users have it), naming
// a second loopback server as its base URL. Until the user trusts the folder, Docs Agent sends
// nothing, to either.
describe('e2e: an untrusted workspace (workspace trust on)', () => {
  let hostile: HostileWorkspace;
  let workbench: Workbench;

  before(async () => {
    hostile = await HostileWorkspace.open({ workspaceTrust: true });
    workbench = hostile.workbench;
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    await hostile?.close();
  });

  it('opens in Restricted Mode', async () => {
    await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ timeout: 30_000 });
  });

  it('tells the user the workspace’s base URL is ignored, even before it is trusted', async () => {
    await workbench.openDocsAgentView();
    const said = await workbench.text((await hostile.warning()).locator('.notification-list-item-message'));
    await workbench.runCommand('Notifications: Hide Notifications');
    assert.match(said, /^Docs Agent ignores the base URL in acme-docs\/\.vscode\/settings\.json /);
    hostile.table.push(['untrusted workspace naming another host as the base URL', `“${said}”`, 'warned, ignored']);
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
    const stolen = await hostile.attackerLog.requests();
    hostile.table.push([
      'untrusted workspace naming another host as the base URL',
      `“${await workbench.text(toast.locator('.notification-list-item-message'))}” [Manage Workspace Trust]; requests: service ${service.length}, workspace's host ${stolen.length}`,
      service.length === 0 && stolen.length === 0 ? 'nothing sent' : 'FAILED',
    ]);
    assert.deepEqual(
      stolen.map((r) => r.path),
      [],
      'the workspace’s host heard nothing',
    );
    assert.deepEqual(
      service.map((r) => r.path),
      [],
      'nothing is sent before the folder is trusted',
    );
  });
});
