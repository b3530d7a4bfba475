// A writer's journey with preview deployments in the real workbench: an agent job finishes, its
// notification's Preview builds the branch on the (emulated) platform, the "ready" toast opens
// the changed page beside the file in the editor's Simple Browser, showing the agent's sentence;
// a build that fails on a broken link shows its log and asks the agent for a fix; the writer's own
// branch is previewed after a Push the writer chose (never pushed unasked).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { previewRowShows } from '../../support/workbench/rows-under';
import { previewSuiteOptions, sharedWorkbench } from '../../support/workbench/shared-workbench';
import type { Workbench } from '../../support/workbench/workbench';

describe('e2e: previewing the agent’s change on the site', () => {
  let workbench: Workbench;
  const previewsOf = async (branch: string) => (await workbench.control.previews()).filter((p) => p.branch === branch);

  before(async () => {
    // Shared with the preview fault suites (test-all.mjs runs them in one process).
    workbench = await sharedWorkbench(previewSuiteOptions);
    await workbench.clearNotifications();
    await workbench.openDocsAgentView();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    // The suites after this one read the workbench's first webview: the preview's browser goes.
    const browserTab = workbench.page.locator('.tab', { hasText: 'Simple Browser' });
    while ((await browserTab.count()) > 0) {
      await browserTab.first().click();
      await workbench.runCommand('View: Close Editor');
    }
  });

  it('Preview from the finish notification, then Open Page in Preview shows the page with the agent’s sentence beside the file', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    const prompt = 'Reword the opening of quickstart.mdx';
    await workbench.newJob(prompt);
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes(prompt));
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job);
    const finished = await workbench.control.finishJob(job.id);
    const toast = await workbench.notification('completed with a pull request');
    await workbench.pressNotificationButton(toast, /^Preview$/);
    const branch = String(finished.source?.ref ?? '');
    await previewRowShows(workbench, prompt, 'Preview');
    const [deployment] = await previewsOf(branch);
    assert.ok(deployment, 'the platform was asked for a preview of the job’s branch');
    // The editor shows few new toasts at once (the rest go to the centre): let the others settle.
    await workbench.clearNotifications();
    await workbench.toastsQuiet();
    await workbench.control.finishPreview(deployment.statusId, 'success');

    const ready = await workbench.notification(/is ready on 127\.0\.0\.1:\d+/, 60_000);
    await workbench.pressNotificationButton(ready, 'Open Page in Preview');
    const page = workbench.webview().locator('iframe').first().contentFrame();
    await page.locator('body', { hasText: `Edited by the docs agent (${job.id})` }).waitFor({ timeout: 30_000 });
    await workbench.page.locator('.tab', { hasText: 'quickstart.mdx' }).first().waitFor();
    await workbench.screenshot('preview-beside-page');
  });

  it('a build failing on a broken link: the toast quotes it, Show Build Log opens it, Ask the Agent to Fix sends it', async () => {
    await workbench.clearNotifications();
    await workbench.newJob('[broken-link] Reword guides/webhooks.mdx');
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes('[broken-link]'));
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0]?.startsWith('[broken-link]'));
    assert.ok(job);
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon('[broken-link] Reword', 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.clearNotifications();
    await workbench.toastsQuiet();
    await workbench.contextMenu(workbench.jobRow('[broken-link] Reword'), "Preview Job's Change");
    const branch = String((await workbench.control.jobs()).find((j) => j.id === job.id)?.source?.ref ?? '');
    await workbench.control.waitForRequests(
      1,
      30_000,
      (r) => r.path.includes('/project/preview/') && JSON.stringify(r.body).includes(branch),
    );
    await workbench.control.finishPreview(String((await previewsOf(branch))[0]?.statusId)); // as built: the broken link fails it

    const failed = await workbench.notification(/failed to build: ✗ Broken link/, 60_000);
    await workbench.pressNotificationButton(failed, 'Show Build Log');
    await workbench.page.locator('.monaco-editor .view-line', { hasText: 'Broken link' }).first().waitFor();

    await workbench.contextMenu(
      workbench
        .jobRows()
        .filter({ hasText: /Preview\s*failed/ })
        .first(),
      'Ask the Agent to Fix the Preview Build',
    );
    // A follow-up draft to the job, the failing line quoted: sending it there is the confirmation.
    const draft = await workbench.composeAndSend('Fix the build of', '');
    await draft.waitFor({ state: 'detached' });
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && r.path.endsWith(`/job/${job.id}/message`));
    const prompts = (await workbench.control.jobs()).find((j) => j.id === job.id)?.prompts ?? [];
    assert.equal(prompts.length, 2, 'one follow-up');
    assert.match(
      prompts[1] ?? '',
      /failed\. Please fix this on the same branch\.\n\nWhat the preview build printed, .*\n`{3,}\n✗ Broken link/,
    );
  });

  it('Preview Current Branch: a branch the remote lacks or lags is offered Push, pushed only when asked, then built', async () => {
    const git = (...args: string[]): string =>
      execFileSync('git', ['-c', 'user.name=Writer', '-c', 'user.email=writer@example.com', ...args], {
        cwd: workbench.folder,
        encoding: 'utf8',
      }).trim();
    const remoteTip = (branch: string): string =>
      execFileSync('git', ['--git-dir', workbench.server.gitRemote, 'for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`], {
        encoding: 'utf8',
      }).trim();
    const commitLine = (line: string): void => {
      appendFileSync(join(workbench.folder, 'docs', 'quickstart.mdx'), `\n${line}\n`);
      git('commit', '-qam', line);
    };
    const branch = 'writer/faq';
    git('checkout', '-qb', branch);
    commitLine('Written by the writer on their own branch.');
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.clearNotifications();

    await workbench.runCommand('Docs Agent: Preview Current Branch');
    const unpushed = await workbench.notification(`Branch ${branch} is not on the remote yet`);
    assert.equal(remoteTip(branch), '', 'nothing is pushed before the writer says so');
    await workbench.pressNotificationButton(unpushed, /^Push$/);
    await workbench.control.waitForRequests(
      1,
      30_000,
      (r) => r.path.includes('/project/preview/') && JSON.stringify(r.body).includes(branch),
    );
    assert.equal(remoteTip(branch), git('rev-parse', 'HEAD'), 'pushed, with the writer’s commit');
    const [deployment] = await previewsOf(branch);
    assert.ok(deployment);
    await workbench.control.finishPreview(deployment.statusId, 'success');
    await workbench.notification(new RegExp(`${branch}.*is ready on 127\\.0\\.0\\.1`), 60_000);
    const page = await (await fetch(`${String(deployment.previewUrl).replace(/\/$/, '')}/quickstart`)).text();
    assert.match(page, /Written by the writer on their own branch\./, 'the preview builds the pushed branch');

    commitLine('A second thought, not pushed yet.');
    await workbench.clearNotifications();
    await workbench.runCommand('Docs Agent: Preview Current Branch');
    const ahead = await workbench.notification(`Branch ${branch} has 1 commit the remote does not have`);
    await workbench.pressNotificationButton(ahead, /^Push$/);
    await workbench.control.waitForRequests(
      2,
      30_000,
      (r) => r.path.includes('/project/preview/') && JSON.stringify(r.body).includes(branch),
    );
    assert.equal(remoteTip(branch), git('rev-parse', 'HEAD'), 'the second commit pushed on the writer’s word');
  });
});
