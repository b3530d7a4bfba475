// Check Out and Apply File against real git, through the commands a writer runs: the
// workspace is a clone of the emulator's bare repository, and a finished job's change is a
// real commit there.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import type { AppliedFile } from '../../src/review/apply-file';
import { applyAgentFile } from '../../src/review/apply-file';
import { type CheckedOut, checkOutChange } from '../../src/review/check-out';
import { loadGitApi } from '../../src/review/git-api';
import { jobConfigKey, localBranchName } from '../../src/review/job-branch';
import { fetchJobChange } from '../../src/review/job-change';
import { ReviewError } from '../../src/review/review-errors';
import { finishAgain, finishedJob, type HostEmulator, startHostEmulator } from './support';

const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();
const page = (path: string): string => readFileSync(join(folder(), path), 'utf8');
const changedFiles = (): string[] =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: folder(), encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));

describe('check out and apply the agent’s change with real git', () => {
  let host: HostEmulator;
  before(async () => {
    host = await startHostEmulator();
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Each test starts on a clean main, with no branch of the agent's left.
    git('checkout', '--quiet', '--force', 'main');
    git('reset', '--quiet', '--hard');
    for (const branch of git('branch', '--list', '--format=%(refname:short)', 'docs-agent/*').split('\n').filter(Boolean)) {
      git('branch', '--quiet', '-D', branch);
    }
    // The emulator's job ids repeat from one suite to the next: leave no fetched change behind either.
    for (const ref of git('for-each-ref', '--format=%(refname)', 'refs/docs-agent-changes/').split('\n').filter(Boolean)) {
      git('update-ref', '-d', ref);
    }
    await (await loadGitApi()).repositories[0]?.status();
  });
  after(() => host?.close());

  const agentLine = (job: TrackedJob): RegExp => new RegExp(`Edited by the docs agent \\(${job.id}\\)`);

  it('Check Out makes docs-agent/<job id> at the agent’s commit, records the job on it and switches to it', async () => {
    const job = await finishedJob(host, 'Tighten guides/webhooks.mdx');
    const result = await vscode.commands.executeCommand<CheckedOut>('docsAgent.checkOutChange', job.id);
    assert.equal(result?.branch, localBranchName(job));
    assert.equal(result.outcome, 'created');
    assert.equal(result.previous, 'main');
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), localBranchName(job));
    assert.equal(git('config', '--get', jobConfigKey(result.branch)), job.id);
    assert.equal(git('rev-parse', 'HEAD'), (await host.control.jobs()).find((j) => j.id === job.id)?.edit?.commit);
    assert.match(page('docs/guides/webhooks.mdx'), agentLine(job));
  });

  it('Check Out carries uncommitted work in other files along, and refuses when it touches the agent’s files', async () => {
    const job = await finishedJob(host, 'Reword guides/authentication.mdx');
    writeFileSync(join(folder(), 'docs/guides/authentication.mdx'), `${page('docs/guides/authentication.mdx')}\nMy own note.\n`);
    const change = await fetchJobChange(await loadGitApi(), job);
    const refused = await checkOutChange(job, change).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(refused instanceof ReviewError, `refused with ${String(refused)}`);
    assert.match(refused.message, /uncommitted changes to docs\/guides\/authentication\.mdx, which the agent also changed/);
    assert.deepEqual(refused.actions, ['openSourceControl']);
    assert.equal(git('branch', '--list', 'docs-agent/*'), '', 'no branch is left behind');
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), 'main');

    git('checkout', '--quiet', '--', 'docs/guides/authentication.mdx');
    writeFileSync(join(folder(), 'notes.md'), 'Unrelated notes\n');
    const result = await checkOutChange(job, change);
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), result.branch);
    assert.deepEqual(changedFiles(), ['notes.md'], 'the writer’s other work came along');
  });

  it('Check Out again after a follow-up moves the branch forward; with commits of the writer’s own it is kept', async function () {
    this.timeout(90_000); // two rounds of git fetches and three check outs: over 30 s on a busy machine
    const job = await finishedJob(host, 'Shorten changelog.mdx');
    await vscode.commands.executeCommand('docsAgent.checkOutChange', job.id);
    git('checkout', '--quiet', 'main');
    await vscode.commands.executeCommand('docsAgent.sendFollowUp', job.id, 'Also shorten quickstart.mdx');
    const followed = await finishAgain(host, job);
    const updated = await vscode.commands.executeCommand<CheckedOut>('docsAgent.checkOutChange', followed.id);
    assert.equal(updated.outcome, 'updated');
    assert.match(page('docs/quickstart.mdx'), agentLine(job));
    assert.match(page('docs/changelog.mdx'), agentLine(job));

    git('commit', '--quiet', '--allow-empty', '-m', 'my own commit');
    const mine = git('rev-parse', 'HEAD');
    git('checkout', '--quiet', 'main');
    const kept = await vscode.commands.executeCommand<CheckedOut>('docsAgent.checkOutChange', job.id);
    assert.equal(kept.outcome, 'kept');
    assert.equal(git('rev-parse', 'HEAD'), mine, 'the writer’s commit is not thrown away');
  });

  it('Apply File writes the agent’s version of exactly one file, and Undo puts it back', async () => {
    const job = await finishedJob(host, 'Tighten guides/webhooks.mdx and api-reference/introduction.mdx');
    const before = page('docs/guides/webhooks.mdx');
    const file = vscode.Uri.joinPath(vscode.Uri.file(folder()), 'docs/guides/webhooks.mdx');
    assert.deepEqual(changedFiles(), [], 'git sees a clean working tree before Apply File');
    const applied = await vscode.commands.executeCommand<AppliedFile>('docsAgent.applyChangeFile', job.id, file);
    // Without an answer, a host test's modal question is dismissed: say what the Git extension saw.
    const seen = (await loadGitApi()).repositories[0]?.state.workingTreeChanges.map((c) => c.uri.fsPath);
    assert.ok(applied, `the file was applied (the Git extension saw uncommitted work in ${JSON.stringify(seen)})`);
    assert.deepEqual(changedFiles(), ['docs/guides/webhooks.mdx']);
    assert.match(page('docs/guides/webhooks.mdx'), agentLine(job));
    assert.equal(git('rev-parse', '--abbrev-ref', 'HEAD'), 'main', 'no branch switch');
    await applied.undo();
    assert.equal(page('docs/guides/webhooks.mdx'), before);
    assert.deepEqual(changedFiles(), []);
  });

  it('Apply File refuses a file with unsaved edits and leaves it as it was', async () => {
    const job = await finishedJob(host, 'Reword guides/index.mdx');
    const uri = vscode.Uri.joinPath(vscode.Uri.file(folder()), 'docs/guides/index.mdx');
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), 'unsaved ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const change = await fetchJobChange(await loadGitApi(), job);
    const [file] = change.changes;
    assert.ok(file);
    const refused = await applyAgentFile(change, file, (u) => vscode.workspace.asRelativePath(u, false)).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(refused instanceof ReviewError, `refused with ${String(refused)}`);
    assert.match(refused.message, /docs\/guides\/index\.mdx has unsaved edits/);
    assert.ok(document.getText().startsWith('unsaved '), 'the writer’s edit is untouched');
    assert.deepEqual(changedFiles(), [], `nothing on disk changed, but git sees:\n${git('diff')}`);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
