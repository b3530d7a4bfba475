// The packaged extension on the oldest VS Code engines.vscode admits (run with DOCS_AGENT_EDITOR=floor):
// `npm run package`'s .vsix, installed by code-server's own installer as a user's editor installs
// it (an editor it is not compatible with refuses it there), then used: its view, its log, a job
// sent, tracked and announced, the visitors panel drawn from the packaged webview files, the
// Pages view's report, and all of it back after a reload. The floor's journeys that differ from
// the current editor's (first hour, review, outside text) run on it whole; the jobs, visitors and
// pages journeys run whole on the current editor, and their logic on the floor's host suite.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../support/workbench/code-server';
import { testedEditor } from '../../support/workbench/editor';
import { Workbench } from '../../support/workbench/workbench';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  engines: { vscode: string };
};

describe(`e2e: the .vsix installed in the ${testedEditor()} editor`, () => {
  let workbench: Workbench;
  before(async function () {
    this.timeout(240_000);
    // The package of the build under test (dist/ is built first, as npm test and npm run package do).
    const packaged = spawnSync(process.execPath, [join(repoRoot, 'test/tools/package.mjs')], { cwd: repoRoot, encoding: 'utf8' });
    const vsix = join(repoRoot, `${manifest.name}-${manifest.version}.vsix`);
    assert.equal(packaged.status, 0, `npm run package failed:\n${packaged.stdout}${packaged.stderr}`);
    assert.ok(existsSync(vsix));
    workbench = await Workbench.open({ withKey: true, vsix });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('installs without an “incompatible” refusal and activates at its version', async () => {
    assert.doesNotMatch(workbench.server.output(), /not compatible|Unable to install/i);
    await workbench.runCommand('Docs Agent: Show Log');
    const output = workbench.page.locator('.panel .monaco-editor', { hasText: 'Docs Agent' });
    await output.first().waitFor({ timeout: 30_000 });
    assert.match(await workbench.text(output.first()), new RegExp(`Docs Agent ${manifest.version.replace(/\./g, '\\.')} is active`));
  });

  it('shows its view, and a job sent from the palette is tracked there', async () => {
    await workbench.openDocsAgentView();
    await workbench.page.locator('.welcome-view-content', { hasText: 'No agent jobs yet' }).waitFor();
    assert.equal(await workbench.page.getByText(/incompatible|not compatible/i).count(), 0);
    await workbench.newJob('Add a glossary page');
    await workbench.jobIcon('Add a glossary page', 'sync').waitFor({ timeout: 30_000 });
  });

  it('runs a command whose code loads on first use, from the packaged files', async () => {
    // Check the Connection lives in a file of its own (dist/key-commands-*.js), loaded when first run.
    await workbench.runCommand('Docs Agent: Check the Connection');
    await workbench.notification(/Connected to project/);
  });

  it('draws the visitors panel from the packaged webview files', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel = workbench.webview();
    await panel.locator('.totals .figure-value').first().waitFor({ timeout: 30_000 });
    await panel.locator('.bar-row.current', { hasText: '/quickstart' }).waitFor();
  });

  it('lists the site’s pages in the Pages view, from the report the panel read', async () => {
    const reads = async (): Promise<number> => (await workbench.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;
    const before = await reads();
    await workbench.showPagesView();
    await workbench
      .viewPane('Pages')
      .locator('.monaco-list-row', { hasText: 'Visited paths with no page (3)' })
      .waitFor({ timeout: 30_000 });
    await workbench.viewPane('Pages').locator('.monaco-list-row', { hasText: 'All pages (11)' }).waitFor();
    assert.equal(await reads(), before, 'no request of its own');
  });

  it('announces the job’s finish, and keeps the job and the visitors panel through a window reload', async () => {
    const [job] = await workbench.control.jobs();
    await workbench.control.finishJob(job?.id ?? '');
    await workbench.notification('completed with a pull request', 60_000);
    await workbench.reloadWindow();
    await workbench.webview().locator('.bar-row.current', { hasText: '/quickstart' }).waitFor({ timeout: 60_000 });
    await workbench.openDocsAgentView();
    await workbench.jobIcon('Add a glossary page', 'git-pull-request').waitFor({ timeout: 30_000 });
  });
});
