import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { Workbench } from '../../support/workbench/workbench';

// One person's journey, step by step: each test starts where the previous one left off.
describe('e2e: agent jobs, from a selection to the pull request', () => {
  let workbench: Workbench;
  let jobId = '';
  let prLink = '';
  const selected = 'Install the CLI and send your first job.';

  before(async () => {
    workbench = await Workbench.open({ userSettings: { 'docsAgent.jobs.maxCheckIntervalSeconds': 5 } });
    // Pull request links point at github.com, which this machine cannot reach: answer locally.
    await workbench.page
      .context()
      .route('https://github.com/**', (route) => route.fulfill({ body: '<title>Pull request</title>', contentType: 'text/html' }));
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
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
});
