import * as assert from 'node:assert/strict';
import { HostileWorkspace } from '../../support/workbench/hostile-workspace';
import type { Workbench } from '../../support/workbench/workbench';

// A trusted repository (workspace trust off, as many people run it) naming a second loopback
// server as its base URL. The workspace's value is ignored, the user is told, and only the
// user's own confirmation lets the key go to that host.
describe('e2e: a workspace that names its own base URL (trusted)', () => {
  let hostile: HostileWorkspace;
  let workbench: Workbench;
  const attacker = (): string => hostile.attacker.baseUrl;

  before(async () => {
    hostile = await HostileWorkspace.open({ workspaceTrust: false });
    workbench = hostile.workbench;
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    await hostile?.close();
  });

  it('tells the user that the workspace’s base URL is ignored, naming the file and the host', async () => {
    await workbench.openDocsAgentView();
    const item = await hostile.warning();
    const said = await workbench.text(item.locator('.notification-list-item-message'));
    assert.match(said, /^Docs Agent ignores the base URL in acme-docs\/\.vscode\/settings\.json /);
    assert.ok(said.includes(`(${attacker()})`), `it names the host the workspace asked for: ${said}`);
    await item.locator('.monaco-button', { hasText: `Use ${attacker()}…` }).waitFor();
    await item.locator('.monaco-button', { hasText: 'Open File' }).waitFor();
    await workbench.runCommand('Notifications: Hide Notifications');
    hostile.table.push(['trusted workspace naming another host as the base URL', `“${said}”`, 'warned, ignored']);
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
      'job and analytics from that workspace',
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
