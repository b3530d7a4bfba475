// Review Changes against real git: the workspace is a clone of the emulator's bare repository
// (its origin reads https://github.com/acme/docs.git), and a finished job's change is a real
// commit there. Fetching, matching the remote and the failures run through the built-in Git
// extension's API, as the command does.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { askedFromHere, showChanges, showsDiffTitled } from '../../src/review/changes-view';
import { loadGitApi } from '../../src/review/git-api';
import { reviewRef } from '../../src/review/fetch-command';
import { fetchJobChange } from '../../src/review/job-change';
import { ReviewError } from '../../src/review/review-errors';
import { finishedJob, type HostEmulator, startHostEmulator } from './support';

const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();

describe('review an agent job’s change with real git', () => {
  let host: HostEmulator;
  before(async () => {
    host = await startHostEmulator();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await host?.close();
  });

  async function failureOf(job: TrackedJob): Promise<ReviewError> {
    const error = await fetchJobChange(await loadGitApi(), job).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof ReviewError, `a review error, not ${String(error)}`);
    return error;
  }

  it('finds the clone by its origin, fetches refs/pull/N/head, and lists the agent’s pages against main', async () => {
    const job = await finishedJob(host, 'Tighten guides/webhooks.mdx and add an example to api-reference/introduction.mdx');
    const edit = (await host.control.jobs()).find((j) => j.id === job.id)?.edit;
    assert.ok(edit, 'the emulator committed the change');
    const change = await fetchJobChange(await loadGitApi(), job);
    assert.equal(change.remote, 'origin');
    assert.match(change.source.remoteRef, /^refs\/pull\/\d+\/head$/);
    assert.equal(change.head, edit.commit);
    assert.equal(change.base, git('rev-parse', 'origin/main'));
    const paths = change.changes.map((c) => vscode.workspace.asRelativePath(c.uri, false));
    assert.deepEqual(paths, ['docs/api-reference/introduction.mdx', 'docs/guides/webhooks.mdx']);
    assert.equal(git('branch', '--list'), '* main', 'fetching makes no branch');
    assert.equal(git('rev-parse', reviewRef(job)), edit.commit);
  });

  it('opens the multi-file diff editor titled after the job, and the agent’s side holds its line', async () => {
    const job = await finishedJob(host, 'Shorten changelog.mdx');
    await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.match(tab?.label ?? '', /^Agent’s change: Shorten changelog\.mdx \(pull request #\d+\) \(1 file\)$/);
    const change = await fetchJobChange(await loadGitApi(), job);
    const [entry] = change.changes;
    assert.ok(entry);
    const api = await loadGitApi();
    const agentSide = await vscode.workspace.openTextDocument(api.toGitUri(entry.uri, change.head));
    assert.match(agentSide.getText(), new RegExp(`Edited by the docs agent \\(${job.id}\\)`));
  });

  it('opens the change again where it shows, never a second copy over the page the writer moved to; the keyboard stays there', async () => {
    const job = await finishedJob(host, 'Tidy quickstart.mdx');
    await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);
    const diffGroup = vscode.window.tabGroups.activeTabGroup;
    const asked = askedFromHere();
    // The writer moves on while the change is fetched again: a page beside the diff, typing in it.
    const page = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(vscode.Uri.file(folder()), 'docs', 'index.mdx'));
    const writing = await vscode.window.showTextDocument(page, { viewColumn: vscode.ViewColumn.Beside });
    const change = await fetchJobChange(await loadGitApi(), job);
    const title = diffGroup.activeTab?.label.replace(/ \(\d+ files?\)$/, '') ?? '';
    await showChanges(await loadGitApi(), change, title, asked);
    const copies = vscode.window.tabGroups.all.flatMap((group) => group.tabs.filter((tab) => showsDiffTitled(tab, title)).map(() => group));
    assert.deepEqual(
      copies.map((group) => group.viewColumn),
      [diffGroup.viewColumn],
      'one copy, in its own group',
    );
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), writing.document.uri.toString(), 'the page keeps the keyboard');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a push-to-branch job: compares what arrived on main with the local main', async () => {
    const job = await finishedJob(host, '[push] Reword index.mdx');
    assert.equal(job.job.prLink, null);
    const change = await fetchJobChange(await loadGitApi(), job);
    assert.equal(change.source.remoteRef, 'refs/heads/main');
    assert.equal(change.base, git('rev-parse', 'main'));
    assert.deepEqual(
      change.changes.map((c) => vscode.workspace.asRelativePath(c.uri, false)),
      ['docs/index.mdx'],
    );
  });

  it('a pull request link that git does not have (yet): says so, offers Retry, leaves no ref behind', async () => {
    const job = await finishedJob(host, 'Anything', { prLink: 'https://github.com/acme/docs/pull/999' });
    const error = await failureOf(job);
    assert.match(error.message, /pull request #999 is not on origin \(yet\)/);
    assert.deepEqual(error.actions, ['retry']);
    assert.equal(git('for-each-ref', reviewRef(job)), '', 'no ref for a failed fetch');
  });

  it('a GitLab link asks for refs/merge-requests/N/head', async () => {
    const job = await finishedJob(host, 'Anything', { prLink: 'https://gitlab.com/acme/docs/-/merge_requests/3' });
    assert.match((await failureOf(job)).message, /merge request !3 is not on origin/);
  });

  it('no clone of the job’s repository is open: offers to open a folder or copy the fetch command', async () => {
    const job = await finishedJob(host, 'Anything');
    const elsewhere = {
      ...job,
      job: { ...job.job, repository: 'https://github.com/acme/handbook', prLink: 'https://github.com/acme/handbook/pull/4' },
    };
    const error = await failureOf(elsewhere);
    assert.match(error.message, /No open folder is a git clone of https:\/\/github\.com\/acme\/handbook/);
    assert.deepEqual(error.actions, ['openFolder', 'copyFetchCommand']);
  });

  it('a remote that cannot be reached: says so and offers Retry', async () => {
    git('remote', 'add', 'offline', 'http://127.0.0.1:9/acme/offline.git');
    try {
      const api = await loadGitApi();
      await api.repositories[0]?.status();
      const job = await finishedJob(host, 'Anything');
      const offline = { ...job, job: { ...job.job, repository: 'http://127.0.0.1:9/acme/offline', prLink: null, ref: 'main' } };
      const error = await failureOf(offline);
      assert.match(error.message, /Could not reach offline to fetch the branch main/);
      assert.deepEqual(error.actions, ['retry', 'showGitOutput']);
    } finally {
      git('remote', 'remove', 'offline');
    }
  });
});
