import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import type { Locator } from 'playwright-core';
import { addDays, todayUtc } from '../../../src/visitors/date-range';
import { visitTruth } from '../../support/emulator/visit-truth';
import { Workbench } from '../../support/workbench/workbench';

// A writer looks across the whole docs tree: the Pages view offers to load a report (saying
// what it costs), then the Explorer shows every page's visitors as a badge, the Pages view
// groups what to fix, and Ask the Agent turns a page's numbers into a tracked job.
describe('e2e: readers across the docs tree', () => {
  let workbench: Workbench;
  const visitorsRequests = async (): Promise<number> =>
    (await workbench.control.requests()).filter((r) => r.path.includes('/visitors')).length;
  const signalRequests = async (): Promise<number> =>
    (await workbench.control.requests()).filter((r) => /\/(feedback|searches|assistant)/.test(r.path)).length;
  const pagesRow = (label: string): Locator => workbench.viewPane('Pages').locator('.monaco-list-row', { hasText: label }).first();

  /** Unfolds a group; a click that lands while the view redraws (its costs change with every request) is made again. */
  async function expand(label: string): Promise<void> {
    const row = pagesRow(label);
    const deadline = Date.now() + 15_000;
    while ((await row.getAttribute('aria-expanded')) !== 'true') {
      if (Date.now() > deadline) throw new Error(`${label} does not unfold`);
      await row.click();
      const unfolded = workbench.viewPane('Pages').locator('.monaco-list-row[aria-expanded="true"]', { hasText: label }).first();
      await unfolded.waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
  }

  before(async () => {
    workbench = await Workbench.open({ withKey: true, userSettings: { 'docsAgent.jobs.confirmBeforeSending': false } });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('the Pages view says what a report costs and reads one only when asked', async () => {
    await workbench.showPagesView();
    // Empty until asked: its welcome content offers the read, and the price is on the item accepted.
    const load = workbench.viewPane('Pages').locator('.welcome-view-content .monaco-button', { hasText: 'Load Visitors for Pages' });
    await load.click({ timeout: 30_000 });
    const accept = workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: /^Read/ }).first();
    assert.match(
      await workbench.text(accept),
      /the last 30 days: about 1 request \(estimated from the site.s 11 pages\) of the 100 an hour \(0 used\)/,
    );
    assert.equal(await visitorsRequests(), 0);
    await workbench.page.keyboard.press('Enter');
    await pagesRow('Visited paths with no page (3)').waitFor({ timeout: 30_000 });
    assert.equal(await visitorsRequests(), 1);
  });

  it('groups readers without a page and unread pages, and lists every page by visitors', async () => {
    await pagesRow('Visited paths with no page').waitFor();
    for (const path of ['/legacy/setup', '/guides/webhooks-v1', '/articles/concepts-agents', '/drafts/unpublished']) {
      await pagesRow(path).waitFor();
    }
    await expand('All pages');
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
    const visitors = truth.byPath.get('/quickstart')?.total ?? 0;
    assert.ok(visitors > 0);
    // The editor draws a badge as the label's ::after content, from a style rule it generates: a
    // mark by where the page stands, never a count that reads as a time.
    await workbench.page.waitForFunction(
      `[...document.querySelectorAll('.explorer-folders-view .monaco-list-row')].some((row) =>
        row.textContent.includes('quickstart.mdx') &&
        [...row.querySelectorAll('.monaco-icon-label')].some((label) => ['"★"', '"☆"', '"·"'].includes(getComputedStyle(label, '::after').content)))`,
      undefined,
      { timeout: 30_000 },
    );
    // The status bar says what its number counts.
    await quickstart.click();
    await workbench.page
      .locator('.statusbar-item', { hasText: `${visitors.toLocaleString('en-US')} visitor${visitors === 1 ? '' : 's'}` })
      .first()
      .waitFor({ timeout: 30_000 });
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
    await pagesRow('Visited paths with no page (2)').waitFor({ timeout: 30_000 });
  });

  it('Ask the Agent on a page sends an editable prompt with its numbers as a tracked job', async () => {
    await workbench.showPagesView();
    const row = pagesRow('/drafts/unpublished');
    await row.hover();
    await row.locator('.action-label[aria-label^="Ask the Agent About These Pages"]').click();
    // The drafted prompt opens in a draft the writer reads and edits, the cursor at the end of its first line.
    const draft = await workbench.composeAndSend('Ask the Agent about these pages', ' Keep it short.');
    const [request] = await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST');
    assert.match(
      String((request?.body as { prompt?: unknown } | undefined)?.prompt),
      /^\/drafts\/unpublished had no visitors in the last 30 days\. Check that drafts\/unpublished\.mdx is easy to find[^\n]* Keep it short\.$/m,
    );
    await draft.waitFor({ state: 'detached' });
    await workbench.openDocsAgentView();
    await workbench.jobRow('/drafts/unpublished had no visitors').waitFor({ timeout: 30_000 });
  });

  it('Read What Readers Said states its most in the view, reads once from its title bar, and groups what readers said', async () => {
    await workbench.showPagesView();
    const pane = workbench.viewPane('Pages');
    await pane
      .locator('.message', { hasText: /at most 7 of the 100 analytics requests an hour \(\d+ used\)/ })
      .waitFor({ timeout: 30_000 });
    assert.equal(await signalRequests(), 0);
    await pane.locator('.pane-header').hover();
    const read = pane.locator('.pane-header .action-label[aria-label="Read What Readers Said"]');
    await read.click();
    await workbench.page.locator('.quick-input-widget', { hasText: 'Read what readers said' }).waitFor();
    await workbench.page.keyboard.press('Enter');
    await pagesRow('Unhappy readers (').waitFor({ timeout: 30_000 });
    const spent = await signalRequests();
    assert.ok(spent >= 4 && spent <= 7, `${spent} requests, at most 7 as stated`);
    await pagesRow('/guides/webhooks').filter({ hasText: '% down' }).waitFor();
    await pagesRow('Searches that found nothing').click();
    await pagesRow('Questions the assistant could not answer').click();
    await workbench.widenSideBar(560);
    await workbench.clearNotifications();
    await workbench.screenshot('pages-readers-said');
  });

  it('a search that found nothing: Ask the Agent drafts a prompt quoting it, sent as a tracked job', async () => {
    const row = workbench.viewPane('Pages').locator('.monaco-list-row', { hasText: 'no result opened' }).first();
    const query = (await row.locator('.label-name').innerText()).replace(/^“|”$/g, '');
    await row.hover();
    await row.locator('.action-label[aria-label^="Ask the Agent About These Pages"]').click();
    const posts = (await workbench.control.requests()).filter((r) => r.method === 'POST').length;
    await workbench.composeAndSend('Ask the Agent about these pages', '');
    const [request] = (await workbench.control.waitForRequests(posts + 1, 30_000, (r) => r.method === 'POST')).slice(posts);
    const prompt = String((request?.body as { prompt?: unknown } | undefined)?.prompt);
    assert.ok(prompt.startsWith('Readers searched for this '), prompt);
    // The search is the reader's: last on its line, inside the fence.
    assert.ok(
      prompt.split('\n').some((line) => line.startsWith('- ') && line.endsWith(`: ${query}`)),
      prompt,
    );
    assert.ok(prompt.includes('\n'), 'its lines are kept, not joined into one');
    await workbench.openDocsAgentView();
    await workbench.jobRow('Readers searched').waitFor({ timeout: 30_000 });
  });

  it('the Readers said tab shows the open page’s comments in the emulator’s order, for no request', async () => {
    const before = await signalRequests();
    await workbench.openFile('docs/guides/webhooks.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel = workbench.webview();
    await panel.getByRole('tab', { name: 'Readers said' }).click();
    await panel.locator('.said-comment').first().waitFor({ timeout: 30_000 });
    const fromDay = Date.parse(addDays(todayUtc(), -29)) / 86_400_000;
    const order = ['pending', 'in_progress', 'resolved', 'dismissed'];
    const expected = (await workbench.control.signals(workbench.emulator.projectId)).feedback
      .filter(
        (e) =>
          e.day >= fromDay && e.path.replace(/^https?:\/\/[^/]+/, '').replace(/(.)\/$/, '$1') === '/guides/webhooks' && e.comment?.trim(),
      )
      .sort(
        (a, b) => order.indexOf(a.status) - order.indexOf(b.status) || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
      )
      .map((e) => e.comment);
    assert.deepEqual(await panel.locator('.said-comment .said-text').allInnerTexts(), expected);
    await workbench.clearNotifications();
    // The picture shows the tab from its top, under the cards.
    await panel
      .getByRole('tab', { name: 'Readers said' })
      .evaluate((tab: { scrollIntoView(options: object): void }) => tab.scrollIntoView({ block: 'start' }));
    await workbench.screenshot('readers-said-tab');
    assert.equal(await signalRequests(), before, 'the tab read nothing: the read above is in the cache');
  });
});
