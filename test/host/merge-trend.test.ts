// Readers Before and After Merge against real git: the emulator's agent commits a job's change
// under refs/pull/N/head of the bare remote this workspace clones, a reviewer merges it into main
// (a merge commit, squashed, or rebased) on a given day, and the built-in Git extension's API
// finds that day; the command then opens the visitors panel on the changed page around it.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { loadGitApi } from '../../src/review/git-api';
import { fetchJobChange } from '../../src/review/job-change';
import { findJobMerge, type MergeFinding } from '../../src/review/job-merge';
import { addDays, todayUtc } from '../../src/visitors/date-range';
import type { MergeMark } from '../../src/visitors/protocol';
import { eventually } from '../support/eventually';
import { finishedJob, type HostEmulator, startHostEmulator } from './support';

const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();
const remote = (...args: string[]): string =>
  execFileSync('git', ['--git-dir', process.env.DOCS_AGENT_TEST_GIT_REMOTE ?? '', ...args], { encoding: 'utf8' }).trim();

describe('readers before and after a job’s merge, with real git', () => {
  let host: HostEmulator;
  let mainBefore: string;
  const mergedOn = addDays(todayUtc(), -14);
  const at = new Date(`${mergedOn}T15:30:00Z`);

  // The status bar reads the open page's default range on its own: off, every read here is the panel's.
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('docsAgent');
  before(async () => {
    host = await startHostEmulator();
    await settings().update('visitors.statusBar', false, vscode.ConfigurationTarget.Workspace);
    mainBefore = remote('rev-parse', 'refs/heads/main');
  });
  after(async () => {
    // Main goes back to where it was, here and in the clone: other suites compare against it.
    remote('update-ref', 'refs/heads/main', mainBefore);
    git('fetch', '-q', 'origin');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await settings().update('visitors.statusBar', undefined, vscode.ConfigurationTarget.Workspace);
    await host?.close();
  });

  async function finding(job: TrackedJob): Promise<MergeFinding> {
    return findJobMerge(await fetchJobChange(await loadGitApi(), job), job.job.prLink);
  }

  for (const [how, kind] of [
    ['merge', 'merge commit'],
    ['squash', 'squash'],
    ['rebase', 'rebase'],
  ] as const) {
    it(`finds the day a pull request was merged: ${how} → ${kind}`, async () => {
      const job = await finishedJob(host, `Tighten guides/webhooks.mdx (${how})`);
      const { main } = await host.control.mergeJob(job.id, how, at);
      const found = await finding(job);
      assert.ok('merged' in found, `merged, not: ${'notMerged' in found ? found.notMerged : ''}`);
      assert.equal(found.merged.how, kind);
      assert.equal(found.merged.at, at.getTime());
      assert.equal(found.merged.into, 'origin/main');
      assert.equal(found.merged.commit, main, 'the commit that brought the change');
    });
  }

  it('a pull request not merged yet says so', async () => {
    const job = await finishedJob(host, 'Shorten changelog.mdx');
    const found = await finding(job);
    assert.ok('notMerged' in found);
    assert.match(found.notMerged, /^The pull request #\d+ is not on origin\/main yet/);
  });

  it('the command opens the changed page and the visitors panel over the four weeks each side of the merge', async () => {
    const job = await finishedJob(host, 'Add a retry example to guides/webhooks.mdx');
    await host.control.mergeJob(job.id, 'merge', at);
    await host.control.clearRequests();
    const mark = await vscode.commands.executeCommand<MergeMark | undefined>('docsAgent.readersAroundMerge', job.id);
    assert.deepEqual(
      { pagePath: mark?.pagePath, day: mark?.day },
      { pagePath: '/guides/webhooks', day: mergedOn },
      'the page the change touched, split on the merge day',
    );
    assert.match(mark?.label ?? '', /^pull request #\d+ into origin\/main \(merge commit\)$/);
    assert.equal(vscode.workspace.asRelativePath(vscode.window.activeTextEditor?.document.uri ?? '', false), 'docs/guides/webhooks.mdx');
    const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
    assert.ok(tabs.includes('Visitors · /guides/webhooks'), `tabs: ${tabs.join(', ')}`);
    // The panel reads the windows' range (the trend waits for its button, which states its cost).
    const read = await host.control.waitForRequests(1, 10_000, (r) => r.path.endsWith('/visitors'));
    const query = read[0]?.query ?? {};
    assert.deepEqual([query.dateFrom, query.dateTo], [addDays(mergedOn, -28), addDays(todayUtc(), 1)]);
  });

  it('closing the panel puts the default range back: Show Visitors then reads the last 30 days, not the merge’s weeks', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const open = (): string[] => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
    await eventually(() => !open().some((label) => label.startsWith('Visitors')), 'the panel closed', 10_000);
    await host.control.clearRequests();
    await vscode.commands.executeCommand('docsAgent.showVisitors', vscode.Uri.joinPath(vscode.Uri.file(folder()), 'docs/quickstart.mdx'));
    const [read] = await host.control.waitForRequests(1, 10_000, (r) => r.path.endsWith('/visitors'));
    assert.deepEqual([read?.query.dateFrom, read?.query.dateTo], [addDays(todayUtc(), -29), addDays(todayUtc(), 1)]);
  });
});
