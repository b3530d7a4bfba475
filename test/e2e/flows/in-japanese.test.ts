import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { bundleStrings, manifestStrings } from '../../support/manifest';
import { visitTruth } from '../../support/emulator/visit-truth';
import { addDays, todayUtc } from '../../../src/visitors/date-range';
import { Workbench } from '../../support/workbench/workbench';

// A Japanese writer's editor (the display language set to ja; the editor's own words stay English
// in code-server's stand-in language pack): what Docs Agent shows is Japanese, and README's
// picture of it comes from here.
describe('e2e: in Japanese', () => {
  let workbench: Workbench;
  let panel: FrameLocator;
  const words = bundleStrings('ja');
  const manifest = manifestStrings('ja');
  const said = (english: string): string => {
    const text = words[english];
    assert.ok(text, `no Japanese for “${english}”`);
    return text;
  };
  const prompt = 'クイックスタートに FAQ を追加';

  before(async () => {
    workbench = await Workbench.open({ withKey: true, locale: 'ja' });
    await workbench.page.setViewportSize({ width: 1400, height: 900 });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('the palette’s command, the job’s row and the finish notification are in Japanese', async () => {
    await workbench.runCommand(`Docs Agent: ${manifest['command.newJob.title']}`);
    await workbench.answerInput(prompt, said('New agent job'));
    await workbench.runCommand(`Focus on ${manifest['view.jobs.name']} View`);
    const row = workbench.viewPane(manifest['view.jobs.name'] ?? '').locator('.monaco-list-row', { hasText: prompt });
    await row.filter({ hasText: said('running/A job’s status') }).waitFor({ timeout: 30_000 });
    const [job] = await workbench.control.jobs();
    assert.ok(job?.id);
    await workbench.control.finishJob(job.id);
    const finished = said('Agent job “{0}” completed with a pull request.').replace('{0}', prompt);
    await workbench.notification(finished);
    await row.filter({ hasText: said('pull request ready') }).waitFor({ timeout: 30_000 });
  });

  it('the visitors panel: its words in Japanese, its numbers and dates as Japanese writes them', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand(`Docs Agent: ${manifest['command.showVisitors.title']}`);
    panel = workbench.webview();
    await panel.locator('.totals .figure-value').first().waitFor({ timeout: 30_000 });
    assert.equal(await panel.locator('html').getAttribute('lang'), 'ja');
    assert.ok((await panel.locator('h1').first().innerText()).startsWith(said('Visitors')));
    const today = todayUtc(Date.now());
    const truth = await visitTruth(workbench.control, workbench.emulator.projectId, addDays(today, -29), today);
    const total = new Intl.NumberFormat('ja').format(truth.totals.total);
    await panel.locator('.totals .figure-value', { hasText: total }).first().waitFor();
    // The range's name in Japanese, its days as Japanese writes them ("2026/10/29～2026/11/27"), not "Oct 29–Nov 27, 2026".
    const name = said('Last {0} days').replace('{0}', '30');
    const days = /\d{4}\/\d{1,2}\/\d{1,2}～\d{4}\/\d{1,2}\/\d{1,2}/;
    await panel
      .locator('.range-label', { hasText: name })
      .and(panel.locator('.range-label', { hasText: days }))
      .waitFor();
    // README's picture: the job's row whole beside the panel.
    await workbench.widenSideBar(430);
    await workbench.screenshot('in-japanese');
  });

  it('one file reads as one: the change’s file list offers “1 個のファイル” to a branch, not “すべて” of them', async () => {
    // Japanese has no singular in its plural rules; the sentence for exactly one is its own.
    await workbench.setUserSetting('docsAgent.review.showChangesAs', 'fileList');
    const row = workbench.viewPane(manifest['view.jobs.name'] ?? '').locator('.monaco-list-row', { hasText: prompt });
    await workbench.contextMenu(row, manifest['command.reviewChanges.title'] ?? '');
    const checkOut = workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: said('Edit Job’s Change Locally') });
    const one = said('{0} file on a branch of its own').replace('{0}', '1');
    await checkOut.filter({ hasText: one }).waitFor({ timeout: 30_000 });
    assert.doesNotMatch(await checkOut.innerText(), /すべて/);
    await workbench.page.keyboard.press('Escape');
  });
});
