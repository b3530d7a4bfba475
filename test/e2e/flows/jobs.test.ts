import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestRecord } from '../../emulator/types';
import { leaseOf } from '../../support/workbench/lease-handover';
import { machineStorage, Workbench } from '../../support/workbench/workbench';

// One person's journey, step by step: each test starts where the previous one left off.
describe('e2e: agent jobs, from a selection to the pull request', () => {
  let workbench: Workbench;
  let jobId = '';
  let prLink = '';
  let restricted: Workbench | undefined;
  const selected = 'Install the CLI and send your first job.';

  before(async () => {
    // Workspace trust on, as writers have it: the folder is theirs, so they trust it first. A
    // window opened later on another folder stays in Restricted Mode.
    workbench = await Workbench.open({ workspaceTrust: true, userSettings: { 'docsAgent.jobs.maxCheckIntervalSeconds': 5 } });
    await workbench.trustFolder();
    // Pull request links point at github.com, which this machine cannot reach: answer locally.
    await workbench.page
      .context()
      .route('https://github.com/**', (route) => route.fulfill({ body: '<title>Pull request</title>', contentType: 'text/html' }));
  });
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    await workbench.screenshotFailure(this.currentTest.fullTitle());
    await restricted?.screenshotFailure(`${this.currentTest.fullTitle()} (Restricted Mode window)`);
  });
  after(() => workbench?.close());

  it('connects from the welcome view’s button: the folder’s project ID is kept where it is, and checked with the key', async () => {
    await workbench.openDocsAgentView();
    await workbench.page.locator('.welcome-view-content .monaco-button', { hasText: 'Connect to Your Docs Project…' }).click();
    // The key is typed into a password box (the widget can show a moment before it becomes one).
    const input = workbench.page.locator('.quick-input-widget .quick-input-box input[type="password"]');
    await input.waitFor();
    await input.fill('mint_dsc_public_assistant_key');
    await workbench.page.locator('.quick-input-widget', { hasText: 'assistant (public) key' }).waitFor();
    await workbench.answerInput(workbench.emulator.key);
    // The project ID the folder's settings hold is offered as it is: Enter checks both.
    const project = workbench.page.locator('.quick-input-widget .quick-input-box input:not([type="password"])');
    await project.waitFor();
    assert.equal(await project.inputValue(), workbench.emulator.projectId);
    await project.press('Enter');
    await workbench.page.locator('.statusbar', { hasText: /Connected to project/ }).waitFor();
    await workbench.page.locator('.welcome-view-content', { hasText: 'No agent jobs yet' }).waitFor();
  });

  it('sends the selected text from the editor’s context menu, after a confirmation', async () => {
    const line = await workbench.selectLine('docs/quickstart.mdx', 'Install the CLI');
    await workbench.contextMenu(line, 'Send Selection as Agent Prompt');
    const said = await workbench.answerDialog('Send to the agent', 'Send');
    assert.match(said, /project “acme-docs”/);
    assert.match(said, /“Install the CLI and send your first job\.” \(40 characters\)/);
    const [request] = await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST');
    assert.deepEqual(request?.body, { prompt: selected });
    const [job] = await workbench.control.jobs();
    jobId = job?.id ?? '';
    assert.ok(jobId);
  });

  it('shows the job spinning in the Agent Jobs tree, with a badge', async () => {
    await workbench.openDocsAgentView();
    await workbench.jobIcon(selected, 'sync').and(workbench.page.locator('.codicon-modifier-spin')).waitFor({ timeout: 30_000 });
    await workbench.page.locator('.activitybar .badge', { hasText: '1' }).first().waitFor();
    await workbench.page.locator('.statusbar-item', { hasText: '1 agent job running' }).waitFor();
  });

  it('turns completed when the agent finishes, and the notification opens the pull request', async () => {
    const finished = await workbench.control.finishJob(jobId);
    prLink = String(finished.prLink);
    await workbench.jobIcon(selected, 'git-pull-request').waitFor({ timeout: 30_000 });
    const toast = await workbench.notification('completed with a pull request');
    const opened = workbench.page.context().waitForEvent('page');
    await workbench.pressNotificationButton(toast, 'Open Pull Request');
    // The editor's own guard against links to other sites: a person says Open.
    assert.match(await workbench.answerDialog('open the external website', 'Open'), new RegExp(prLink));
    const tab: Page = await opened;
    await tab.waitForURL(prLink);
    assert.equal(tab.url(), prLink);
    await tab.close();
  });

  it('sends a follow-up from the job’s context menu, and the job runs again', async () => {
    await workbench.contextMenu(workbench.jobRow(selected), 'Send Follow-up');
    // The follow-up is written in a draft of its own, and the draft goes once it is sent.
    const draft = await workbench.composeAndSend('Follow-up to', 'Also show the Windows command');
    await draft.waitFor({ state: 'detached' });
    await workbench.jobIcon(selected, 'modifier-spin').waitFor({ timeout: 30_000 });
    const [job] = (await workbench.control.jobs()).filter((j) => j.id === jobId);
    assert.deepEqual(job?.prompts, [selected, 'Also show the Windows command']);
  });

  it('shows running, completed and failed jobs side by side', async () => {
    await workbench.runCommand('Docs Agent: New Agent Job');
    await workbench.answerInput('Rewrite the webhooks guide [fail]', 'New agent job');
    await workbench.runCommand('Docs Agent: New Agent Job');
    await workbench.answerInput('Check every link in the guides [no-change]', 'New agent job');
    await workbench.control.waitForRequests(4, 30_000, (r) => r.method === 'POST');
    for (const job of await workbench.control.jobs()) {
      if (job.id !== jobId) await workbench.control.finishJob(job.id);
    }
    await workbench.jobIcon('Rewrite the webhooks guide', 'error').waitFor({ timeout: 30_000 });
    await workbench.jobIcon('Check every link', 'check').waitFor({ timeout: 30_000 });
    await workbench.notification('failed');
    await workbench.widenSideBar(560);
    await workbench.jobRow(selected).hover();
    await workbench.screenshot('jobs-tree');
  });

  it('keeps every job and the key through a window reload', async () => {
    await workbench.reload();
    await workbench.openDocsAgentView();
    for (const label of [selected, 'Rewrite the webhooks guide', 'Check every link']) {
      await workbench.jobRow(label).waitFor({ timeout: 30_000 });
    }
    await workbench.runCommand('Docs Agent: Check the Connection');
    await workbench.notification(/Connected to project/);
  });

  it('a job made at the base URL the writer then changed says why on its row, and is never sent; the new job is checked and announced', async () => {
    const oldAddress = workbench.emulator.baseUrl;
    const newAddress = oldAddress.replace('127.0.0.1', 'localhost');
    const getsOf = async (id: string): Promise<number> =>
      (await workbench.control.requests()).filter((r) => r.method === 'GET' && r.path.endsWith(`/${id}`)).length;
    // The writer points Docs Agent at the service under another address; the followed-up job still runs at the old one.
    await workbench.setUserSetting('docsAgent.baseUrl', newAddress);
    const refused = workbench.jobRows().filter({ hasText: selected }).filter({ hasText: 'not checked: old address' });
    await refused.waitFor({ timeout: 30_000 });
    const sentToOld = await getsOf(jobId);

    await workbench.newJob('Made at the new address');
    await workbench.jobRow('Made at the new address').waitFor({ timeout: 30_000 });
    const fresh = (await workbench.control.jobs()).find((j) => j.prompts[0] === 'Made at the new address');
    assert.ok(fresh);
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'GET' && r.path.endsWith(`/${fresh.id}`));
    await workbench.control.finishJob(fresh.id);
    await workbench.jobIcon('Made at the new address', 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.notification('“Made at the new address” completed with a pull request');
    assert.equal(await getsOf(jobId), sentToOld, 'nothing was sent for the job at the old address');

    // Its way out: why, then Stop Following or the confirmation that names the old address.
    await refused.hover();
    await refused.locator('.action-label[aria-label="Why Is This Job Not Checked?"]').click();
    const said = await workbench.answerDialog('not your service address any more', 'Stop Following');
    assert.ok(said.includes(`This job was made at ${oldAddress}, which is not your service address any more`), said);
    assert.ok(said.includes(`Use ${oldAddress}…`), `it offers to confirm the old address: ${said}`);
    await workbench.jobRow(selected).waitFor({ state: 'detached', timeout: 30_000 });
    assert.equal(await getsOf(jobId), sentToOld);
  });

  it('a second window in Restricted Mode never holds the polling lease (nor serves the MCP tools) and says so in its own view only; the first polls on through its reload', async () => {
    const storage = machineStorage(workbench.server);
    const windows = (): string[] =>
      readdirSync(join(storage, 'windows'))
        .filter((n) => n.endsWith('.json'))
        .map((n) => n.slice(0, -5));
    // None, or being written: undefined.
    const leaseOwner = (name = 'poller.lease'): string | undefined => leaseOf(workbench, name)?.owner;
    await workbench.newJob('Checked through the reload');
    await workbench.jobRow('Checked through the reload').waitFor({ timeout: 30_000 });
    const running = (await workbench.control.jobs()).find((j) => j.prompts[0] === 'Checked through the reload');
    assert.ok(running);
    const checksOf = (since: number) => (r: RequestRecord) =>
      r.method === 'GET' && r.path.endsWith(`/${running.id}`) && Date.parse(r.time) > since;
    await workbench.control.waitForRequests(1, 30_000, checksOf(0));

    const open = new Set(windows());
    restricted = await workbench.openWindow();
    await restricted.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ timeout: 30_000 });
    // Docs Agent is running there (its status bar item), and then the writer opens its view.
    await restricted.page.locator('.statusbar-item', { hasText: 'agent job running' }).waitFor({ timeout: 30_000 });
    await restricted.openDocsAgentView();
    const restrictedSays = (w: Workbench) => w.viewPane('Agent Jobs').locator('.message', { hasText: 'This window is in Restricted Mode' });
    await restrictedSays(restricted).waitFor({ timeout: 30_000 });
    await restricted.jobRow('Checked through the reload').waitFor({ timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    let restrictedId: string | undefined;
    while (!(restrictedId = windows().find((id) => !open.has(id)))) {
      if (Date.now() > deadline) throw new Error('the Restricted Mode window never announced itself');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // The polling window reloads: its lease is free meanwhile, and the window in Restricted Mode leaves it.
    const poller = leaseOwner();
    const owners = new Set<string>();
    let sampling = true;
    const sampled = (async () => {
      for (; sampling; await new Promise((resolve) => setTimeout(resolve, 50))) {
        owners.add(leaseOwner() ?? '');
        // Nor the MCP server's, whose tools send the key.
        owners.add(leaseOwner('mcp.lease') ?? '');
      }
    })();
    try {
      await workbench.reloadWindow();
      const reloadedAt = Date.now();
      await workbench.openDocsAgentView();
      await workbench.control.waitForRequests(1, 60_000, checksOf(reloadedAt));
    } finally {
      sampling = false;
      await sampled;
    }
    assert.ok(!owners.has(restrictedId), `the Restricted Mode window held the lease: ${[...owners].join(', ')}`);
    const reloaded = leaseOwner();
    assert.ok(reloaded && reloaded !== poller && reloaded !== restrictedId, `the reloaded window polls: ${poller} → ${reloaded}`);
    assert.equal(await restrictedSays(workbench).count(), 0, 'the trusted window does not say it');
    await restricted.closeWindow();
  });
});
