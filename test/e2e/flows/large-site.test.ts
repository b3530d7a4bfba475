import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { LARGE_SITE_PROJECT_ID } from '../../emulator/large-site-log';
import { largeSitePlan } from '../../fixtures/large-site-plan/plan';
import { largeSiteDocsDir } from '../../fixtures/large-site-plan/where';
import { Workbench } from '../../support/workbench/workbench';

// A writer of a large site (three languages, products and tabs, API pages generated from
// OpenAPI files, redirects in a $ref file, a .mintignore) opens the Pages view: the read is
// priced from the site's pages, its API pages are listed with their readers, and readers
// without a page are the few paths nothing serves.
describe('e2e: a large real-world docs site in the Pages view', () => {
  let workbench: Workbench;
  const plan = largeSitePlan();
  const pagesRow = (label: string): Locator => workbench.viewPane('Pages').locator('.monaco-list-row', { hasText: label }).first();

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      settings: { 'docsAgent.projectId': LARGE_SITE_PROJECT_ID, 'docsAgent.docsRoot': 'globex/docs' },
      copyIntoWorkspace: [{ from: largeSiteDocsDir(), to: 'globex/docs' }],
    });
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(() => workbench?.close());

  it('prices the read from the site’s pages, then lists API pages with readers and only the truly lost paths', async () => {
    await workbench.showPagesView();
    const load = workbench.viewPane('Pages').locator('.welcome-view-content .monaco-button', { hasText: 'Load Visitors for Pages' });
    await load.click({ timeout: 30_000 });
    const price = await workbench.text(workbench.page.locator('.quick-input-widget .monaco-list-row', { hasText: /^Read/ }).first());
    assert.ok(price.includes(`about 2 requests (estimated from the site's ${plan.served.length} pages)`), price);
    await workbench.page.keyboard.press('Enter');
    await pagesRow(`Visited paths with no page (${plan.lost.length})`).waitFor({ timeout: 30_000 });
    for (const path of plan.lost) await pagesRow(path).waitFor();
    assert.equal((await workbench.control.requests()).filter((r) => r.path.includes('/visitors')).length, 2);
    await pagesRow('Visited paths with no page').click(); // folded away, so All pages has the room
    await pagesRow('All pages').click();
    await workbench.runCommand('Docs Agent: Filter Pages');
    // Typed once the box is there (typing into the palette still closing went nowhere).
    await workbench.answerInput('/es/api/payments/get-charges-one', 'Filter pages');
    const generated = pagesRow('/es/api/payments/get-charges-one');
    await generated.waitFor({ timeout: 10_000 });
    assert.match(await workbench.text(generated), /Get a charge\s*\/es\/api\/payments\/get-charges-one · [\d,]+ visitors?/);
  });

  it('groups All pages by language, product and tab, each page by its title with its path beside it', async () => {
    await workbench.runCommand('Docs Agent: Filter Pages');
    await workbench.answerInput('', 'Filter pages');
    await workbench.widenSideBar(560);
    await pagesRow('Spanish (es) (').click();
    // English is folded: the one product row shown is Spanish's.
    const spanishPayments = workbench.viewPane('Pages').locator('.monaco-list-row[aria-level="3"]', { hasText: 'Payments (' }).first();
    await spanishPayments.click();
    await pagesRow('Guías (').click();
    // The most read guide first: a page row under All pages > Spanish > Payments > Guías.
    const guide = workbench.viewPane('Pages').locator('.monaco-list-row[aria-level="5"]').first();
    await guide.waitFor({ timeout: 10_000 });
    const text = await workbench.text(guide);
    const path = /\/es\/payments\/[a-z/-]+/.exec(text)?.[0] ?? '';
    const title = /^title: "(.*)"$/m.exec(readFileSync(join(largeSiteDocsDir(), `${path.slice(1)}.mdx`), 'utf8'))?.[1];
    assert.ok(title, `${path} has a title`);
    // Titles are read as rows are first shown: the row's label turns into its title.
    const titled = workbench.viewPane('Pages').locator('.monaco-list-row[aria-level="5"]', { hasText: title }).first();
    await titled.waitFor({ timeout: 10_000 });
    assert.ok((await workbench.text(titled)).startsWith(`${title}${path} · `), await workbench.text(titled));
    await workbench.screenshot('pages-by-section');
  });
});
