// Preview deployments when things go wrong, in the real workbench: a 429 on starting is waited
// out and said; a build followed while the service is unreachable says its last check failed and
// is announced once the service is back; a plan without previews is said once and hides the
// preview commands; a window reloaded mid-build still follows the build and announces its end.
import * as assert from 'node:assert/strict';
import { previewRowShows } from '../../support/workbench/rows-under';
import { previewSuiteOptions, sharedWorkbench } from '../../support/workbench/shared-workbench';
import type { Workbench } from '../../support/workbench/workbench';

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
    // Shared with the other preview suites (test-all.mjs runs them in one process): each reads
    // only its own jobs' rows, and the plan without previews comes last of all.
    workbench = await sharedWorkbench(previewSuiteOptions);
    await workbench.clearNotifications();
    await workbench.openDocsAgentView();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });

  const previewPosts = async (): Promise<number> =>
    (await workbench.control.requests()).filter((r) => r.method === 'POST' && r.path.includes('/project/preview/')).length;

  it('a 429 on starting (the organisation spent the minute elsewhere) is waited out, saying how long, then starts', async () => {
    await finishedJob('Reword quickstart.mdx');
    await workbench.clearNotifications();
    const posts = await previewPosts();
    // Longer than the client sits through quietly: the wait is the writer's to see.
    await workbench.control.fault({ kind: 'status', status: 429, retryAfter: '12', match: { method: 'POST', path: '/project/preview/' } });
    await workbench.contextMenu(workbench.jobRow('Reword quickstart.mdx'), "Preview Job's Change");
    await workbench.notification(/waiting 1\d seconds: the platform takes 5 preview requests a minute/);
    await workbench.control.waitForRequests(posts + 2, 40_000, (r) => r.method === 'POST' && r.path.includes('/project/preview/'));
    await previewRowShows(workbench, 'Reword quickstart.mdx', 'queued');
    assert.equal(await previewPosts(), posts + 2, 'asked once more, after the wait');
  });

  it('a build followed while the service is unreachable says its last check failed, and its end is announced once it is back', async () => {
    await finishedJob('Reword webhooks.mdx');
    await workbench.clearNotifications();
    const known = new Set((await workbench.control.previews()).map((p) => p.statusId));
    await workbench.control.fault({ kind: 'drop', count: 1_000, match: { path: '/update-status/' } });
    await workbench.contextMenu(workbench.jobRow('Reword webhooks.mdx'), "Preview Job's Change");
    await previewRowShows(workbench, 'Reword webhooks.mdx', 'last check failed', 60_000);
    const deployment = (await workbench.control.previews()).find((p) => !known.has(p.statusId));
    assert.ok(deployment, 'the preview was started');
    await workbench.control.clearFaults();
    await workbench.toastsQuiet();
    await workbench.control.finishPreview(deployment.statusId, 'success');
    await workbench.notification(/is ready on 127\.0\.0\.1:\d+/, 60_000);
    const ready = await previewRowShows(workbench, 'Reword webhooks.mdx', 'ready');
    assert.doesNotMatch(ready, /last check failed/, 'the good answer clears the failed check');
  });

  it('a window reloaded while the build runs still follows it, and announces its end once', async () => {
    await finishedJob('Reword changelog.mdx');
    await workbench.clearNotifications();
    const known = new Set((await workbench.control.previews()).map((p) => p.statusId));
    const posts = await previewPosts();
    await workbench.contextMenu(workbench.jobRow('Reword changelog.mdx'), "Preview Job's Change");
    await workbench.control.waitForRequests(posts + 1, 30_000, (r) => r.method === 'POST' && r.path.includes('/project/preview/'));
    // This job's build, not one an earlier case left queued (that one's row says Preview too).
    const deployment = (await workbench.control.previews()).find((p) => !known.has(p.statusId));
    assert.ok(deployment);
    await workbench.reloadWindow();
    await workbench.openDocsAgentView();
    await previewRowShows(workbench, 'Reword changelog.mdx', 'Preview');
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
