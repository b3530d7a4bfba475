import * as assert from 'node:assert/strict';
import { Workbench } from '../../support/workbench/workbench';

describe('e2e: the extension in the real workbench', () => {
  let workbench: Workbench;
  before(async () => {
    workbench = await Workbench.open();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('runs its command from the palette and shows its log', async () => {
    await workbench.runCommand('Docs Agent: Show Log');
    const output = workbench.page.locator('.panel .monaco-editor', { hasText: 'Docs Agent' });
    await output.first().waitFor({ timeout: 30_000 });
    assert.match(await workbench.text(output.first()), /Docs Agent \d+\.\d+\.\d+ is active/);
  });

  it('opens a docs page of the fixture site', async () => {
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.page.locator('.monaco-editor .view-lines', { hasText: 'Install the CLI' }).first().waitFor();
    await workbench.screenshot('workbench');
  });
});
