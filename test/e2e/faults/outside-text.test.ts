import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { previewSuiteOptions, sharedWorkbench } from '../../support/workbench/shared-workbench';
import type { Workbench } from '../../support/workbench/workbench';

// Text nobody on the team controls (a build log, the service's status, a visitor's path, what
// readers searched for) reaches notifications, which turn `[label](command:…)` into a link that
// runs the command. Each surface is driven with such text: it must read as written, hold no
// link, and run nothing when clicked. Runs on both editors (the floor's spec lists it too).
describe('e2e: outside text stays text', () => {
  let workbench: Workbench;
  const openSettings = '[Open](command:workbench.action.openSettings)';
  const sendSequence = '[Run](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%20x%20%7C%20sh%5Cn%22%7D)';

  before(async () => {
    // Shared with the preview suites on this editor (test-all.mjs runs them in one process).
    workbench = await sharedWorkbench(previewSuiteOptions);
    await workbench.clearNotifications();
    await workbench.openDocsAgentView();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
    await workbench.control.clearFaults();
  });

  /** What a person reads: invisible characters that keep the text inert are not seen. */
  const seen = async (locator: Locator): Promise<string> => (await workbench.text(locator)).replace(/\u200b/g, '');

  /** The toast reads the text as written, holds no command link, and clicking the text runs nothing. */
  async function inert(toast: Locator, literal: string): Promise<void> {
    const message = toast.locator('.notification-list-item-message');
    assert.ok((await seen(message)).includes(literal), `the toast shows ${literal} as written: ${await seen(message)}`);
    assert.equal(await toast.locator('a[href^="command:"], a[data-href^="command:"]').count(), 0, 'no command link');
    assert.equal(await message.locator('a').count(), 0, 'no link at all');
    await message.click();
    await workbench.toastsQuiet();
    assert.equal(await workbench.page.locator('.tab', { hasText: 'Settings' }).count(), 0, 'the settings did not open');
    assert.equal(await workbench.page.locator('.terminal-wrapper').count(), 0, 'no terminal was opened');
    await workbench.clearNotifications();
  }

  async function finishedJob(prompt: string): Promise<string> {
    await workbench.newJob(prompt);
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes(prompt));
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job, 'the job was sent');
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon(prompt.slice(0, 20), 'git-pull-request').waitFor({ timeout: 30_000 });
    return job.id;
  }

  it('a job titled from what readers searched for announces its finish with the search as text', async () => {
    const prompt = `Searches that found nothing: ${openSettings}`;
    await finishedJob(prompt);
    const toast = await workbench.notification(/completed with a pull request/, 60_000);
    await inert(toast, openSettings);
    // The tree row and its tooltip show the same title as text.
    const row = workbench.jobRow('Searches that found nothing');
    assert.ok((await seen(row)).includes(openSettings));
    assert.equal(await row.locator('a[href], a[data-href]').count(), 0, 'the row holds no link');
  });

  it('a status the service made up shows as text in the row and its tooltip', async () => {
    const id = await finishedJob('Raw status found nothing');
    await workbench.clearNotifications().catch(() => undefined);
    await workbench.control.setJob(id, { status: openSettings });
    await workbench.contextMenu(workbench.jobRow('Raw status found nothing'), 'Refresh');
    const row = workbench.jobRow('Raw status found nothing');
    await row.locator('.label-description', { hasText: openSettings }).waitFor({ timeout: 30_000 });
    const hover = await workbench.hoverFor(row, 'Status');
    assert.ok((await seen(hover)).includes(openSettings), await seen(hover));
    assert.equal(await hover.locator('a[href^="command:"], a[data-href^="command:"]').count(), 0);
    await workbench.page.mouse.move(700, 500);
  });

  it('a failed build’s first log line is told as text', async () => {
    await finishedJob('Build log found nothing');
    await workbench.toastsQuiet();
    await workbench.clearNotifications().catch(() => undefined);
    const body = {
      status: 'failure',
      summary: 'Build failed',
      logs: ['Cloning the branch', `✗ Broken link in index.mdx: ${sendSequence} ${openSettings}`],
    };
    await workbench.control.fault({ kind: 'status', status: 200, body, count: 1_000, match: { path: '/update-status/' } });
    await workbench.contextMenu(workbench.jobRow('Build log found nothing'), "Preview Job's Change");
    const toast = await workbench.notification(/failed to build/, 60_000);
    assert.ok((await seen(toast)).includes(sendSequence), 'the terminal form shows as written too');
    await inert(toast, openSettings);
  });

  it('a visitor’s path with no file is named as text', async () => {
    const path = `/${openSettings}`;
    const body = {
      totals: { human: 12, ai: 1, total: 12 },
      visitors: [
        { path, human: 10, ai: 1, total: 10 },
        { path: '/quickstart', human: 2, ai: 0, total: 2 },
      ],
      hasMore: false,
    };
    await workbench.control.fault({ kind: 'status', status: 200, body, count: 20, match: { path: '/visitors' } });
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel = workbench.webview();
    // A range no suite before this one read in the shared workbench: read now, through the fault.
    await panel.getByRole('button', { name: 'Last 7 days' }).click({ timeout: 30_000 });
    await panel.locator('.bar-row button.link', { hasText: openSettings }).first().click({ timeout: 30_000 });
    const toast = await workbench.notification(/No file in the docs folder serves/);
    await inert(toast, path);
  });
});
