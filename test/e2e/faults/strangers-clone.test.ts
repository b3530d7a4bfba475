import * as assert from 'node:assert/strict';
import { HostileWorkspace } from '../../support/workbench/hostile-workspace';
import type { Workbench } from '../../support/workbench/workbench';

// A repository cloned from a stranger, naming a second loopback server as its base URL, opened
// with workspace trust on (as users have it). Until the user trusts the folder, Docs Agent sends
// nothing, to either server; once trusted, the workspace's base URL is still ignored, and only
// the user's own confirmation lets the key go to that host.
describe('e2e: a stranger’s clone that names its own base URL', () => {
  let hostile: HostileWorkspace;
  let workbench: Workbench;
  const attacker = (): string => hostile.attacker.baseUrl;

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

  describe('before the folder is trusted (Restricted Mode)', () => {
    it('opens in Restricted Mode', async () => {
      await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ timeout: 30_000 });
    });

    it('tells the user the workspace’s base URL is ignored, naming the file and the host', async () => {
      await workbench.openDocsAgentView();
      const item = await hostile.warning();
      const said = await workbench.text(item.locator('.notification-list-item-message'));
      await workbench.runCommand('Notifications: Hide Notifications');
      assert.match(said, /^Docs Agent ignores the base URL in acme-docs\/\.vscode\/settings\.json /);
      assert.ok(said.includes(`(${attacker()})`), `it names the host the workspace asked for: ${said}`);
      hostile.table.push(['untrusted workspace naming another host as the base URL', `“${said}”`, 'warned, ignored']);
    });

    it('sends no job and no key, neither to the service nor to the host the workspace names', async () => {
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
      await workbench.pressNotificationButton(toast, 'Manage Workspace Trust');
    });
  });

  describe('once the user trusts it', () => {
    before(async () => {
      // The trust editor that Manage Workspace Trust opened: its Trust button, as the user clicks it.
      await workbench.page
        .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust/ })
        .first()
        .click({ timeout: 30_000 });
      await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ state: 'hidden', timeout: 30_000 });
    });

    it('sends jobs and analytics reads with the key to the user’s service only', async () => {
      await workbench.newJob('From a cloned repository');
      await workbench.jobRow('From a cloned repository').waitFor({ timeout: 30_000 });
      await workbench.openFile('docs/quickstart.mdx');
      await workbench.runCommand('Docs Agent: Show Visitors for This Page');
      await workbench.webview().locator('.bar-row.current', { hasText: '/quickstart' }).waitFor({ timeout: 60_000 });
      const service = await workbench.control.requests();
      const stolen = await hostile.attackerLog.requests();
      hostile.table.push([
        'job and analytics from that workspace, trusted',
        `requests: service ${service.length} (job ${service.some((r) => r.method === 'POST') ? 'created' : 'missing'}), workspace's host ${stolen.length}`,
        stolen.length === 0 && service.length > 0 ? 'key stayed home' : 'FAILED',
      ]);
      assert.deepEqual(
        stolen.map((r) => `${r.method} ${r.path}`),
        [],
        'the workspace’s host heard nothing',
      );
      assert.ok(
        service.some((r) => r.method === 'POST'),
        'the job went to the service in the user settings',
      );
    });

    it('uses that host only after the user confirms it, in a modal that names it', async () => {
      await (await hostile.warning()).locator('.monaco-button', { hasText: `Use ${attacker()}…` }).click();
      const asked = await workbench.answerDialog(`Send your Docs Agent API key to ${attacker()}?`, 'Send My Key There');
      // The folder's project is now the one at that host: the job tracked at the user's service leaves the view.
      await workbench.jobRow('From a cloned repository').waitFor({ state: 'detached', timeout: 30_000 });
      await workbench.newJob('After confirming the host');
      await workbench.jobRow('After confirming the host').waitFor({ timeout: 30_000 });
      const there = await hostile.attackerLog.jobs();
      hostile.table.push([
        'the user confirms that host',
        `“${asked.split('\n').find((line) => line.startsWith('Send your')) ?? asked}” → the next job went to ${there.length ? "the workspace's host" : 'nowhere'}`,
        there.some((j) => j.prompts[0] === 'After confirming the host') ? 'honoured' : 'FAILED',
      ]);
      assert.deepEqual(
        there.map((j) => j.prompts[0]),
        ['After confirming the host'],
      );
    });
  });
});
