import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { commentOnDiffLine } from '../../support/workbench/diff-comments';
import { Workbench } from '../../support/workbench/workbench';

// Taking the agent's change one hunk at a time, in the real workbench with real git: a job whose
// change has three hunks in one page and a new page; the writer has an unsaved edit of their own.
// Each test starts where the previous one left off.
describe('e2e: taking the agent’s change hunk by hunk', () => {
  let workbench: Workbench;
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

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      userSettings: {
        'docsAgent.jobs.confirmBeforeSending': false,
        'docsAgent.jobs.maxCheckIntervalSeconds': 5,
        // The desktop editor's default (the browser-hosted one saves a second after each edit): the
        // writer's edit stays unsaved until they save it.
        'files.autoSave': 'off',
      },
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  const hunksPrompt = '[hunks] Tidy guides/authentication.mdx';
  const authPath = 'docs/guides/authentication.mdx';
  /** The status bar's count of the change's hunks in the writer's files. */
  const applied = (text: string): Locator => workbench.page.locator('.statusbar-item[id$="docsAgent.appliedChanges"]', { hasText: text });
  /** Clicks the agent's line holding `text` on the diff's right side, which puts the cursor there. */
  async function cursorOn(text: string): Promise<Locator> {
    const line = workbench.page.locator('.monaco-editor.modified-in-monaco-diff-editor .view-line', { hasText: text }).first();
    // A click scrolls the line into view, and finds it again if the diff draws it anew meanwhile
    // (a diff opened again after a reload does, on a busy machine).
    await line.click();
    return line;
  }

  /** Sends a job from the palette and has the agent finish it with a pull request; its row shows so. */
  async function sentAndFinished(prompt: string): Promise<{ id: string }> {
    await workbench.clearNotifications();
    await workbench.newJob(prompt);
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && JSON.stringify(r.body).includes(prompt));
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job, 'the job was sent');
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon(prompt, 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.clearNotifications();
    return job;
  }

  it('Apply This Change takes one hunk of the agent’s change into the page, beside the writer’s unsaved edit', async () => {
    const original = page(authPath);
    await workbench.openDocsAgentView();
    const job = await sentAndFinished(hunksPrompt);
    // The writer's own edit in the page's last paragraph, not saved.
    await workbench.selectLine(authPath, 'Rotate keys from the dashboard');
    await workbench.page.keyboard.press('End');
    await workbench.page.keyboard.type(' Ask your admin.');
    await workbench.contextMenu(workbench.jobRow(hunksPrompt), "Review Job's Changes");
    await diffTab(hunksPrompt, '2 files').waitFor({ timeout: 30_000 });
    await applied('Applied 0 of 4 changes in 0 files').waitFor({ timeout: 30_000 });
    // The second of the page's three hunks (the new file is the fourth), by its key.
    await cursorOn('Tip from the docs agent');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    await applied('Applied 1 of 4 changes in 1 file').waitFor();
    // The fetch's progress toast closes as the diff opens: picture the diff without it.
    await workbench.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached' });
    await workbench.screenshot('hunk-applied');
    assert.equal(page(authPath), original, 'the page had unsaved edits: it stays unsaved');
    await workbench.page.locator('.tab', { hasText: 'authentication.mdx' }).filter({ hasNotText: 'Agent’s change' }).first().click();
    await workbench.page.keyboard.press('Control+S');
    const tip = `> Tip from the docs agent (${job.id}): keep this page open while you work.`;
    const expected = original
      .replace('public repository.\n\n', `public repository.\n\n${tip}\n\n`)
      .replace('every 90 days.', 'every 90 days. Ask your admin.');
    await eventually(() => page(authPath) === expected, 'the saved page: the base, the tip and the writer’s edit', 15_000);
    assert.deepEqual(changedFiles(), [authPath], 'nothing else in the working tree changed');
    assert.equal(git('status', '--porcelain', '--', 'docs/guides/authentication-checklist.mdx'), '', 'the new page was not added');
  });

  it('after a reload the diff still says what is applied; Unapply This Change puts the page back', async () => {
    await workbench.reloadWindow();
    await workbench.openDocsAgentView();
    // The job's record says what was taken.
    const twistie = workbench.jobRow(hunksPrompt).locator('.monaco-tl-twistie');
    await twistie.click();
    await workbench.jobRows().filter({ hasText: 'You have applied 1 of 4 changes (1 file)' }).waitFor();
    await twistie.click();
    await workbench.contextMenu(workbench.jobRow(hunksPrompt), "Review Job's Changes");
    await diffTab(hunksPrompt, '2 files').waitFor({ timeout: 30_000 });
    await applied('Applied 1 of 4 changes in 1 file').waitFor({ timeout: 30_000 });
    const line = await cursorOn('Tip from the docs agent');
    await workbench.contextMenu(line, 'Unapply This Change');
    await applied('Applied 0 of 4 changes in 0 files').waitFor();
    await eventually(() => !page(authPath).includes('Tip from the docs agent'), 'the page without the tip', 15_000);
    assert.match(page(authPath), /every 90 days\. Ask your admin\.\n$/, 'the writer’s edit stays');
  });

  it('a hunk whose lines the writer changed is not applied: a sentence says so', async () => {
    // The writer's edit, seen in the page before going on: on a busy machine a click can land
    // before the page's editor takes the keyboard, and the typing goes nowhere.
    const mine = workbench.page.locator('.monaco-editor .view-line', { hasText: 'Every request needs a key.' });
    for (let tries = 0; !(await mine.count()) && tries < 3; tries++) {
      await workbench.selectLine(authPath, 'Every request carries an API key');
      await workbench.page.keyboard.type('Every request needs a key.');
      await mine
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await mine.first().waitFor({ timeout: 1_000 });
    await diffTab(hunksPrompt, '2 files').click();
    await cursorOn('[hunks] Tidy guides');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    await workbench.notification(
      'You changed the lines of docs/guides/authentication.mdx that this change replaces, so it was not applied.',
    );
    // Back as it was for the steps after: the file first, so that Revert reads it as it will stay
    // (the other way round, a busy machine shows the saved page with the tip until the editor
    // notices the checkout, and the next test's key would take the tip out).
    git('checkout', '--', authPath);
    await workbench.page.locator('.tab', { hasText: 'authentication.mdx' }).filter({ hasNotText: 'Agent’s change' }).first().click();
    await workbench.runCommand('File: Revert File');
    await mine.first().waitFor({ state: 'detached' });
    await workbench.clearNotifications();
  });

  it('Send Review’s follow-up names the changes already taken, so the agent keeps them', async () => {
    await diffTab(hunksPrompt, '2 files').click();
    await cursorOn('Tip from the docs agent');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    // On a busy machine the key can come before the editor knows a change is under the cursor
    // (the key then does nothing, and the count stays at 0): the writer presses it again.
    const taken = applied('Applied 1 of 4 changes in 1 file');
    if (
      !(await taken.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      )) &&
      (await applied('Applied 0 of 4').count())
    ) {
      await cursorOn('Tip from the docs agent');
      await workbench.page.keyboard.press('Control+Shift+Enter');
    }
    await taken.waitFor();
    const thread = await commentOnDiffLine(workbench, 'modified', 'Last line from the docs agent', 'Say what the reader does next.');
    await thread.locator('.action-label[aria-label="Send Review to the Agent…"]').click();
    const before = (await workbench.control.requests()).length;
    const draft = await workbench.composeAndSend('Review of', '');
    await draft.waitFor({ state: 'detached' });
    const sent = (await workbench.control.requests()).slice(before).filter((r) => r.method === 'POST' && r.path.endsWith('/message'));
    assert.equal(sent.length, 1, 'one follow-up');
    const prompt = String((sent[0]?.body as { prompt?: unknown } | undefined)?.prompt);
    assert.ok(
      prompt.includes(
        'I already took these changes of yours into my copy. Keep them as they are in your version:\n- docs/guides/authentication.mdx, lines 9–10 of your version',
      ),
      prompt,
    );
  });

  it('a new page is one change: the key adds the agent’s file, and takes it away again', async () => {
    const checklist = 'docs/guides/authentication-checklist.mdx';
    await diffTab(hunksPrompt, '2 files').click();
    await cursorOn('A checklist the docs agent');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    await applied('Applied 2 of 4 changes in 2 files').waitFor();
    await eventually(() => existsSync(join(workbench.folder, checklist)), 'the new page in the working tree', 15_000);
    assert.match(page(checklist), /^---\ntitle: "Checklist"\n---\n\nA checklist the docs agent \(job_\w+\) wrote\.\n$/);
    await cursorOn('A checklist the docs agent');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    await applied('Applied 1 of 4 changes in 1 file').waitFor();
    await eventually(() => !existsSync(join(workbench.folder, checklist)), 'the new page gone again', 15_000);
  });

  // Reviewed, change by change: a job whose change has five changes in three files (the webhooks
  // page's one paragraph reworded and a line after it: one change; three in the quickstart; a new
  // page beside the webhooks page).
  const reviewPrompt = '[hunks] Check guides/webhooks.mdx and quickstart.mdx';
  const reviewed = (text: string): Locator => workbench.page.locator('.statusbar-item[id$="docsAgent.reviewedChanges"]', { hasText: text });
  /** The status bar's message after Next Unreviewed Change: which one of how many, and where. */
  const visited = (): Locator => workbench.page.locator('.statusbar-item', { hasText: /Change not reviewed \d of \d, in / });

  it('Reviewed: the key marks a change in one file, applying marks one in another; Next Unreviewed Change visits the other three in order, across files, wrapping', async () => {
    await sentAndFinished(reviewPrompt);
    await workbench.contextMenu(workbench.jobRow(reviewPrompt), "Review Job's Changes");
    await diffTab(reviewPrompt, '3 files').waitFor({ timeout: 30_000 });
    await reviewed('Reviewed 0 of 5 changes').waitFor({ timeout: 30_000 });
    // The webhooks page's change, by its key; the quickstart's tip, by applying it.
    await cursorOn('Last line from the docs agent');
    await workbench.page.keyboard.press('Control+Alt+Enter');
    await reviewed('Reviewed 1 of 5 changes').waitFor();
    await cursorOn('Tip from the docs agent');
    await workbench.page.keyboard.press('Control+Shift+Enter');
    await reviewed('Reviewed 2 of 5 changes').waitFor();
    const seen: string[] = [];
    for (let k = 0; k < 4; k++) {
      const before = (await visited().count()) ? await visited().first().innerText() : '';
      await workbench.runCommand('Docs Agent: Next Unreviewed Change');
      // Each step names another change, so the message's text changes.
      await (before ? visited().filter({ hasNotText: before }) : visited()).first().waitFor({ timeout: 15_000 });
      seen.push(await visited().first().innerText());
    }
    const positions = seen.map((text) => Number(/not reviewed (\d) of 3/.exec(text)?.[1]));
    assert.deepEqual(
      positions.slice(1).map((p, i) => (p - (positions[i] ?? 0) + 3) % 3),
      [1, 1, 1],
      `each the next, wrapping after the third: ${seen.join(' | ')}`,
    );
    assert.equal(seen[3], seen[0], 'the fourth is the first again');
    assert.deepEqual([...new Set(seen.map((text) => /, in (.+)\.$/.exec(text)?.[1]))].sort(), [
      'docs/guides/webhooks-checklist.mdx',
      'docs/quickstart.mdx',
    ]);
    await workbench.screenshot('hunk-reviewed');
  });

  it('Reviewed: after a reload the count stays, and the job’s row says it', async () => {
    await workbench.reloadWindow();
    await workbench.openDocsAgentView();
    await workbench.jobRow(reviewPrompt).filter({ hasText: 'Reviewed 2 of 5 changes' }).waitFor();
    await workbench.contextMenu(workbench.jobRow(reviewPrompt), "Review Job's Changes");
    // A row drawn again (its record read after the reload) while its menu was open leaves the
    // command without it: the job picker asks, and the writer picks the job.
    // The question is the input's placeholder, which is not the widget's text.
    const picker = workbench.page
      .locator('.quick-input-widget')
      .filter({ has: workbench.page.locator('input[placeholder="Which agent job?"]') });
    const opened = diffTab(reviewPrompt, '3 files');
    await opened.or(picker).first().waitFor({ timeout: 60_000 });
    if (await picker.isVisible()) await picker.locator('.monaco-list-row', { hasText: reviewPrompt }).first().click();
    await opened.waitFor({ timeout: 60_000 });
    await reviewed('Reviewed 2 of 5 changes').waitFor({ timeout: 30_000 });
  });

  it('Reviewed: a follow-up that rewrites a reviewed change makes it unreviewed; the one it left stays reviewed', async () => {
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === reviewPrompt);
    assert.ok(job);
    const thread = await commentOnDiffLine(workbench, 'modified', 'Last line from the docs agent', 'Say it in fewer words.');
    await thread.locator('.action-label[aria-label="Send Review to the Agent…"]').click();
    const draft = await workbench.composeAndSend('Review of', '');
    await draft.waitFor({ state: 'detached' });
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && r.path.endsWith(`/${job.id}/message`));
    await workbench.control.finishJob(job.id);
    await workbench.jobIcon(reviewPrompt, 'git-pull-request').waitFor({ timeout: 30_000 });
    await workbench.clearNotifications();
    await workbench.contextMenu(workbench.jobRow(reviewPrompt), "Review Job's Changes");
    await diffTab(reviewPrompt, '3 files').waitFor({ timeout: 30_000 });
    await reviewed('Reviewed 1 of 5 changes').waitFor({ timeout: 30_000 });
  });
});
