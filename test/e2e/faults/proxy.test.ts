import * as assert from 'node:assert/strict';
import { printTable } from '../../support/workbench/fault-matrix';
import { Workbench } from '../../support/workbench/workbench';

// A proxy written the way people often write it, without its scheme. Docs Agent names the
// setting (never echoing it: it may hold a password) and opens it; nothing is sent. That a fix
// works without a reload is checked in the host suite, which can change the setting in place.
describe('e2e: a malformed http.proxy', () => {
  let workbench: Workbench;
  const table: Array<[string, string, string]> = [];

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      settings: { 'docsAgent.jobs.confirmBeforeSending': false },
      userSettings: { 'http.proxy': 'proxy.corp:8080' },
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    if (table.length) console.log(`\n${printTable(['case', 'what happened', 'result'], table)}\n`);
    await workbench?.close();
  });

  it('is reported as that setting being invalid, with Open Settings on it, and nothing is sent', async () => {
    await workbench.openDocsAgentView();
    await workbench.newJob('Through a proxy written without http://');
    const toast = await workbench.notification(/http\.proxy setting/);
    const said = await workbench.text(toast.locator('.notification-list-item-message'));
    assert.ok(!said.includes('proxy.corp'), 'the setting’s value is not echoed');
    await workbench.pressNotificationButton(toast, 'Open Settings');
    await workbench.page.locator('.settings-editor .setting-item', { hasText: 'Http: Proxy' }).first().waitFor({ timeout: 30_000 });
    const sent = await workbench.control.requests();
    table.push([
      'http.proxy without a scheme (proxy.corp:8080)',
      `“${said}” [Open Settings] → the Settings editor at http.proxy; requests: ${sent.length}`,
      sent.length === 0 ? 'named, nothing sent' : 'FAILED',
    ]);
    assert.equal(sent.length, 0);
  });
});
