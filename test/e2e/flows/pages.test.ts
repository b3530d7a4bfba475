import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import type { Locator } from 'playwright-core';
import { addDays, todayUtc } from '../../../src/visitors/date-range';
import { badgeText } from '../../../src/site/badge-text';
import { visitTruth } from '../../support/emulator/visit-truth';
import { Workbench } from '../../support/workbench/workbench';

// A writer looks across the whole docs tree: the Pages view offers to load a report (saying
// what it costs), then the Explorer shows every page's visitors as a badge, the Pages view
// groups what to fix, and Ask the Agent turns a page's numbers into a tracked job.
describe('e2e: readers across the docs tree', () => {
  let workbench: Workbench;
  const visitorsRequests = async (): Promise<number> =>
    (await workbench.control.requests()).filter((r) => r.path.includes('/visitors')).length;
  const pagesRow = (label: string): Locator => workbench.viewPane('Pages').locator('.monaco-list-row', { hasText: label }).first();

  before(async () => {
    workbench = await Workbench.open({ withKey: true, settings: { 'docsAgent.jobs.confirmBeforeSending': false } });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('the Pages view says what a report costs and reads one only when asked', async () => {
    await workbench.showPagesView();
    const load = pagesRow('Load Visitors for Pages');
    await load.waitFor({ timeout: 30_000 });
    assert.match(
      await workbench.text(load),
      /the last 30 days: about 1 request \(estimated from the site.s 11 pages\) of the 100 an hour \(0 used\)/,
    );
    assert.equal(await visitorsRequests(), 0);
    await load.click();
    await pagesRow('Readers without a page (3)').waitFor({ timeout: 30_000 });
    assert.equal(await visitorsRequests(), 1);
  });

  it('groups readers without a page and unread pages, and lists every page by visitors', async () => {
    await pagesRow('Readers without a page').waitFor();
    for (const path of ['/legacy/setup', '/guides/webhooks-v1', '/articles/concepts-agents', '/drafts/unpublished']) {
      await pagesRow(path).waitFor();
    }
    await pagesRow('All pages').click();
    const today = todayUtc();
    const truth = await visitTruth(workbench.control, workbench.emulator.projectId, addDays(today, -29), today);
    const home = truth.byPath.get('/');
    assert.ok(home);
    await pagesRow(`${home.total.toLocaleString('en-US')} visitors`).waitFor();
    await workbench.widenSideBar(520);
    await workbench.screenshot('pages-view');
  });

  it('the Explorer shows each page’s visitors as a badge, for no request of its own', async () => {
    const before = await visitorsRequests();
    await workbench.runCommand('File: Focus on Files Explorer');
    await workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'docs' }).first().click();
    const quickstart = workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'quickstart.mdx' }).first();
    await quickstart.waitFor();
    const today = todayUtc();
    const truth = await visitTruth(workbench.control, workbench.emulator.projectId, addDays(today, -29), today);
    const expected = badgeText(truth.byPath.get('/quickstart')?.total ?? 0);
    // The editor draws a badge as the label's ::after content, from a style rule it generates.
    await workbench.page.waitForFunction(
      `[...document.querySelectorAll('.explorer-folders-view .monaco-list-row')].some((row) =>
        row.textContent.includes('quickstart.mdx') &&
        [...row.querySelectorAll('.monaco-icon-label')].some((label) => getComputedStyle(label, '::after').content === '"${expected}"'))`,
      undefined,
      { timeout: 30_000 },
    );
    await workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'guides' }).first().click();
    await workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'webhooks.mdx' }).first().waitFor();
    await workbench.screenshot('explorer-badges');
    assert.equal(await visitorsRequests(), before);
  });

  it('Add Redirect sends an old path to the closest page, in docs.json, keeping its comments', async () => {
    await workbench.showPagesView();
    const row = pagesRow('/guides/webhooks-v1');
    await row.hover();
    await row.locator('.action-label[aria-label="Add Redirect…"]').click();
    const picker = workbench.page.locator('.quick-input-widget', { hasText: 'Redirect /guides/webhooks-v1 to…' });
    await picker.locator('.monaco-list-row').first().filter({ hasText: '/guides/webhooks' }).waitFor();
    await workbench.page.keyboard.press('Enter');
    await workbench.notification('Added a redirect from /guides/webhooks-v1 to /guides/webhooks in docs.json');
    const text = readFileSync(join(workbench.folder, 'docs/docs.json'), 'utf8');
    assert.match(text, /\/\/ The beta's pages moved into the API reference\./, 'the comment is kept');
    const errors: ParseError[] = [];
    const config = parse(text, errors) as { redirects: unknown[] };
    assert.deepEqual(errors, []);
    assert.deepEqual(config.redirects.at(-1), { source: '/guides/webhooks-v1', destination: '/guides/webhooks' });
    await pagesRow('Readers without a page (2)').waitFor({ timeout: 30_000 });
  });

  it('Ask the Agent on a page sends an editable prompt with its numbers as a tracked job', async () => {
    await workbench.showPagesView();
    const row = pagesRow('/drafts/unpublished');
    await row.hover();
    await row.locator('.action-label[aria-label="Ask the Agent About These Pages"]').click();
    await workbench.page.locator('.quick-input-widget', { hasText: 'Ask the agent' }).waitFor();
    const input = workbench.page.locator('.quick-input-widget .quick-input-box input');
    assert.match(
      await input.inputValue(),
      /^\/drafts\/unpublished had no visitors in the last 30 days\. Check that drafts\/unpublished\.mdx is easy to find/,
    );
    await input.press('End');
    await input.pressSequentially(' Keep it short.');
    await input.press('Enter');
    const [request] = await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST');
    assert.match(
      String((request?.body as { prompt?: unknown } | undefined)?.prompt),
      /^\/drafts\/unpublished had no visitors.* Keep it short\.$/,
    );
    await workbench.openDocsAgentView();
    await workbench.jobRow('/drafts/unpublished had no visitors').waitFor({ timeout: 30_000 });
  });
});
