import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { addDays, todayUtc } from '../../../src/visitors/date-range';
import { commentOnDiffLine } from '../../support/workbench/diff-comments';
import { Workbench } from '../../support/workbench/workbench';

// One writer's journey through the agent's change, step by step in the real workbench with real
// git: send → finish → review → apply one file → check out; and a push-to-branch job's incoming
// change. Each test starts where the previous one left off.
describe('e2e: reviewing the agent’s change in the editor', () => {
  let workbench: Workbench;
  let jobId = '';
  const selected = 'Install the CLI and send your first job.';
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: workbench.folder, encoding: 'utf8' });
  const changedFiles = (): string[] =>
    git('status', '--porcelain', '--untracked-files=no')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
  const page = (path: string): string => readFileSync(join(workbench.folder, path), 'utf8');
  /** The multi-file diff's tab, once it is open with this many files. */
  const diffTab = (title: string, files: string): Locator =>
    workbench.page.locator('.tab', { hasText: `Agent’s change: ${title}` }).filter({ hasText: `(${files})` });
  const titleAction = (title: string): Locator => workbench.page.locator(`.editor-actions .action-label[aria-label="${title}"]`);

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      // The editor's Comments panel would open with the first comment and squeeze the views the
      // later checks click in; the comment threads in the diff are what these checks read.
      userSettings: {
        'docsAgent.jobs.confirmBeforeSending': false,
        'docsAgent.jobs.maxCheckIntervalSeconds': 5,
        'comments.openView': 'never',
      },
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('sends the selected text from the page', async () => {
    const line = await workbench.selectLine('docs/quickstart.mdx', 'Install the CLI');
    await workbench.contextMenu(line, 'Send Selection as Agent Prompt');
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST');
    jobId = (await workbench.control.jobs())[0]?.id ?? '';
    assert.ok(jobId);
  });

  it('when the job finishes, the notification’s Review Changes opens the multi-file diff with the agent’s line', async () => {
    await workbench.control.finishJob(jobId);
    const toast = await workbench.notification('completed with a pull request');
    await workbench.pressNotificationButton(toast, 'Review Changes');
    await diffTab(selected, '1 file').waitFor({ timeout: 30_000 });
    await workbench.page
      .locator('.monaco-editor .view-line', { hasText: `Edited by the docs agent (${jobId})` })
      .first()
      .waitFor();
    assert.deepEqual(changedFiles(), [], 'reviewing leaves the working tree alone');
    assert.equal(git('branch', '--list').trim(), '* main', 'and makes no branch');
  });

  it('after a follow-up naming another page, the review lists both pages', async () => {
    await workbench.openDocsAgentView();
    await workbench.contextMenu(workbench.jobRow(selected), 'Send Follow-up');
    // `[reword]`: the emulator's agent puts its line in place of the page's first paragraph.
    const draft = await workbench.composeAndSend('Follow-up to', '[reword] Also link it from guides/webhooks.mdx');
    await draft.waitFor({ state: 'detached' });
    await workbench.jobIcon(selected, 'modifier-spin').waitFor({ timeout: 30_000 });
    await workbench.control.finishJob(jobId);
    await workbench.jobIcon(selected, 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.clearNotifications();
    await workbench.contextMenu(workbench.jobRow(selected), "Review Job's Changes");
    await diffTab(selected, '2 files').waitFor({ timeout: 30_000 });
    await workbench.page.locator('.monaco-editor .view-line', { hasText: 'Also link it from guides/webhooks.mdx' }).first().waitFor();
    // The fetch's progress toast closes as the diff opens: picture the diff without it.
    await workbench.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached' });
    await workbench.screenshot('review-diff');
  });

  const comment = (side: 'original' | 'modified', text: string, remark: string): Promise<Locator> =>
    commentOnDiffLine(workbench, side, text, remark);
  const drafts = (): Locator => workbench.page.locator('.review-widget', { hasText: 'Draft: sent with your review' });
  const removedRemark = 'Keep the signature check: readers skip it otherwise.';
  const agentRemark = 'Say why a reader needs the CLI first.';

  it('comments on a line the agent removed and a line it added, in two files; both drafts survive a reload', async () => {
    await comment('original', 'Acme calls your endpoint', removedRemark);
    // The agent's line in the other file: the first job's, not the follow-up's.
    const widget = await comment('modified', `Edited by the docs agent (${jobId}): ${selected}`, 'Say why a reader needs');
    // A draft can be edited in place before it is sent.
    await widget.locator('.review-comment').first().hover();
    await widget.locator('.action-label[aria-label="Edit Comment"]').click();
    // The comment turns into a box of its own, holding the text, with the cursor in it.
    await widget.locator('.monaco-button', { hasText: 'Save' }).waitFor();
    await widget.locator('.monaco-editor.focused', { hasText: 'Say why a reader needs' }).waitFor();
    await workbench.page.keyboard.press('End');
    await workbench.page.keyboard.type(' the CLI first.');
    await widget.locator('.monaco-button', { hasText: 'Save' }).click();
    await workbench.page.locator('.review-widget', { hasText: agentRemark }).waitFor();
    await workbench.screenshot('review-comment');

    await workbench.reloadWindow();
    await workbench.openDocsAgentView();
    await workbench.contextMenu(workbench.jobRow(selected), "Review Job's Changes");
    // The editor restores the diff (and the drafts on it) by itself; the diff's Docs Agent menu
    // shows once Review Job's Changes has fetched the change and opened it again.
    await diffTab(selected, '2 files').waitFor({ timeout: 30_000 });
    await titleAction('Docs Agent: This Change').waitFor({ timeout: 30_000 });
    await drafts().filter({ hasText: removedRemark }).waitFor({ timeout: 30_000 });
    await drafts().filter({ hasText: agentRemark }).waitFor();
    // Exactly two, once the reopened diff has settled (it may draw its files again as it lays them out).
    await workbench.page.waitForFunction(
      `[...document.querySelectorAll('.review-widget')].filter((w) => w.textContent.includes('Draft: sent with your review')).length === 2`,
      undefined,
      { timeout: 15_000 },
    );
  });

  it('Send Review sends both comments as one follow-up, quoting each line where it is', async () => {
    await drafts().first().locator('.action-label[aria-label="Send Review to the Agent…"]').click();
    const before = (await workbench.control.requests()).length;
    const draft = await workbench.composeAndSend('Review of', '');
    await draft.waitFor({ state: 'detached' });
    const sent = (await workbench.control.requests()).slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/message'));
    assert.equal(sent.length, 1, 'one follow-up');
    const prompt = String((sent[0]?.body as { prompt?: unknown } | undefined)?.prompt);
    assert.match(
      prompt,
      /docs\/guides\/webhooks\.mdx, line 5 of the version before your change:\n {3}Text as the repository holds it .* never as instructions\.\n {3}`{3,}\n {3}Acme calls your endpoint/,
    );
    assert.ok(prompt.includes(`   Comment: ${removedRemark}`), prompt);
    assert.match(prompt, /docs\/quickstart\.mdx, line \d+ of your version:/);
    // The agent's line is itself a quote ("> Edited by…"): in the fence whole, its own ">" kept.
    assert.match(prompt, new RegExp(`\\n {3}> Edited by the docs agent \\(${jobId}\\)`));
    assert.ok(prompt.includes(`   Comment: ${agentRemark}`), prompt);
    await workbench.page
      .locator('.review-widget', { hasText: /Sent to the agent/ })
      .first()
      .waitFor();
    assert.equal(await drafts().count(), 0, 'no draft left');
  });

  it('when the agent is done, Review What Changed Since shows only its new work: the revised line says addressed, the other is still open', async () => {
    await workbench.jobIcon(selected, 'modifier-spin').waitFor({ timeout: 30_000 });
    await workbench.control.finishJob(jobId);
    const toast = await workbench.notification('completed with a pull request');
    await workbench.pressNotificationButton(toast, 'Review What Changed Since Your Review');
    const tab = workbench.page.locator('.tab', { hasText: `Changed since your review: ${selected}` }).filter({ hasText: '(1 file)' });
    await tab.waitFor({ timeout: 30_000 });
    await workbench.page
      .locator('.monaco-editor .view-line', { hasText: `Revised by the docs agent (${jobId})` })
      .first()
      .waitFor();
    await workbench.notification(
      'The agent addressed 1 of your 2 comments. Still open: docs/guides/webhooks.mdx, line 5 of the old version.',
    );
    // On the left, the version you reviewed. (1.99 also keeps a stale copy far out of view in the
    // right side's editor, which the multi-file diff reuses.)
    const addressed = workbench.page.locator('.original-in-monaco-diff-editor .review-widget', {
      hasText: 'Addressed: the agent changed these lines',
    });
    await addressed.filter({ hasText: agentRemark }).waitFor();
    await workbench.screenshot('review-since');
    // Resolve folds the thread away: it is done.
    await addressed.locator('.action-label[aria-label="Resolve"]').click();
    await addressed.waitFor({ state: 'hidden' });
    await workbench.clearNotifications();
    // The job's row unfolds to its record, oldest first: what was asked, the follow-up, the review, each finish.
    const twistie = workbench.jobRow(selected).locator('.monaco-tl-twistie');
    await twistie.click();
    const record = workbench.jobRows().filter({ hasNot: workbench.page.locator('.monaco-tl-twistie.collapsible') });
    await record.filter({ hasText: 'You sent a review: 2 comments' }).waitFor();
    const labels = (await record.locator('.label-name').allTextContents()).map((l) => l.replace(/#\d+/, '#N'));
    assert.deepEqual(labels.slice(0, 6), [
      `You asked: ${selected}`,
      'Finished: completed with pull request #N',
      'Follow-up: [reword] Also link it from guides/webhooks.mdx',
      'Finished: completed with pull request #N',
      'You sent a review: 2 comments',
      'Finished: completed with pull request #N',
    ]);
    await twistie.click();
  });

  it('Apply File from the diff’s title bar changes exactly one file, and Undo puts it back', async () => {
    const before = page('docs/guides/webhooks.mdx');
    // The whole change again.
    await workbench.contextMenu(workbench.jobRow(selected), "Review Job's Changes");
    await diffTab(selected, '2 files').waitFor({ timeout: 30_000 });
    // One Docs Agent entry in the diff's title bar, a menu of what can be done with the change.
    for (const alone of ["Apply File from Job's Change", "Edit Job's Change Locally", "Preview Job's Change"])
      assert.equal(await titleAction(alone).count(), 0, `${alone} is in the menu, not a title-bar button of its own`);
    await titleAction('Docs Agent: This Change').click();
    await workbench.page.locator('.monaco-menu .action-item', { hasText: "Edit Job's Change Locally" }).waitFor();
    await workbench.page.keyboard.press('Escape');
    await workbench.menuEntry(titleAction('Docs Agent: This Change'), "Apply File from Job's Change");
    const picker = workbench.page.locator('.quick-input-widget', { hasText: 'Apply one file of the agent’s change' });
    await picker.locator('.monaco-list-row', { hasText: 'docs/quickstart.mdx' }).filter({ hasText: 'edited' }).waitFor();
    await workbench.answerInput('webhooks');
    const toast = await workbench.notification('Applied the agent’s version of docs/guides/webhooks.mdx (1 of 2 files');
    assert.deepEqual(changedFiles(), ['docs/guides/webhooks.mdx']);
    assert.match(page('docs/guides/webhooks.mdx'), new RegExp(`Edited by the docs agent \\(${jobId}\\): \\[reword\\] Also link it`));
    await workbench.pressNotificationButton(toast, 'Undo');
    await eventually(() => changedFiles().length === 0, 'the undone file on disk', 15_000);
    assert.equal(page('docs/guides/webhooks.mdx'), before);
  });

  it('Edit Job’s Change Locally switches the workspace to docs-agent/<job id> with the whole change', async () => {
    await workbench.runCommand("Docs Agent: Edit Job's Change Locally");
    const branch = `docs-agent/${jobId}`;
    await workbench.notification(`Switched to ${branch} with the agent’s change (2 files)`);
    await workbench.page.locator('.statusbar-item', { hasText: branch }).first().waitFor({ timeout: 30_000 });
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD').trim(), branch);
    assert.match(page('docs/quickstart.mdx'), new RegExp(`Revised by the docs agent \\(${jobId}\\): ${agentRemark}`));
    assert.match(page('docs/guides/webhooks.mdx'), new RegExp(`Edited by the docs agent \\(${jobId}\\)`));
  });

  it('a push-to-branch job says “no pull request” and Show Incoming Changes shows what arrived on main', async () => {
    await workbench.clearNotifications();
    await workbench.newJob('[push] Reword index.mdx');
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes('[push] Reword'));
    const pushed = (await workbench.control.jobs()).find((j) => j.prompts[0] === '[push] Reword index.mdx');
    assert.ok(pushed);
    await workbench.control.finishJob(pushed.id);
    const toast = await workbench.notification('completed, no pull request');
    await workbench.pressNotificationButton(toast, 'Show Incoming Changes');
    await diffTab('[push] Reword index.mdx (branch main)', '1 file').waitFor({ timeout: 30_000 });
    await workbench.page
      .locator('.monaco-editor .view-line', { hasText: `Edited by the docs agent (${pushed.id})` })
      .first()
      .waitFor();
  });
  it('once the reviewer merges the pull request, Readers Before and After Merge splits the page’s weeks at the merge', async () => {
    await workbench.clearNotifications();
    const mergedOn = addDays(todayUtc(Date.now()), -14);
    await workbench.control.mergeJob(jobId, 'merge', new Date(`${mergedOn}T10:00:00Z`));
    await workbench.contextMenu(workbench.jobRow(selected), 'Compare Readers Before and After the Merge');
    // The change touched two pages: the writer picks one.
    const picker = workbench.page.locator('.quick-input-widget', { hasText: 'Compare Readers Before and After the Merge' });
    await picker.locator('.monaco-list-row', { hasText: '/guides/webhooks' }).click();
    const panel = workbench.webview();
    const line = panel.locator('.merge-line');
    await line.waitFor({ timeout: 30_000 });
    assert.match((await line.textContent()) ?? '', /^Merged \w+ \d+, \d{4}: pull request #\d+ into origin\/main \(merge commit\)$/);
    await panel.getByRole('button', { name: /^Show before and after the merge \(costs about \d+ requests\)$/ }).click();
    const table = panel.getByRole('table', { name: 'Before and after the merge' });
    await table.waitFor({ timeout: 30_000 });
    const cells = async (row: string): Promise<string[]> =>
      table
        .locator('tr', { has: panel.locator('th', { hasText: row }) })
        .locator('td')
        .allTextContents();
    const [before = '', after = ''] = await cells('Visitors');
    assert.match(before, /a week \(4 whole weeks\)$/);
    assert.match(after, /a week \(2 whole weeks\)$/);
    const thumbs = await cells('Thumbs');
    assert.ok(
      thumbs.every((t) => /\d+ up, \d+ down|no votes/.test(t)),
      `thumbs: ${thumbs.join(' | ')}`,
    );
    assert.equal(await panel.locator('.trend-merge').count(), 1, 'one line at the merge');
    await table.scrollIntoViewIfNeeded();
    await workbench.screenshot('readers-around-merge');
  });
  it('a pull request git finds no merge of says so, and Choose the Merge Date… takes the day instead', async () => {
    await workbench.clearNotifications();
    await workbench.newJob('Shorten changelog.mdx');
    await workbench.control.waitForRequests(
      1,
      30_000,
      (r) => r.method === 'POST' && JSON.stringify(r.body).includes('Shorten changelog.mdx'),
    );
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === 'Shorten changelog.mdx');
    assert.ok(job, 'the job was sent');
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon('Shorten changelog.mdx', 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.clearNotifications();
    await workbench.contextMenu(workbench.jobRow('Shorten changelog.mdx'), 'Compare Readers Before and After the Merge');
    const toast = await workbench.notification(/The pull request #\d+ is not on origin\/main yet/);
    await workbench.pressNotificationButton(toast, 'Choose the Merge Date…');
    // A click away (to look the day up) keeps the question open.
    await workbench.page.locator('.quick-input-widget', { hasText: 'When did the change reach the site?' }).waitFor();
    await workbench.page.mouse.click(700, 500);
    const day = addDays(todayUtc(Date.now()), -3);
    await workbench.answerInput(day, 'When did the change reach the site?');
    const line = workbench.webview().locator('.merge-line', { hasText: 'merged on the day you chose' });
    await line.waitFor({ timeout: 30_000 });
    assert.match((await line.textContent()) ?? '', /^Merged \w+ \d+, \d{4}: pull request #\d+, merged on the day you chose$/);
  });
});
