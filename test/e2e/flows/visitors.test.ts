import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { addDays, todayUtc } from '../../../src/visitors/date-range';
import { visitTruth } from '../../support/emulator/visit-truth';
import { Workbench } from '../../support/workbench/workbench';

// One person's journey with the visitors panel; each step starts where the last one ended.
describe('e2e: visitors for the open docs page', () => {
  let workbench: Workbench;
  let panel: FrameLocator;
  // "Today" as the extension saw it when it read the default range: a run can cross midnight UTC.
  let today = todayUtc(Date.now());
  // The custom range a later step picks (days included), and keeps for the steps after it.
  let from = addDays(today, -20);
  let to = addDays(today, -10);
  const analyticsRequests = async () => (await workbench.control.requests()).filter((r) => r.path.includes('/visitors'));

  /** The three numbers (human, AI, total) of a card, as the panel shows them. */
  async function figures(card: string): Promise<number[]> {
    const values = await panel.locator(`${card} .figure-value`).allInnerTexts();
    return values.map((v) => Number(v.replace(/[^\d]/g, '')));
  }

  before(async () => {
    workbench = await Workbench.open({ withKey: true });
    // Tall enough for the README's picture to show the chart under the cards.
    await workbench.page.setViewportSize({ width: 1400, height: 1150 });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('opens beside the page with site totals and the page’s numbers equal to the log’s', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    panel = workbench.webview();
    await panel.locator('.totals .figure-value').first().waitFor({ timeout: 30_000 });
    const [request] = await analyticsRequests();
    const read = addDays(String(request?.query.dateTo), -1);
    assert.ok(
      [today, todayUtc(Date.now())].includes(read),
      `the API’s dateTo is exclusive: the day after today (${today}), not after ${read}`,
    );
    [today, from, to] = [read, addDays(read, -20), addDays(read, -10)];
    const truth = await visitTruth(workbench.control, workbench.emulator.projectId, addDays(today, -29), today);
    const page = truth.byPath.get('/quickstart');
    assert.ok(page);
    assert.deepEqual(await figures('.totals'), [truth.totals.human, truth.totals.ai, truth.totals.total]);
    assert.deepEqual(await figures('.page-card'), [page.human, page.ai, page.total]);
    await panel.locator('.bar-row.current', { hasText: '/quickstart' }).waitFor();
    assert.equal(request?.query.dateFrom, addDays(today, -29));
    assert.equal(request?.query.limit, '250');
    await workbench.screenshot('visitors-panel');
  });

  it('changes range: the numbers change and the service saw dateTo a day after the chosen end', async () => {
    const before = await figures('.totals');
    await panel.getByRole('button', { name: 'Last 7 days' }).click();
    await panel.locator('.range-label', { hasText: /7 days/i }).waitFor();
    const truth = await visitTruth(workbench.control, workbench.emulator.projectId, addDays(today, -6), today);
    await panel.locator('.totals .figure-value', { hasText: truth.totals.total.toLocaleString('en-US') }).waitFor();
    assert.notDeepEqual(await figures('.totals'), before);

    await panel.getByLabel('From').fill(from);
    await panel.getByLabel('To (included)').fill(to);
    await panel.getByRole('button', { name: 'Apply' }).click();
    const custom = await visitTruth(workbench.control, workbench.emulator.projectId, from, to);
    await panel.locator('.totals .figure-value', { hasText: custom.totals.total.toLocaleString('en-US') }).waitFor();
    assert.deepEqual(await figures('.totals'), [custom.totals.human, custom.totals.ai, custom.totals.total]);
    const last = (await analyticsRequests()).at(-1);
    assert.equal(last?.query.dateFrom, from);
    assert.equal(last?.query.dateTo, addDays(to, 1));
  });

  it('follows the active editor: the highlight moves with no new request', async () => {
    const before = (await analyticsRequests()).length;
    // Back to the editor on the left, where a person keeps the docs.
    await workbench.runCommand('View: Focus First Editor Group');
    await workbench.openFile('docs/guides/authentication.mdx');
    await panel.locator('.bar-row.current', { hasText: '/guides/authentication' }).waitFor();
    await panel.locator('.page-card .page-path', { hasText: '/guides/authentication' }).waitFor();
    assert.equal((await analyticsRequests()).length, before);
  });

  it('says plainly when a page has no visits, and when a file is not a page', async () => {
    await workbench.openFile('docs/drafts/unpublished.mdx');
    await panel.locator('.page-card', { hasText: 'No visits to /drafts/unpublished in this range.' }).waitFor();
    await workbench.openFile('notes.md');
    await panel.locator('.page-card', { hasText: 'notes.md is not a docs page' }).waitFor();
  });

  it('reopening the panel costs no request', async () => {
    const before = (await analyticsRequests()).length;
    await workbench.runCommand('View: Close All Editors');
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    panel = workbench.webview();
    await panel.locator('.bar-row.current', { hasText: '/quickstart' }).waitFor({ timeout: 30_000 });
    assert.equal((await analyticsRequests()).length, before);
  });

  it('reads the 10,000-path site in the fewest requests and lists every path in the table', async () => {
    await workbench.control.clearRequests();
    await workbench.runCommand('Docs Agent: Set Project ID');
    await workbench.answerInput(workbench.emulator.syntheticProjectId, 'Mintlify project ID');
    // The status bar reads the new project's month at the same moment, and a site of unknown
    // size reserves 40 requests a read: of two reads nobody asked for, one may be held back
    // past the unasked share (80), and the panel then asks first. A person says Read Anyway.
    const switched = panel.locator('.project', { hasText: workbench.emulator.syntheticProjectId });
    const asked = panel.getByRole('button', { name: 'Read Anyway' });
    await switched.or(asked).first().waitFor({ timeout: 30_000 });
    if (await asked.isVisible()) await asked.click();
    await switched.waitFor({ timeout: 30_000 });
    // The panel keeps the custom range chosen earlier.
    const truth = await visitTruth(workbench.control, workbench.emulator.syntheticProjectId, from, to);
    const paths = truth.byPath.size;
    await panel.locator('.totals .figure-value', { hasText: truth.totals.total.toLocaleString('en-US') }).waitFor({ timeout: 30_000 });
    // (The status bar reads the default range once too; count this range's reads.)
    const reads = (await analyticsRequests()).filter((r) => r.query.dateFrom === from);
    assert.equal(reads.length, Math.ceil(paths / 250));
    await panel.getByRole('tab', { name: 'Table' }).click();
    await panel.locator('.table-count', { hasText: `${paths.toLocaleString('en-US')} paths` }).waitFor();
    await panel.getByLabel('Filter paths (contains, any case)').fill('section-50/');
    const shown = [...truth.byPath.keys()].filter((p) => p.includes('section-50/')).length;
    await panel.locator('.table-count', { hasText: `${shown} of ${paths.toLocaleString('en-US')}` }).waitFor();
    await workbench.screenshot('visitors-table-10k');
  });

  it('comes back after a window reload with its range, read from the cache', async () => {
    await workbench.control.clearRequests();
    // The editor's own reload, which lets storage finish writing first (a browser reload can
    // cut a large write short; the cache is then simply read again).
    await workbench.runCommand('Developer: Reload Window');
    await workbench.page.waitForEvent('load');
    await workbench.page.locator('.monaco-workbench').waitFor();
    panel = workbench.webview();
    await panel.locator('.project', { hasText: workbench.emulator.syntheticProjectId }).waitFor({ timeout: 60_000 });
    await panel.locator('.totals .figure-value').first().waitFor();
    const custom = await visitTruth(workbench.control, workbench.emulator.syntheticProjectId, from, to);
    assert.deepEqual(await figures('.totals'), [custom.totals.human, custom.totals.ai, custom.totals.total]);
    assert.equal((await analyticsRequests()).filter((r) => r.query.dateFrom === from).length, 0, 'a past range is never read twice');
  });
});
