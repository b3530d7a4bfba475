import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAgentApi } from '../../src/extension';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { api, type HostEmulator, iconOf, startHostEmulator, treeUntil } from './support';

describe('agent jobs in the real extension host', () => {
  let host: HostEmulator;
  let tree: DocsAgentApi['jobsTree'];

  before(async () => {
    tree = (await api()).jobsTree;
    host = await startHostEmulator();
  });
  after(async () => {
    const items = trackedItems();
    if (items.length) await vscode.commands.executeCommand('docsAgent.stopTracking', items[0], items);
    await host?.close();
  });

  function trackedItems(): unknown[] {
    return tree.getChildren() ?? [];
  }

  async function newJob(prompt: string): Promise<TrackedJob> {
    const created = await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.newJob', prompt);
    assert.equal(created?.length, 1, 'one job is created');
    return created[0];
  }

  const itemFor = (id: string) => (items: vscode.TreeItem[]) => items.find((i) => i.tooltip && JSON.stringify(i.id).includes(id));

  it('sends a new job with exactly the prompt, and shows it spinning at the top', async () => {
    const prompt = 'Explain rate limits in the quickstart\nwith one example.';
    const job = await newJob(prompt);
    const [request] = (await host.control.requests()).filter((r) => r.method === 'POST');
    assert.deepEqual(request?.body, { prompt });
    const items = await treeUntil(tree, (all) => !!itemFor(job.id)(all));
    const item = itemFor(job.id)(items);
    assert.equal(items[0], item, 'newest first');
    assert.equal(item?.label, 'Explain rate limits in the quickstart');
    assert.equal(iconOf(item), 'sync~spin');
    assert.equal(item?.contextValue, 'job active has-branch pollable');
  });

  it('turns completed with its pull request when the poller sees it finish', async () => {
    const job = await newJob('Add a webhook example');
    await host.control.finishJob(job.id);
    const items = await treeUntil(tree, (all) => itemFor(job.id)(all)?.contextValue === 'job completed has-pr has-branch');
    const item = itemFor(job.id)(items) as vscode.TreeItem;
    assert.equal(iconOf(item), 'git-pull-request');
    assert.match(String(item.description), /^pull request ready/);
  });

  it('shows failed and no-change finishes after a refresh', async () => {
    const failing = await newJob('Rewrite the changelog [fail]');
    const unchanged = await newJob('Check every link [no-change]');
    await host.control.finishJob(failing.id);
    await host.control.finishJob(unchanged.id);
    await vscode.commands.executeCommand('docsAgent.refreshJob', failing.id);
    await vscode.commands.executeCommand('docsAgent.refreshJob', unchanged.id);
    const items = await treeUntil(
      tree,
      (all) =>
        itemFor(failing.id)(all)?.contextValue === 'job failed has-branch' &&
        itemFor(unchanged.id)(all)?.contextValue === 'job completed has-branch',
    );
    assert.equal(iconOf(itemFor(failing.id)(items) as vscode.TreeItem), 'error');
    assert.match(String(itemFor(unchanged.id)(items)?.description), /^no pull request/);
  });

  it('sends a follow-up and polls the job again', async () => {
    const job = await newJob('Document the retry policy');
    await host.control.finishJob(job.id);
    await vscode.commands.executeCommand('docsAgent.refreshJob', job.id);
    await treeUntil(tree, (all) => itemFor(job.id)(all)?.contextValue === 'job completed has-pr has-branch');
    await vscode.commands.executeCommand('docsAgent.sendFollowUp', job.id, 'Also mention the jitter');
    const [tracked] = (await host.control.jobs()).filter((j) => j.id === job.id);
    assert.deepEqual(tracked?.prompts, ['Document the retry policy', 'Also mention the jitter']);
    await treeUntil(tree, (all) => itemFor(job.id)(all)?.contextValue === 'job active has-pr has-branch pollable');
  });

  it('switching views, or a check that changes nothing, leaves the rows as they are (a menu open on one stays open)', async () => {
    const job = await newJob('Document the quiet checks');
    await treeUntil(tree, (all) => !!itemFor(job.id)(all));
    await vscode.commands.executeCommand('docsAgent.jobs.focus');
    await vscode.commands.executeCommand('docsAgent.refreshJob', job.id); // its first answer in this window
    let redraws = 0;
    const counting = tree.onDidChangeTreeData(() => (redraws += 1));
    try {
      // A redraw only if the minute on a tooltip ("Last checked") moved meanwhile.
      const minute = Math.floor(Date.now() / 60_000);
      await vscode.commands.executeCommand('workbench.view.explorer');
      await vscode.commands.executeCommand('docsAgent.jobs.focus');
      await vscode.commands.executeCommand('docsAgent.refreshJob', job.id);
      assert.ok(redraws <= (Math.floor(Date.now() / 60_000) === minute ? 0 : 1), `${redraws} redraws`);
      await host.control.finishJob(job.id);
      await vscode.commands.executeCommand('docsAgent.refreshJob', job.id);
      await treeUntil(tree, (all) => itemFor(job.id)(all)?.contextValue?.startsWith('job completed') === true);
      assert.ok(redraws >= 1, 'the finish is drawn');
    } finally {
      counting.dispose();
    }
  });

  it('a save of a draft that lands after it was sent neither fails nor brings the draft back', async () => {
    const about = { about: undefined, title: 'Ask the Agent', text: 'Describe the retry header' };
    const draft = await vscode.commands.executeCommand<vscode.TextEditor>('docsAgent.askAgent', about);
    const uri = draft.document.uri;
    assert.equal(await vscode.commands.executeCommand('docsAgent.sendComposed', uri), true);
    // What the editor does when its save was started a moment before the send (typing stops
    // just before Ctrl+Enter): it asks for the file's state, then writes it.
    await vscode.workspace.fs.stat(uri);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('Describe the retry header, again'));
    await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(uri)), 'the sent draft stays gone');
  });

  it('tracks a job by its id, and one 404 from the service does not lose it', async () => {
    const response = await fetch(`${host.emulator.baseUrl}/v2/agent/${host.emulator.projectId}/job`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.emulator.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Started from a script' }),
    });
    const { id } = (await response.json()) as { id: string };
    const tracked = await vscode.commands.executeCommand<TrackedJob>('docsAgent.trackJobById', id);
    assert.equal(tracked?.id, id);
    await treeUntil(tree, (all) => itemFor(id)(all)?.label === `Job ${id}`);
    await host.control.reset();
    // The refresh resolves once the 404 has been taken in: one is a passing fault, not death.
    await vscode.commands.executeCommand('docsAgent.refreshJob', id);
    const item = itemFor(id)(trackedItems() as vscode.TreeItem[]);
    assert.equal(item?.contextValue, 'job active has-branch pollable');
    assert.equal(iconOf(item), 'sync~spin');
  });

  it('keeps every job through a re-read of storage, and clears only the finished ones', async () => {
    const before = trackedItems().length;
    await vscode.commands.executeCommand('docsAgent.refreshJobs');
    assert.equal(trackedItems().length, before);
    const running = await newJob('Still running');
    const cleared = await vscode.commands.executeCommand<number>('docsAgent.clearFinishedJobs');
    assert.ok((cleared ?? 0) >= 3, `cleared ${String(cleared)}`);
    const items = await treeUntil(tree, (all) => all.every((i) => /pollable/.test(String(i.contextValue))));
    assert.ok(itemFor(running.id)(items));
  });

  it('sends each file of an Explorer multi-selection as its own job, with the file’s text', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const files = ['docs/guides/webhooks.mdx', 'docs/guides/rate-limits.md'].map((f) => vscode.Uri.joinPath(root, f));
    await host.control.clearRequests();
    const created = await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.sendFile', files[0], files);
    assert.equal(created?.length, 2);
    const sent = (await host.control.requests()).filter((r) => r.method === 'POST').map((r) => r.body);
    const texts = await Promise.all(files.map(async (f) => new TextDecoder().decode(await vscode.workspace.fs.readFile(f))));
    assert.deepEqual(
      sent,
      texts.map((prompt) => ({ prompt })),
    );
  });

  it('refuses a binary file and sends nothing', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(root);
    const binary = vscode.Uri.joinPath(root, 'docs/logo.png');
    await vscode.workspace.fs.writeFile(binary, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    await host.control.clearRequests();
    assert.equal(await vscode.commands.executeCommand('docsAgent.sendFile', binary), undefined);
    assert.deepEqual(await host.control.requests(), []);
  });

  it('verifies the key with one request and says when the service refuses it', async () => {
    await host.control.clearRequests();
    assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), true);
    assert.equal((await host.control.requests()).length, 1);
    await host.control.setKeyState('revoked');
    assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), false);
    await host.control.setKeyState('valid');
  });

  it('does not call the key verified when the service does not know the project, or answers 404 for the address', async () => {
    const settings = vscode.workspace.getConfiguration('docsAgent');
    await settings.update('projectId', 'no-such-project', vscode.ConfigurationTarget.Workspace);
    try {
      assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), false, 'unknown project');
    } finally {
      await settings.update('projectId', host.emulator.projectId, vscode.ConfigurationTarget.Workspace);
    }
    await settings.update('baseUrl', `${host.emulator.baseUrl}/wrong-base`, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), false, 'wrong base path');
    } finally {
      await settings.update('baseUrl', host.emulator.baseUrl, vscode.ConfigurationTarget.Global);
    }
  });

  it('stops at a malformed http.proxy without sending, and works again once it is fixed, without a reload', async () => {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', 'proxy.corp:8080', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(vscode.workspace.getConfiguration('http').get('proxy'), 'proxy.corp:8080', 'the setting reached the extension host');
      await host.control.clearRequests();
      assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), false, 'refused before sending');
      assert.equal((await host.control.requests()).length, 0);
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(await vscode.commands.executeCommand('docsAgent.verifyApiKey'), true, 'fixed: works at once');
  });
});
