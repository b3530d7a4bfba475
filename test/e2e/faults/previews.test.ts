// Preview deployments when things go wrong, in the real workbench: a plan without previews is
// said once and hides the preview commands; a window reloaded mid-build still follows the build
// and announces its end.
import * as assert from 'node:assert/strict';
import { Workbench } from '../../support/workbench/workbench';

describe('e2e: preview deployments when things go wrong', () => {
  let workbench: Workbench;

  async function finishedJob(prompt: string): Promise<string> {
    await workbench.newJob(prompt);
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes(prompt));
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job);
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon(prompt, 'git-pull-request').waitFor({ timeout: 30_000 });
    return job.id;
  }

  /** Whether the palette offers a command of this title. */
  async function paletteOffers(title: string): Promise<boolean> {
    const input = await workbench.openPalette();
    await input.fill(`>${title}`);
    const rows = workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: title });
    await workbench.page.locator('.quick-input-list').waitFor();
    const offered = (await rows.count()) > 0;
    await workbench.page.keyboard.press('Escape');
    return offered;
  }

  before(async () => {
    // Builds end only when a test says so.
    workbench = await Workbench.open({ withKey: true, previewMs: 3_600_000, settings: { 'docsAgent.jobs.confirmBeforeSending': false } });
    await workbench.openDocsAgentView();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('a window reloaded while the build runs still follows it, and announces its end once', async () => {
    await finishedJob('Reword changelog.mdx');
    await workbench.clearNotifications();
    await workbench.contextMenu(workbench.jobRow('Reword changelog.mdx'), "Preview Job's Change");
    await workbench.jobRow('Preview').waitFor({ timeout: 30_000 });
    const [deployment] = await workbench.control.previews();
    assert.ok(deployment);
    await workbench.reloadWindow();
    await workbench.openDocsAgentView();
    await workbench.jobRow('Preview').waitFor({ timeout: 30_000 });
    await workbench.toastsQuiet();
    await workbench.control.finishPreview(deployment.statusId, 'success');
    await workbench.notification(/is ready on 127\.0\.0\.1:\d+/, 60_000);
    await workbench.toastsQuiet();
    assert.equal(await workbench.page.locator('.notification-toast', { hasText: 'is ready on' }).count(), 1, 'announced once');
  });

  it('a plan without previews is said once, and the preview commands hide for that project', async () => {
    assert.equal(await paletteOffers("Docs Agent: Preview Job's Change"), true);
    await workbench.control.setPlan(workbench.emulator.projectId, false);
    await finishedJob('Reword index.mdx');
    await workbench.clearNotifications();
    await workbench.contextMenu(workbench.jobRow('Reword index.mdx'), "Preview Job's Change");
    await workbench.notification("Preview deployments are not available on this project's plan");
    assert.equal(await paletteOffers("Docs Agent: Preview Job's Change"), false);
    assert.equal(await paletteOffers('Docs Agent: Preview Current Branch'), false);
  });
});
