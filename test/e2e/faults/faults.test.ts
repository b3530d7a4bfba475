import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FaultSpec } from '../../emulator/types';
import { type MatrixRow, printMatrix } from '../../support/workbench/fault-matrix';
import { filesUnder } from '../../support/workbench/files';
import { Workbench } from '../../support/workbench/workbench';

// The service misbehaving in every documented way: the user reads one clear sentence with the
// action that fixes it, the editor stays usable, and no tracked job is lost, even after a reload.
describe('e2e: fault matrix', () => {
  let workbench: Workbench;
  const rows: MatrixRow[] = [];
  let baseline = 0;

  const jobRows = () => workbench.jobRows();
  /** A tree row as the matrix prints it: label — description. */
  const rowText = async (label: string): Promise<string> =>
    `${label} — ${await workbench.text(workbench.jobRow(label).locator('.label-description'))}`;
  /** Opens New Agent Job, reads what it is filled in with, and closes it again. */
  async function refilledPrompt(): Promise<string> {
    await workbench.runCommand('Docs Agent: New Agent Job');
    const box = workbench.page.locator('.quick-input-widget', { hasText: 'not sent' });
    await box.waitFor();
    const value = await box.locator('input').inputValue();
    await workbench.page.keyboard.press('Escape');
    await box.waitFor({ state: 'hidden' });
    return value;
  }
  /**
   * Runs one case: fault, New Agent Job, then the toast (its text and its action button). A
   * failed send leaves the tree as it was and fills the typed prompt in again next time; when
   * the service did make the job (`made`), the job is tracked instead.
   */
  async function sendingCase(
    fault: string,
    spec: FaultSpec | (() => Promise<void>),
    expect: RegExp,
    button?: string,
    made = false,
  ): Promise<void> {
    const before = await jobRows().count();
    if (typeof spec === 'function') await spec();
    else await workbench.control.fault({ ...spec, match: { method: 'POST', ...spec.match } });
    await workbench.toastsQuiet();
    const prompt = `Case: ${fault}`;
    await workbench.newJob(prompt);
    const toast = await workbench.notification(expect, 30_000).catch(async (error: unknown) => {
      const posts = (await workbench.control.requests())
        .filter((r) => r.method === 'POST')
        .map((r) => `${String((r.body as { prompt?: string } | null)?.prompt)}→${String(r.status)}`);
      const toasts = await workbench.page.locator('.notifications-toasts .notification-toast').allInnerTexts();
      throw new Error(`${String(error)}\nPOSTs: ${posts.join(', ')}\ntoasts: ${toasts.join(' | ')}`);
    });
    const shown = await workbench.text(toast.locator('.notification-list-item-message'));
    if (button) await toast.locator('.monaco-button', { hasText: button }).waitFor();
    if (made) await workbench.jobRow(prompt).waitFor();
    const after = await jobRows().count();
    // Dismissed as a person does, with its close button (one without buttons may also hide on
    // its own meanwhile); either way it must go.
    await toast.hover();
    await toast
      .locator('.codicon-notifications-clear')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await toast.waitFor({ state: 'detached' });
    await workbench.control.clearFaults();
    await workbench.control.setKeyState('valid');
    const kept = made || (await refilledPrompt()) === prompt;
    const expected = before + (made ? 1 : 0);
    const note = made ? ' (job tracked)' : ' (prompt kept)';
    rows.push({
      fault,
      shown: `${shown}${button ? ` [${button}]` : ''}${note}`,
      jobsBefore: before,
      jobsAfter: after,
      result: after === expected && kept ? 'handled' : 'FAILED',
    });
    assert.equal(after, expected, made ? 'the job the service made is tracked' : 'no job appears or disappears');
    assert.ok(kept, 'New Agent Job is filled in with the prompt that was not sent');
  }

  before(async () => {
    workbench = await Workbench.open({
      withKey: true,
      // User settings: a workspace cannot set these.
      userSettings: {
        'docsAgent.jobs.confirmBeforeSending': false,
        'docsAgent.network.requestTimeoutSeconds': 2,
        'docsAgent.jobs.maxCheckIntervalSeconds': 5,
      },
    });
    await workbench.openDocsAgentView();
    await workbench.newJob('Baseline job one');
    await workbench.newJob('Baseline job two');
    await workbench.jobRow('Baseline job two').waitFor();
    baseline = await jobRows().count();
    await workbench.clearNotifications();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') await workbench.screenshotFailure(this.currentTest.fullTitle());
  });
  after(async () => {
    if (rows.length) console.log(`\n${printMatrix(rows)}\n`);
    await workbench?.close();
  });

  it('429 with Retry-After in seconds', () =>
    sendingCase(
      '429, Retry-After: 1800',
      { kind: 'status', status: 429, retryAfter: '1800' },
      /rate limit for agent jobs.*Try again in 30 minutes/,
    ));
  it('429 with Retry-After as an HTTP date', () =>
    sendingCase(
      '429, Retry-After: HTTP date',
      { kind: 'status', status: 429, retryAfter: new Date(Date.now() + 2 * 3600_000).toUTCString() },
      /rate limit.*Try again in 2 hours/,
    ));
  for (const status of [500, 502, 503]) {
    it(`${status} from the service`, () =>
      sendingCase(`${status}`, { kind: 'status', status }, new RegExp(`service had an error \\(HTTP ${status}\\)`), 'Retry'));
  }
  it('a hung response times out', () =>
    sendingCase('hung response', { kind: 'hang' }, /did not answer in time\. The job may have been made anyway/, 'Retry'));
  it('a reset connection', () =>
    sendingCase('reset connection', { kind: 'drop' }, /Could not reach .*connection.*The job may have been made anyway/, 'Retry'));
  it('malformed JSON', () => sendingCase('malformed JSON', { kind: 'malformed' }, /not JSON/, 'Show Log'));
  it('a body missing required fields, for a job the service made: tracked, with no notification', async () => {
    const before = await jobRows().count();
    await workbench.control.fault({ kind: 'schema', omit: ['status'], match: { method: 'POST' } });
    await workbench.toastsQuiet();
    const prompt = 'Case: missing field "status"';
    await workbench.newJob(prompt);
    await workbench.jobRow(prompt).waitFor({ timeout: 30_000 });
    await workbench.toastsQuiet();
    const toasts = await workbench.page.locator('.notifications-toasts .notification-toast').count();
    await workbench.control.clearFaults();
    const after = await jobRows().count();
    const handled = toasts === 0 && after === before + 1;
    rows.push({
      fault: 'missing field "status"',
      shown: '(none: the job is tracked)',
      jobsBefore: before,
      jobsAfter: after,
      result: handled ? 'handled' : 'FAILED',
    });
    assert.equal(toasts, 0, 'no notification: the view shows the job');
    assert.equal(after, before + 1, 'the job the service made is tracked');
    baseline += 1;
  });
  it('401: the key expired', () =>
    sendingCase('401 expired key', () => workbench.control.setKeyState('revoked'), /key was refused.*expired/, 'Set API Key'));
  it('403: the key lacks a scope', () =>
    sendingCase('403 wrong scope', () => workbench.control.setKeyState('forbidden'), /not allowed to do this/, 'Set API Key'));

  it('an unknown job status is shown as such and polled on', async () => {
    const [job] = await workbench.control.jobs();
    assert.ok(job);
    await workbench.control.setJob(job.id, { status: 'paused' });
    await workbench.contextMenu(workbench.jobRow('Baseline job one'), 'Refresh');
    const row = workbench.jobRow('Baseline job one');
    await row.locator('.label-description', { hasText: 'status “paused”' }).waitFor();
    rows.push({
      fault: 'unknown job status',
      shown: await rowText('Baseline job one'),
      jobsBefore: baseline,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
  });

  it('a 404 blip for a tracked job: it stays running, and its finish is still announced', async () => {
    const jobs = await workbench.control.jobs();
    const two = jobs.find((j) => j.prompts[0] === 'Baseline job two');
    assert.ok(two);
    await workbench.control.fault({
      kind: 'status',
      status: 404,
      body: { error: 'Job not found' },
      match: { method: 'GET', path: two.id },
    });
    await workbench.contextMenu(workbench.jobRow('Baseline job two'), 'Refresh');
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'GET' && r.path.endsWith(two.id) && r.status === 404);
    const row = workbench.jobRow('Baseline job two');
    await row.locator('.label-description', { hasText: 'running' }).waitFor();
    await workbench.toastsQuiet();
    await workbench.control.finishJob(two.id);
    const toast = await workbench.notification(/Baseline job two.*completed with a pull request/, 60_000);
    await toast.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor();
    rows.push({
      fault: 'one 404 for a tracked job',
      shown: `still running; then “${await workbench.text(toast.locator('.notification-list-item-message'))}”`,
      jobsBefore: baseline,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
    await workbench.clearNotifications();
  });

  it('minimal job bodies (only id, status and prLink): completed, with Open Pull Request', async () => {
    const label = 'Case: minimal job bodies';
    const omit = ['source', 'createdAt', 'model', 'archivedAt'];
    await workbench.control.fault({ kind: 'schema', omit, match: { method: 'POST' } });
    await workbench.newJob(label);
    await workbench.jobRow(label).waitFor({ timeout: 30_000 });
    baseline += 1;
    const made = (await workbench.control.jobs()).find((j) => j.prompts[0] === label);
    assert.ok(made);
    await workbench.control.fault({ kind: 'schema', omit, count: 1000, match: { method: 'GET', path: made.id } });
    await workbench.toastsQuiet();
    await workbench.control.finishJob(made.id);
    const toast = await workbench.notification(/minimal job bodies.*completed with a pull request/, 60_000);
    await toast.locator('.monaco-button', { hasText: 'Open Pull Request' }).waitFor();
    await workbench.jobRow(label).locator('.label-description', { hasText: 'pull request ready' }).waitFor();
    rows.push({
      fault: 'minimal job bodies (id, status, prLink)',
      shown: await rowText(label),
      jobsBefore: baseline - 1,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
    await workbench.control.clearFaults();
    await workbench.clearNotifications();
  });

  it('an unreadable answer to one job’s check marks that job until a good answer', async () => {
    const label = 'Case: missing field "status"';
    const made = (await workbench.control.jobs()).find((j) => j.prompts[0] === label);
    assert.ok(made, 'the job the missing-field case made');
    await workbench.control.fault({ kind: 'malformed', count: 100, match: { method: 'GET', path: made.id } });
    await workbench.contextMenu(workbench.jobRow(label), 'Refresh');
    const failed = workbench.jobRow(label).locator('.label-description', { hasText: 'last check failed' });
    await failed.waitFor({ timeout: 30_000 });
    rows.push({
      fault: 'malformed answer to one job’s check',
      shown: await rowText(label),
      jobsBefore: baseline,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
    await workbench.control.clearFaults();
    await workbench.contextMenu(workbench.jobRow(label), 'Refresh');
    await failed.waitFor({ state: 'detached', timeout: 30_000 });
  });

  it('a follow-up failing with 503 stays in its draft, and its Retry sends it once and closes the draft', async () => {
    const label = 'Case: missing field "status"';
    const text = 'Also fix the typo in the heading';
    const made = (await workbench.control.jobs()).find((j) => j.prompts[0] === label);
    assert.ok(made);
    await workbench.control.fault({ kind: 'status', status: 503, match: { method: 'POST', path: '/message' } });
    await workbench.toastsQuiet();
    await workbench.contextMenu(workbench.jobRow(label), 'Send Follow-up');
    const draft = await workbench.composeAndSend('Follow-up to', text);
    const toast = await workbench.notification(/service had an error \(HTTP 503\)/);
    const shown = await workbench.text(toast.locator('.notification-list-item-message'));
    // Not sent, the draft stays with its text; asked again, the same draft comes back, not a second one.
    await workbench.openDocsAgentView();
    await workbench.contextMenu(workbench.jobRow(label), 'Send Follow-up');
    await draft.waitFor();
    await workbench.page.locator('.monaco-editor.focused .view-line', { hasText: text }).first().waitFor();
    assert.equal(await workbench.page.locator('.tab', { hasText: 'Follow-up to' }).count(), 1);
    await workbench.pressNotificationButton(toast, 'Retry');
    await workbench.control.waitForRequests(1, 30_000, (r) => r.method === 'POST' && r.path.endsWith('/message') && r.status === 200);
    // Sent by Retry, the draft is done with: its tab closes.
    await draft.waitFor({ state: 'detached', timeout: 30_000 });
    const prompts = (await workbench.control.jobs()).find((j) => j.id === made.id)?.prompts ?? [];
    assert.deepEqual(
      prompts.filter((p) => p === text),
      [text],
      'delivered once',
    );
    // The job's tooltip counts it: the extension has finished with the follow-up.
    await workbench.hoverFor(workbench.jobRow(label), 'Follow-ups: 1');
    await workbench.page.mouse.move(700, 500);
    rows.push({
      fault: 'follow-up, 503',
      shown: `${shown} [Retry] (follow-up kept, sent once on Retry)`,
      jobsBefore: baseline,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
  });

  it('keeps every tracked job through a window reload', async () => {
    await workbench.runCommand('Developer: Reload Window');
    await workbench.page.waitForEvent('load');
    await workbench.page.locator('.monaco-workbench').waitFor();
    await workbench.openDocsAgentView();
    await workbench.jobRow('Baseline job two').waitFor({ timeout: 30_000 });
    // The tree fills in as the view lays out after the reload: wait (with a deadline) for every row.
    const allRows = `document.querySelectorAll('[id="workbench.parts.sidebar"] .monaco-list-row').length >= ${baseline}`;
    await workbench.page.waitForFunction(allRows, undefined, { timeout: 30_000 }).catch(() => undefined);
    assert.equal(await jobRows().count(), baseline);
    rows.push({
      fault: 'window reload after all of the above',
      shown: `${baseline} jobs listed`,
      jobsBefore: baseline,
      jobsAfter: await jobRows().count(),
      result: 'handled',
    });
  });

  it('an analytics page failing halfway through paging says so, with Retry', async () => {
    await workbench.control.fault({ kind: 'status', status: 500, count: 50, after: 2, match: { path: '/visitors' } });
    await workbench.runCommand('Docs Agent: Set Project ID');
    await workbench.answerInput(workbench.emulator.syntheticProjectId, 'Mintlify project ID');
    await workbench.settingIs('docsAgent.projectId', workbench.emulator.syntheticProjectId);
    await workbench.openFile('docs/quickstart.mdx');
    await workbench.runCommand('Docs Agent: Show Visitors for This Page');
    const panel = workbench.webview();
    const error = panel.locator('.status-line.error');
    await error.waitFor({ timeout: 60_000 });
    const said = await error.locator('.error-text').innerText();
    assert.match(said, /service had an error \(HTTP 500\)/);
    await panel.getByRole('button', { name: 'Retry' }).waitFor();
    const pages = (await workbench.control.requests()).filter((r) => r.path.includes('/visitors'));
    assert.ok(pages.length >= 3, 'two pages were read before the failure');
    rows.push({
      fault: 'analytics page 3 fails (500)',
      shown: `${said} [Retry]`,
      jobsBefore: baseline,
      jobsAfter: baseline,
      result: 'handled',
    });
  });

  it('leaves no promise rejection unhandled in the extension host', () => {
    // The extension host logs what escapes an extension (an unhandled rejection, a throw in a
    // callback) as an [error] entry whose stack runs through the extension's bundle. Errors the
    // extension handles go to its own channel instead, a different file.
    const logs = filesUnder(join(workbench.server.stateDir, 'user-data', 'logs')).filter((f) =>
      /^(remote)?exthost\.log$/i.test(basename(f)),
    );
    assert.ok(logs.length > 0, 'the extension host wrote its log');
    const entries = logs.flatMap((f) => readFileSync(f, 'utf8').split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \[)/));
    const escaped = entries.filter((e) => /^\S+ \S+ \[error\]/.test(e) && /dist\/extension\.js|mintlify-docs-agent/.test(e));
    assert.deepEqual(escaped, []);
  });
});
