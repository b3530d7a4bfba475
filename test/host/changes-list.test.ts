// Review Changes as a list of the changed files (the fallback where the editor has no multi-file
// diff editor, and a setting where it has one), against real git, driven as a writer drives the
// list: the editor's own quick-open commands pick and accept entries.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AppliedFile } from '../../src/review/apply-file';
import { loadGitApi } from '../../src/review/git-api';
import { reviewRef } from '../../src/review/fetch-command';
import { eventually } from '../support/eventually';
import { finishedJob, type HostEmulator, startHostEmulator } from './support';

const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();
const page = (path: string): string => readFileSync(join(folder(), path), 'utf8');
const changedFiles = (): string[] =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: folder(), encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));

/** The active tab's diff, once it shows `path` (relative to the folder). */
async function diffShowing(path: string): Promise<vscode.TabInputTextDiff> {
  const shown = (): vscode.TabInputTextDiff | undefined => {
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    return input instanceof vscode.TabInputTextDiff && input.modified.path.endsWith(`/${path}`) ? input : undefined;
  };
  await eventually(() => shown() !== undefined, `the diff of ${path}`, 10_000);
  return shown() as vscode.TabInputTextDiff;
}

const refOf = (uri: vscode.Uri): unknown => (JSON.parse(uri.query) as { ref?: unknown }).ref;

describe('review an agent job’s change as a list of files', () => {
  let host: HostEmulator;
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('docsAgent');
  before(async () => {
    host = await startHostEmulator();
    await settings().update('review.showChangesAs', 'fileList', vscode.ConfigurationTarget.Workspace);
  });
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    git('checkout', '--quiet', '--force', 'main');
    git('reset', '--quiet', '--hard');
    for (const branch of git('branch', '--list', '--format=%(refname:short)', 'docs-agent/*').split('\n').filter(Boolean)) {
      git('branch', '--quiet', '-D', branch);
    }
    await (await loadGitApi()).repositories[0]?.status();
  });
  after(async () => {
    await settings().update('review.showChangesAs', undefined, vscode.ConfigurationTarget.Workspace);
    await host?.close();
  });

  it('opens each changed file in its own diff, docs pages first, and Apply File works from that diff', async () => {
    const job = await finishedJob(host, 'Tighten guides/webhooks.mdx and api-reference/introduction.mdx');
    await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);

    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const first = await diffShowing('docs/api-reference/introduction.mdx');
    assert.equal(refOf(first.modified), git('rev-parse', reviewRef(job)), 'the right side is the agent’s version');
    assert.equal(refOf(first.original), git('rev-parse', 'origin/main'), 'the left side is the base');
    const label = vscode.window.tabGroups.activeTabGroup.activeTab?.label ?? '';
    assert.match(label, /^docs\/api-reference\/introduction\.mdx — Agent’s change: Tighten guides\/webhooks\.mdx/);

    // The list stays open: the next entry opens the next file.
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await diffShowing('docs/guides/webhooks.mdx');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');

    // Apply File with no argument (the palette, or the diff's title bar) takes the file on screen.
    const before = page('docs/guides/webhooks.mdx');
    const applied = await vscode.commands.executeCommand<AppliedFile>('docsAgent.applyChangeFile');
    assert.ok(applied, 'the file was applied');
    assert.deepEqual(changedFiles(), ['docs/guides/webhooks.mdx']);
    assert.match(page('docs/guides/webhooks.mdx'), new RegExp(`Edited by the docs agent \\(${job.id}\\)`));
    await applied.undo();
    assert.equal(page('docs/guides/webhooks.mdx'), before);
  });

  it('ends with Check Out, which switches to the job’s branch with the whole change', async () => {
    const job = await finishedJob(host, 'Reword changelog.mdx');
    await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);
    // Up from the first entry wraps to the last one: Check Out Job’s Change.
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectPrevious');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await eventually(() => git('rev-parse', '--abbrev-ref', 'HEAD').startsWith('docs-agent/'), 'the switch to the job’s branch', 20_000);
    assert.equal(git('rev-parse', 'HEAD'), git('rev-parse', reviewRef(job)));
  });
});
