// A writer's first hour, from a fresh profile in a docs folder: the walkthrough opens by itself,
// Connect takes the key and the project ID and says it is connected, and nothing interrupts
// the writer on the way (every toast and dialog is counted).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { filesUnder } from '../../support/workbench/files';
import { machineStorage, Workbench } from '../../support/workbench/workbench';
import { countInterruptions, type Interruption } from '../../support/workbench/interruptions';

describe('e2e: a writer’s first hour', () => {
  let workbench: Workbench;
  let interruptions: () => Promise<Interruption[]>;
  /** What the writer did from install to the first job, the deliberate mistakes left out. */
  const actions: string[] = [];
  before(async () => {
    workbench = await Workbench.open({
      unconnected: true,
      userSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true },
      onPage: (page) => {
        interruptions = countInterruptions(page);
      },
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  const quickInput = (): ReturnType<Workbench['page']['locator']> => workbench.page.locator('.quick-input-widget');
  const problemShown = async (text: RegExp): Promise<void> => {
    const message = quickInput().locator('.quick-input-message', { hasText: text });
    await message.waitFor({ timeout: 30_000 });
  };

  const visitorsButton = (): ReturnType<Workbench['page']['locator']> =>
    workbench.page.locator('.editor-actions .action-label[aria-label^="Show Visitors for This Page"]');
  const explorerRow = (name: string): ReturnType<Workbench['page']['locator']> =>
    workbench.page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first();
  const showExplorer = async (): Promise<void> => {
    await workbench.runCommand('View: Show Explorer');
    await workbench.page.locator('.explorer-folders-view').waitFor();
  };
  /** The Docs Agent entries of the context menu a right-click on `target` opens, read from the menu itself. */
  const menuEntries = async (target: ReturnType<Workbench['page']['locator']>): Promise<string[]> => {
    await target.click({ button: 'right' });
    const menu = workbench.page.locator('.monaco-menu').first();
    await menu.locator('.action-item').first().waitFor();
    const labels = await menu.locator('.action-item .action-label').allTextContents();
    await workbench.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // Away from the row, whose hover (the file's path) would cover what is clicked next: to the
    // empty editor area below the text (no tab, row or status bar item has a hover there).
    await workbench.page.mouse.move(1000, 700);
    await workbench.page.locator('.context-view .hover-contents').waitFor({ state: 'hidden' });
    const ours = ['Agent Prompt', 'Visitors', 'Agent', 'Docs Agent'];
    return labels.map((l) => l.trim()).filter((l) => ours.some((word) => l.includes(word)));
  };

  it('opens the Get Started walkthrough by itself the first time a docs folder opens', async () => {
    const walkthrough = workbench.page.locator('.gettingStartedContainer', { hasText: 'Get Started with Docs Agent' });
    await walkthrough.waitFor({ timeout: 60_000 });
    await walkthrough.locator('.getting-started-step', { hasText: 'Connect to your docs project' }).first().waitFor();
    await workbench.screenshot('walkthrough');
  });

  it('connects from the walkthrough: a wrong kind of key and an unknown project each get their sentence under the box', async () => {
    const walkthrough = workbench.page.locator('.gettingStartedContainer');
    await walkthrough.getByRole('button', { name: 'Connect to Your Docs Project…' }).first().click();
    actions.push('Connect to Your Docs Project… in the walkthrough');
    await quickInput().locator('.quick-input-title', { hasText: 'Connect to Your Docs Project' }).waitFor();
    const input = quickInput().locator('.quick-input-box input');

    await input.fill('mint_dsc_0123456789abcdef');
    await problemShown(/assistant/i);
    await input.fill(workbench.emulator.key);
    await input.press('Enter');
    actions.push('paste the key, Enter');

    await quickInput()
      .locator('.quick-input-message, .quick-input-header', { hasText: /project ID/i })
      .first()
      .waitFor();
    // Where it is kept is said in the step, with a button to switch: this folder's settings by default.
    await quickInput()
      .locator('.quick-input-message, .quick-input-header', { hasText: /kept in this folder’s settings/ })
      .first()
      .waitFor();
    await workbench.control.fault({
      kind: 'status',
      status: 404,
      body: { error: 'Project not found' },
      match: { path: '/agent/proj-typo/' },
    });
    await input.fill('proj-typo');
    await input.press('Enter');
    await problemShown(/knows no project “proj-typo”/);

    await input.fill(workbench.emulator.projectId);
    await input.press('Enter');
    actions.push('paste the project ID, Enter');
    await workbench.page.locator('.statusbar', { hasText: `Connected to project “${workbench.emulator.projectId}”` }).waitFor();
    await workbench.settingIs('docsAgent.projectId', workbench.emulator.projectId);
    const settings = readFileSync(join(workbench.folder, '.vscode', 'settings.json'), 'utf8');
    assert.doesNotMatch(settings, new RegExp(workbench.emulator.key), 'the key stays out of every file');
    // The walkthrough's first step is ticked off.
    await workbench.page
      .locator('.getting-started-step[aria-checked="true"]', { hasText: 'Connect to your docs project' })
      .first()
      .waitFor();
  });

  it('asks the agent about a selection in a composer: the instruction, the file, the section and the quoted text go as one job', async () => {
    const line = await workbench.selectLine('docs/quickstart.mdx', 'Install the CLI');
    await workbench.contextMenu(line, 'Ask the Agent…');
    actions.push('select text, right-click, Ask the Agent…');
    const composer = workbench.page.locator('.tab.active', { hasText: 'Ask the Agent about quickstart.mdx' });
    await composer.waitFor();
    // The cursor waits on the empty first line of the focused draft: the writer types and sends.
    await workbench.page.locator('.monaco-editor.focused .view-line', { hasText: 'Write what the agent should do' }).first().waitFor();
    await workbench.page.keyboard.type('Explain what the CLI is for, in one sentence.');
    await workbench.screenshot('composer');
    await workbench.page.keyboard.press('Control+Enter');
    actions.push('write the instruction, Ctrl+Enter');
    const [request] = await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST');
    const prompt = String((request?.body as { prompt?: unknown } | undefined)?.prompt);
    assert.match(prompt, /^Explain what the CLI is for, in one sentence\.\n\nContext:\n- File: docs\/quickstart\.mdx\n- Section: /);
    assert.match(prompt, /\n> Install the CLI and send your first job\.$/);
    assert.doesNotMatch(prompt, /<!--/);
    await composer.waitFor({ state: 'detached' });
    await workbench.openDocsAgentView();
    await workbench.jobRow('Explain what the CLI is for').waitFor({ timeout: 30_000 });
  });

  it('from install to the finished job: five actions and one notification, the finish', async () => {
    assert.equal(actions.length, 5, actions.join('; '));
    const [job] = await workbench.control.jobs();
    await workbench.control.finishJob(job?.id ?? '');
    await workbench.notification('completed with a pull request');
    const seen = await interruptions();
    assert.equal(seen.length, 1, JSON.stringify(seen));
    assert.match(seen[0]?.text ?? '', /completed with a pull request/);
    await workbench.clearNotifications();
  });

  it('runs its command from the palette and shows its log', async () => {
    await workbench.runCommand('Docs Agent: Show Log');
    const output = workbench.page.locator('.panel .monaco-editor', { hasText: 'Docs Agent' });
    await output.first().waitFor({ timeout: 30_000 });
    assert.match(await workbench.text(output.first()), /Docs Agent \d+\.\d+\.\d+ is active/);
  });

  it('offers its page actions on a docs page: the title bar’s visitors button, and the editor’s and Explorer’s menus', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.page.locator('.monaco-editor .view-lines', { hasText: 'Install the CLI' }).first().waitFor();
    await visitorsButton().waitFor();
    assert.deepEqual(await menuEntries(await workbench.selectLine('docs/quickstart.mdx', 'Install the CLI')), [
      'Ask the Agent…',
      'Send Selection as Agent Prompt',
    ]);
    await showExplorer();
    assert.deepEqual(await menuEntries(explorerRow('quickstart.mdx')), [
      'Ask the Agent…',
      'Send File as Agent Prompt',
      'Show Visitors for This Page',
    ]);
    await workbench.screenshot('workbench');
  });

  it('offers none of them on Markdown outside the docs site (a notes file beside the docs folder)', async () => {
    const line = await workbench.selectLine('notes.md', 'Notes');
    await workbench.page.locator('.tab.active', { hasText: 'notes.md' }).waitFor();
    assert.equal(await visitorsButton().count(), 0, 'no visitors button in the title bar');
    assert.deepEqual(await menuEntries(line), []);
    await showExplorer();
    assert.deepEqual(await menuEntries(explorerRow('notes.md')), []);
  });

  it('a draft closed before it was sent comes back from Open an Unsent Draft…', async () => {
    await workbench.runCommand('Docs Agent: Ask the Agent…');
    const draft = workbench.page.locator('.tab.active', { hasText: 'Ask the Agent' });
    await draft.waitFor();
    await workbench.page.locator('.monaco-editor.focused .view-lines', { hasText: 'Write what the agent' }).first().waitFor();
    await workbench.page.keyboard.type('Add a troubleshooting section');
    // Kept on disk as it is typed (a moment after the last key): then the tab closes without
    // asking to save. Read from the drafts folder, since the tab's "not dirty" can come before the keys land.
    const drafts = join(machineStorage(workbench.server), 'drafts');
    await eventually(
      () => filesUnder(drafts).some((file) => file.endsWith('.md') && readFileSync(file, 'utf8').includes('Add a troubleshooting section')),
      'the typed draft on disk',
      30_000,
    );
    await workbench.page.locator('.tab.active:not(.dirty)', { hasText: 'Ask the Agent' }).waitFor();
    await workbench.runCommand('View: Close Editor');
    await draft.waitFor({ state: 'detached' });
    await workbench.runCommand('Docs Agent: Open an Unsent Draft…');
    await workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: 'Add a troubleshooting section' }).click();
    await workbench.page.locator('.monaco-editor .view-lines', { hasText: 'Add a troubleshooting section' }).first().waitFor();
    await draft.waitFor();
  });

  // Last: the change it opens fills the editor area the checks above read.
  it('a click on the finished job’s row opens its change, as a pull request’s row does', async () => {
    await workbench.openDocsAgentView();
    await workbench.jobRow('Explain what the CLI is for').click();
    await workbench.page.locator('.tab', { hasText: 'Agent’s change: Explain what the CLI is for' }).first().waitFor({ timeout: 60_000 });
  });
});
