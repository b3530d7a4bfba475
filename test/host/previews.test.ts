// Preview deployments in the real extension host against the emulator, which builds the job's
// branch from the git remote and serves the preview itself: ready opens the changed page (with
// the agent's sentence in it), and a broken link fails the build with its log line.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as vscode from 'vscode';
import { buildLogScheme } from '../../src/previews/build-log';
import { previewKeyOf, type TrackedPreview } from '../../src/previews/tracked-preview';
import { jobKeyOf, type TrackedJob } from '../../src/jobs/tracked-job';
import { eventually } from '../support/eventually';
import { api, finishedJob, type HostEmulator, startHostEmulator } from './support';

/**
 * The record of the preview `started` began, once `check` holds. By its key, not its branch alone:
 * job ids, and so branch names, repeat from one suite's emulator to the next, whose previews this
 * machine still keeps.
 */
async function previewUntil(check: (preview: TrackedPreview) => boolean, started: TrackedPreview, what: string): Promise<TrackedPreview> {
  const { previews } = await api();
  const key = previewKeyOf(started);
  const find = (): TrackedPreview | undefined => previews.all().find((p) => previewKeyOf(p) === key && check(p));
  await eventually(() => find() !== undefined, what, 60_000);
  return find() as TrackedPreview;
}

const previewRequests = async (host: HostEmulator): Promise<unknown[]> =>
  (await host.control.requests()).filter((r) => r.method === 'POST' && r.path.includes('/project/preview/')).map((r) => r.body);

/** A pull request job as a service that names no branch reports it: only its link says where the change is. */
async function withoutBranch(host: HostEmulator, job: TrackedJob): Promise<TrackedJob> {
  await host.control.setJob(job.id, { source: { repository: job.job.repository, ref: null } });
  const [seen] = (await vscode.commands.executeCommand<(TrackedJob | undefined)[]>('docsAgent.refreshJob', job.id)) ?? [];
  assert.equal(seen?.job.ref, null);
  assert.ok(seen.job.prLink);
  return seen;
}

describe('preview deployments of an agent’s change', () => {
  let host: HostEmulator;
  before(async () => {
    host = await startHostEmulator();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await host?.close();
    // Every suite's emulator deals the same job ids: the changes fetched here must not read as a later suite's.
    const workspace = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const fetched = execFileSync('git', ['for-each-ref', '--format=%(refname)', 'refs/docs-agent-changes/'], {
      cwd: workspace,
      encoding: 'utf8',
    });
    for (const ref of fetched.split('\n').filter(Boolean)) execFileSync('git', ['update-ref', '-d', ref], { cwd: workspace });
  });

  it('builds the job’s branch, and Open Page in Preview shows the changed page with the agent’s sentence', async () => {
    const job = await finishedJob(host, 'Tighten guides/webhooks.mdx');
    const branch = job.job.ref ?? '';
    const started = await vscode.commands.executeCommand<TrackedPreview>('docsAgent.previewChange', job.id);
    assert.equal(started?.branch, branch);
    assert.equal(started.pagePath, '/guides/webhooks', 'the first changed docs page');
    const [request] = (await host.control.requests()).filter((r) => r.method === 'POST' && r.path.includes('/project/preview/'));
    assert.deepEqual(request?.body, { branch });

    const tree = (await api()).jobsTree;
    // By the job's whole key: an earlier suite's job may have had the same id at another address.
    const jobRow = (tree.getChildren() ?? []).find((item) => String(item.id).startsWith(jobKeyOf(job)));
    assert.ok(jobRow);
    // Under the job's record (what was asked, its finish): the preview, last.
    const row = (tree.getChildren(jobRow) ?? []).at(-1);
    assert.match(String(row?.description), /^(queued|building)/);

    await host.control.finishPreview(started.statusId, 'success');
    const ready = await previewUntil(
      (p) => p.status === 'success' && p.announcedRound === p.round,
      started,
      'the preview to be ready, and announced',
    );
    // The row follows the machine-wide record on the tree's next refresh, which a busy machine delays.
    const lastRow = (): string => String((tree.getChildren(jobRow) ?? []).at(-1)?.description);
    await eventually(() => /^ready · /.test(lastRow()), 'the job’s last row to say the preview is ready', 20_000).catch(() =>
      assert.match(lastRow(), /^ready · /),
    );

    const address = await vscode.commands.executeCommand<string>('docsAgent.openPreview', previewKeyOf(ready));
    assert.equal(address, `${String(ready.previewUrl).replace(/\/$/, '')}/guides/webhooks`);
    const page = await (await fetch(address)).text();
    assert.match(page, new RegExp(`Edited by the docs agent \\(${job.id}\\)`));
  });

  it('a job that names no branch is previewed from its pull request’s head branch, found on the remote', async () => {
    const finished = await finishedJob(host, 'Clarify guides/webhooks.mdx retries');
    const branch = finished.job.ref ?? '';
    const job = await withoutBranch(host, finished);
    const before = (await previewRequests(host)).length;
    const started = await vscode.commands.executeCommand<TrackedPreview>('docsAgent.previewChange', job.id);
    assert.equal(started?.branch, branch, 'the remote branch whose tip is the pull request’s head');
    assert.equal(started.pagePath, '/guides/webhooks');
    assert.deepEqual((await previewRequests(host)).slice(before), [{ branch }]);
  });

  it('a pull request whose commit no remote branch holds is not previewed (nothing is requested)', async () => {
    const finished = await finishedJob(host, 'Shorten guides/webhooks.mdx');
    const remote = process.env.DOCS_AGENT_TEST_GIT_REMOTE;
    assert.ok(remote, 'the launcher names the bare remote');
    // As when the pull request comes from a fork: its branch is not on this remote.
    execFileSync('git', ['--git-dir', remote, 'update-ref', '-d', `refs/heads/${finished.job.ref ?? ''}`]);
    const job = await withoutBranch(host, finished);
    const before = (await previewRequests(host)).length;
    const started = await vscode.commands.executeCommand<TrackedPreview | undefined>('docsAgent.previewChange', job.id);
    assert.equal(started, undefined);
    assert.equal((await previewRequests(host)).length, before, 'no preview request was made');
    assert.equal((await api()).previews.all().filter((p) => p.jobId === job.id).length, 0);
  });

  it('a broken link fails the build, the build log opens read-only with the failing line, Ask the Agent to Fix drafts the follow-up, and Build Again redeploys it', async () => {
    const job = await finishedJob(host, '[broken-link] Reword quickstart.mdx');
    const branch = job.job.ref ?? '';
    const started = await vscode.commands.executeCommand<TrackedPreview>('docsAgent.previewChange', job.id);
    await host.control.finishPreview(started.statusId); // as built: the broken link fails it
    const failed = await previewUntil((p) => p.status === 'failure', started, 'the build to fail');
    const brokenLine = failed.logs.find((line) => line.includes('Broken link'));
    assert.ok(brokenLine, 'the log names the broken link');

    const log = await vscode.commands.executeCommand<vscode.TextDocument>('docsAgent.showBuildLog', previewKeyOf(failed));
    assert.equal(log.uri.scheme, buildLogScheme, 'a virtual document: the editor will not save it');
    assert.ok(log.getText().includes(brokenLine));

    // The fix is a follow-up draft to the job, the failing line quoted; sending it from there is one follow-up.
    const draft = await vscode.commands.executeCommand<vscode.TextEditor>('docsAgent.fixPreviewBuild', previewKeyOf(failed));
    assert.equal(draft.document.uri.scheme, 'docs-agent-compose');
    assert.ok(draft.document.getText().split('\n').includes(brokenLine), draft.document.getText());
    assert.equal(await vscode.commands.executeCommand('docsAgent.sendComposed', draft.document.uri), true);
    const [followUp] = (await host.control.requests()).filter((r) => r.method === 'POST' && r.path.endsWith(`/job/${job.id}/message`));
    const prompt = String((followUp?.body as { prompt?: unknown } | undefined)?.prompt);
    assert.ok(prompt.includes('failed. Please fix this on the same branch.\n\nWhat the preview build printed'), prompt);
    assert.ok(prompt.split('\n').includes(brokenLine), prompt);

    const posts = (await previewRequests(host)).length;
    const again = await vscode.commands.executeCommand<TrackedPreview>('docsAgent.rebuildPreview', previewKeyOf(failed));
    assert.deepEqual((await previewRequests(host)).slice(posts), [{ branch }], 'the same branch, built again');
    assert.equal(again.round, failed.round + 1);
    assert.equal(again.status, 'queued');
    assert.equal(again.pagePath, failed.pagePath);
    assert.equal(again.jobId, job.id);
  });
});
