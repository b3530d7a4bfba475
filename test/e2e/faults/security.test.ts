import * as assert from 'node:assert/strict';
import { readFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator, Locator } from 'playwright-core';
import { printTable } from '../../support/workbench/fault-matrix';
import { filesUnder } from '../../support/workbench/files';
import { Workbench } from '../../support/workbench/workbench';

// What the service sends is data, never code, and the key never leaves secret storage except
// in the Authorization header. Each check does what an attacker-controlled answer would try.
describe('e2e: security checks', () => {
  let workbench: Workbench;
  let key = '';
  /** Every address the browser asked for, from the first page load on. */
  const browserUrls: string[] = [];
  const marker = 'window.__docsAgentPwned';
  /** The security table: each case, what the user saw, and whether it held. */
  const table: Array<[string, string, string]> = [];

  async function sendJob(prompt: string): Promise<string> {
    await workbench.newJob(prompt);
    await workbench.jobRow(prompt).waitFor({ timeout: 30_000 });
    const job = (await workbench.control.jobs()).find((j) => j.prompts[0] === prompt);
    assert.ok(job, `the emulator made a job for “${prompt}”`);
    return job.id;
  }
  /** Runs script text on an element (as `el`) in the page: the suites compile without the DOM's types. */
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page runs it, as an attacker's script would
  const run = <T>(on: Locator, body: string): Promise<T> => on.evaluate(new Function('el', body) as (el: unknown) => T | Promise<T>);
  const pwned = (on: Locator): Promise<boolean> => run(on, `return Boolean(${marker});`);

  before(async () => {
    workbench = await Workbench.open({
      userSettings: { 'docsAgent.jobs.confirmBeforeSending': false, 'docsAgent.jobs.maxCheckIntervalSeconds': 5 },
      onPage: (page) => page.on('request', (request) => browserUrls.push(request.url())),
    });
    key = workbench.emulator.key;
    // Typed in as a person does, so the key takes the secret-storage path, not the environment.
    await workbench.runCommand('Docs Agent: Set API Key');
    await workbench.answerInput(key, 'Mintlify API key');
    await workbench.notification(/Connected to project/);
    await workbench.openDocsAgentView();
  });
  afterEach(async function () {
    await workbench.control.clearFaults();
    if (this.currentTest?.state !== 'failed') return;
    await workbench.screenshotFailure(this.currentTest.fullTitle());
    await workbench.clearNotifications(); // so the next check starts from a clear screen
  });
  after(async () => {
    if (table.length) console.log(`\n${printTable(['case', 'what happened', 'result'], table)}\n`);
    await workbench?.close();
  });

  it('redacts the key when the service repeats it in an error', async () => {
    await workbench.control.fault({
      kind: 'status',
      status: 500,
      body: { error: `Token ${key} is not valid here` },
      match: { method: 'POST' },
    });
    await workbench.toastsQuiet();
    await workbench.newJob('Echo the key back');
    const toast = await workbench.notification(/service had an error \(HTTP 500\)/);
    const shown = await workbench.text(toast);
    assert.match(shown, /The service said: Token \[API key\] is not valid here/);
    assert.ok(!shown.includes(key));
    await workbench.clearNotifications();
  });

  it('never offers a pull request link with a javascript:, command:, file: or vscode: scheme', async () => {
    const links: Record<string, string> = {
      javascript: `javascript:${marker}=true`,
      command: 'command:workbench.action.quit',
      file: 'file:///etc/passwd',
      vscode: 'vscode://settings/docsAgent.baseUrl',
    };
    for (const [scheme, prLink] of Object.entries(links)) {
      const id = await sendJob(`Link scheme ${scheme}`);
      await workbench.control.finishJob(id, { status: 'completed', prLink });
    }
    for (const scheme of Object.keys(links)) {
      const row = workbench.jobRow(`Link scheme ${scheme}`);
      await row.locator('.label-description', { hasText: 'completed, link refused' }).waitFor({ timeout: 30_000 });
      // Its menu has no Open Pull Request.
      await workbench.openMenu(row, 'Copy Job ID');
      const menu = workbench.page.locator('.monaco-menu');
      assert.equal(await menu.locator('.action-item', { hasText: 'Open Pull Request' }).count(), 0, `${scheme}: no Open Pull Request`);
      await workbench.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    // A double click on each row opens nothing (it unfolds the job's record, which moves the rows
    // below: so after every menu above is read).
    for (const scheme of Object.keys(links)) await workbench.jobRow(`Link scheme ${scheme}`).dblclick();
    // The tooltip shows the link as plain text; its only anchor is the repository's web address.
    // Read while it shows (a redraw of the row can close it), then its anchors.
    assert.match(
      await workbench.hoverText(workbench.jobRow('Link scheme javascript'), 'javascript:window'),
      /Pull request: javascript:window\.__docsAgentPwned=true/,
    );
    // Every anchor's targets read at once (the hover can close between two reads); hovered again
    // if it closed first, as a person would.
    let targets: (string | null)[] | undefined;
    for (let tries = 1; !targets; tries++) {
      const hover = await workbench.hoverFor(workbench.jobRow('Link scheme javascript'), 'javascript:window');
      targets = await hover
        .evaluate(
          (element: { querySelectorAll(selector: string): Iterable<{ getAttribute(name: string): string | null }> }) =>
            [...element.querySelectorAll('a')].flatMap((a) => [a.getAttribute('href'), a.getAttribute('data-href')]),
          undefined,
          { timeout: 5_000 },
        )
        .catch((error: unknown) => {
          if (tries >= 5) throw error;
          return undefined;
        });
    }
    for (const target of targets) assert.match(target ?? 'https:', /^https:/);
    assert.equal(workbench.page.context().pages().length, 1, 'no window or tab was opened');
    assert.equal(await pwned(workbench.page.locator('body')), false);
    await workbench.page.mouse.move(700, 500);
    await workbench.clearNotifications();
  });

  it('refuses a pasted key with an invisible character, saying which and where, before anything is stored', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['key with U+200B (zero-width space)', `${key.slice(0, 8)}\u200b${key.slice(8)}`, /zero-width space \(U\+200B\) at character 9/],
      ['key with U+00A0 (no-break space)', `${key}\u00a0`, new RegExp(`no-break space \\(U\\+00A0\\) at character ${key.length + 1}`)],
    ];
    const before = (await workbench.control.requests()).length;
    for (const [name, typed, said] of cases) {
      await workbench.runCommand('Docs Agent: Set API Key');
      await workbench.page.locator('.quick-input-widget', { hasText: 'Mintlify API key' }).waitFor();
      await workbench.page.locator('.quick-input-widget .quick-input-box input').fill(typed);
      const message = workbench.page.locator('.quick-input-widget .quick-input-message', { hasText: said });
      await message.waitFor();
      table.push([name, await workbench.text(message), 'refused']);
      await workbench.page.keyboard.press('Enter'); // refused: the box stays
      await message.waitFor();
      await workbench.page.keyboard.press('Escape');
    }
    // A trailing line break from the paste is trimmed: the key is accepted.
    await workbench.runCommand('Docs Agent: Set API Key');
    await workbench.answerInput(`${key}\n`, 'Mintlify API key');
    await workbench.notification(/Connected to project/);
    table.push(['key with a trailing line break', 'the line break is dropped; “Connected to project”', 'accepted']);
    const probes = (await workbench.control.requests()).slice(before).filter((r) => r.path.endsWith('/job/docs-agent-key-check'));
    assert.equal(probes.length, 1, 'only the accepted key was checked with the service');
    await workbench.clearNotifications();
  });

  it('opens a pull request link only on the repository’s host, https, without user info', async () => {
    const links: Array<[string, string, 'open' | 'refused']> = [
      ['http://', 'http://github.com/acme/docs/pull/70', 'refused'],
      ['user info (shows github.com, opens evil.example)', 'https://github.com@evil.example/acme/docs/pull/71', 'refused'],
      ['look-alike host', 'https://github.com.evil.example/acme/docs/pull/72', 'refused'],
      ['IDN look-alike (Cyrillic і)', 'https://gіthub.com/acme/docs/pull/73', 'refused'],
      ['very long', `https://github.com/acme/docs/pull/74?${'x'.repeat(2100)}`, 'refused'],
      ['javascript: in an encoded redirect elsewhere', 'https://evil.example/r?to=javascript%3Aalert(1)', 'refused'],
      ['the repository’s host', 'https://github.com/acme/docs/pull/75', 'open'],
    ];
    for (const [name, prLink] of links) {
      const id = await sendJob(`Link case ${name}`);
      await workbench.control.finishJob(id, { status: 'completed', prLink });
    }
    for (const [name, prLink, expect] of links) {
      const row = workbench.jobRow(`Link case ${name}`);
      const word = expect === 'open' ? 'pull request ready' : 'completed, link refused';
      await row.locator('.label-description', { hasText: word }).waitFor({ timeout: 30_000 });
      if (expect === 'refused') {
        // This row's own hover: it shows this link (the first characters of it).
        const reason = /\(refused: (.+)\)/.exec(await workbench.hoverText(row, prLink.slice(8, 40)))?.[1] ?? '';
        assert.ok(reason, `${name}: a reason is shown`);
        table.push([`PR link: ${name}`, `refused: ${reason}`, 'refused']);
        await workbench.page.mouse.move(700, 500);
        await workbench.page
          .locator('.monaco-hover, .workbench-hover')
          .filter({ hasText: prLink.slice(8, 40) })
          .waitFor({ state: 'hidden' });
      } else {
        table.push([`PR link: ${name}`, 'pull request ready, Open Pull Request offered', 'opened']);
      }
    }
    assert.equal(workbench.page.context().pages().length, 1, 'no window or tab was opened');
    await workbench.clearNotifications();
  });

  it('shows job fields carrying HTML as text in the tree and its tooltip', async () => {
    const id = await sendJob('Fields with markup');
    const ref = `<img src=x onerror="${marker}=true">`;
    await workbench.control.setJob(id, { source: { repository: '<b>acme</b>/docs', ref }, model: `<script>${marker}=true</script>` });
    await workbench.contextMenu(workbench.jobRow('Fields with markup'), 'Refresh');
    const row = workbench.jobRow('Fields with markup');
    await row.locator('.label-description', { hasText: ref }).waitFor({ timeout: 30_000 });
    const hover = await workbench.hoverFor(row, 'Model');
    const text = await workbench.text(hover);
    assert.ok(text.includes(`Model: <script>${marker}=true</script>`), text);
    assert.ok(text.includes('Repository: <b>acme</b>/docs'), text);
    assert.equal(await workbench.page.locator('.monaco-workbench img[src="x"], .monaco-hover b').count(), 0);
    assert.equal(await pwned(workbench.page.locator('body')), false);
    await workbench.page.mouse.move(700, 500);
  });

  it('shows analytics paths carrying HTML or script as text in the panel', async () => {
    const paths = [`/<img src=x onerror="parent.${marker}=true">`, `/<script>${marker}=true</script>`, '/quickstart'];
    const body = {
      totals: { human: 30, ai: 6, total: 33 },
      visitors: paths.map((path, i) => ({ path, human: 10 - i, ai: 2, total: 11 - i })),
      hasMore: false,
    };
    await workbench.control.fault({ kind: 'status', status: 200, body, count: 20, match: { path: '/visitors' } });
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel: FrameLocator = workbench.webview();
    for (const path of paths.slice(0, 2)) await panel.locator('.bar-row', { hasText: path }).waitFor({ timeout: 30_000 });
    const root = panel.locator('body');
    assert.equal(await run<number>(root, 'return el.querySelectorAll("img, script:not([src])").length;'), 0);
    assert.equal(await pwned(root), false);
  });

  it('opens no file outside the docs folder for a path the service sent', async () => {
    // A link inside the docs folder to a file beside it, as a cloned repository could hold.
    const outside = join(workbench.server.stateDir, 'outside.mdx');
    writeFileSync(outside, '# Not a docs page');
    mkdirSync(join(workbench.server.folder, 'docs'), { recursive: true });
    symlinkSync(outside, join(workbench.server.folder, 'docs', 'leak.mdx'));
    const paths: Array<[string, string]> = [
      ['“..”', '/../outside'],
      ['percent-encoded “..”', '/%2e%2e/outside'],
      ['absolute path', '//etc/passwd'],
      ['link out of the docs folder', '/leak'],
    ];
    const body = {
      totals: { human: 40, ai: 4, total: 42 },
      visitors: [
        ...paths.map(([, path], i) => ({ path, human: 10 - i, ai: 1, total: 10 - i })),
        { path: '/quickstart', human: 1, ai: 0, total: 1 },
      ],
      hasMore: false,
    };
    await workbench.control.fault({ kind: 'status', status: 200, body, count: 20, match: { path: '/visitors' } });
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel = workbench.webview();
    await panel.getByRole('button', { name: 'Last 7 days' }).click();
    // The panel reads each row as the page it names: the encoded “..” is the same address as the
    // plain one (their visitors added, 10 + 9), and `//etc/passwd` is a URL whose path is /passwd.
    const shown: Array<[string, string, string]> = [
      ['“..” (plain and percent-encoded)', '/../outside', 'is not opened'],
      ['absolute path', '/passwd', 'No file in the docs folder serves'],
      ['link out of the docs folder', '/leak', 'is not opened'],
    ];
    await panel.locator('.bar-row', { hasText: '/../outside' }).filter({ hasText: '19' }).first().waitFor({ timeout: 30_000 });
    assert.equal(await panel.locator('.bar-row', { hasText: '%2e' }).count(), 0, 'no row of its own for the encoded form');
    for (const [name, path, said] of shown) {
      await workbench.toastsQuiet();
      await panel.locator('.bar-row button.link', { hasText: path }).first().click({ timeout: 30_000 });
      const toast = await workbench.notification(said);
      assert.ok((await workbench.text(toast)).includes(path));
      table.push([`analytics path: ${name} (${path})`, await workbench.text(toast.locator('.notification-list-item-message')), 'refused']);
      await workbench.clearNotifications();
    }
    assert.equal(await workbench.page.locator('.tab', { hasText: /outside|passwd|leak/ }).count(), 0, 'no editor opened on them');
  });

  it('runs no inline script in the webview: its CSP refuses it', async () => {
    const panel = workbench.webview();
    const csp = (await panel.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
    assert.match(csp, /default-src 'none'/);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    assert.match(scriptSrc, /'nonce-[\w+/=]+'/);
    assert.doesNotMatch(scriptSrc, /unsafe-inline|unsafe-eval/);
    // An injected inline script is what an HTML injection would add: the browser must refuse it.
    const refused = await run<string>(
      panel.locator('body'),
      `return new Promise((resolve) => {
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
      const script = document.createElement('script');
      script.textContent = '${marker} = true';
      el.appendChild(script);
      // An allowed inline script runs during appendChild.
      if (${marker}) resolve('none: the script ran');
    });`,
    );
    assert.match(refused, /^script-src/);
    assert.equal(await pwned(panel.locator('body')), false);
  });

  it('sends job ids with /, .. or % as one encoded path segment', async () => {
    const prefix = `/v2/agent/${workbench.emulator.projectId}/job/`;
    const ids = { 'a/b': 'a%2Fb', '..': '%2E%2E', '100%': '100%25' };
    const rows = workbench.jobRows();
    const tracked = await rows.count();
    for (const [id, segment] of Object.entries(ids)) {
      await workbench.toastsQuiet();
      await workbench.runCommand('Docs Agent: Follow a Job Started Elsewhere');
      await workbench.answerInput(id, 'Track an agent job by ID');
      // The service was asked for exactly that job, and said it has none by that ID.
      await workbench.control.waitForRequests(1, 30_000, (r) => r.path === prefix + segment);
      await workbench.notification(`could not find job ${id}`);
      await workbench.clearNotifications();
    }
    assert.equal(await rows.count(), tracked, 'an ID the service does not know is not tracked');
  });

  // Last: by now the key has been typed in, used by every feature and echoed by the service.
  it('leaves the key nowhere: logs, output channel, settings, any file, webview HTML, or a URL', async () => {
    const files = filesUnder(workbench.server.stateDir);
    const channel = files.filter((f) => f.endsWith('Docs Agent.log'));
    assert.ok(
      channel.length > 0 && channel.some((f) => readFileSync(f, 'utf8').includes('HTTP 500')),
      'the output channel logged the errors',
    );
    assert.ok(
      files.some((f) => f.endsWith(join('User', 'settings.json')) || f.endsWith(join('.vscode', 'settings.json'))),
      'settings files exist',
    );
    const leaks = files.filter((f) => readFileSync(f).includes(key));
    assert.deepEqual(leaks, [], 'files holding the key');
    assert.ok(!workbench.server.output().includes(key), 'code-server’s own output');
    const pages = await Promise.all(workbench.page.frames().map((frame) => frame.content()));
    assert.ok(
      pages.some((html) => html.includes('bar-row')),
      'the visitors panel is among the pages searched',
    );
    assert.equal(pages.filter((html) => html.includes(key)).length, 0, 'pages or webviews holding the key');
    const emulatorUrls = (await workbench.control.requests()).map((r) => `${r.path}?${JSON.stringify(r.query)}`);
    assert.deepEqual(
      [...browserUrls, ...emulatorUrls].filter((u) => u.includes(key) || u.includes(encodeURIComponent(key))),
      [],
    );
  });
});
