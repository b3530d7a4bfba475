// Preview deployments in the real extension host against the emulator, which builds the job's
// branch from the git remote and serves the preview itself: ready opens the changed page (with
// the agent's sentence in it), and a broken link fails the build with its log line.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { buildLogScheme } from '../../src/previews/build-log';
import { previewKeyOf, type TrackedPreview } from '../../src/previews/tracked-preview';
import { eventually } from '../support/eventually';
import { api, finishedJob, type HostEmulator, startHostEmulator } from './support';

async function previewUntil(check: (preview: TrackedPreview) => boolean, branch: string, what: string): Promise<TrackedPreview> {
  const { previews } = await api();
  const find = (): TrackedPreview | undefined => previews.all().find((p) => p.branch === branch && check(p));
  await eventually(() => find() !== undefined, what, 60_000);
  return find() as TrackedPreview;
}

describe('preview deployments of an agent’s change', () => {
  let host: HostEmulator;
  before(async () => {
    host = await startHostEmulator();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await host?.close();
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
    const jobRow = (tree.getChildren() ?? []).find((item) => JSON.stringify(item.id).includes(job.id));
    assert.ok(jobRow);
    const [row] = tree.getChildren(jobRow) ?? [];
    assert.match(String(row?.description), /^(queued|building)/);

    await host.control.finishPreview(started.statusId, 'success');
    const ready = await previewUntil(
      (p) => p.status === 'success' && p.announcedRound === p.round,
      branch,
      'the preview to be ready, and announced',
    );
    const [readyRow] = tree.getChildren(jobRow) ?? [];
    assert.match(String(readyRow?.description), /^ready · /);

    const address = await vscode.commands.executeCommand<string>('docsAgent.openPreview', previewKeyOf(ready));
    assert.equal(address, `${String(ready.previewUrl).replace(/\/$/, '')}/guides/webhooks`);
    const page = await (await fetch(address)).text();
    assert.match(page, new RegExp(`Edited by the docs agent \\(${job.id}\\)`));
  });

  // Ask the Agent to Fix asks in a modal dialog, which extension tests cannot answer: the e2e journey does.
  it('a broken link fails the build, and the build log opens read-only with the failing line', async () => {
    const job = await finishedJob(host, '[broken-link] Reword quickstart.mdx');
    const branch = job.job.ref ?? '';
    const started = await vscode.commands.executeCommand<TrackedPreview>('docsAgent.previewChange', job.id);
    await host.control.finishPreview(started.statusId); // as built: the broken link fails it
    const failed = await previewUntil((p) => p.status === 'failure', branch, 'the build to fail');
    const brokenLine = failed.logs.find((line) => line.includes('Broken link'));
    assert.ok(brokenLine, 'the log names the broken link');

    const log = await vscode.commands.executeCommand<vscode.TextDocument>('docsAgent.showBuildLog', previewKeyOf(failed));
    assert.equal(log.uri.scheme, buildLogScheme, 'a virtual document: the editor will not save it');
    assert.ok(log.getText().includes(brokenLine));
  });
});
