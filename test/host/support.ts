// Shared set-up for host suites: the emulator runs inside the extension host itself, with the
// key the launcher handed the extension host through MINTLIFY_API_KEY.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DocsAgentApi } from '../../src/extension';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { EmulatorControl } from '../emulator/control-client';
import { type RunningEmulator, startEmulator } from '../emulator/server';

export const extensionId = 'docs-agent.mintlify-docs-agent';

export async function api(): Promise<DocsAgentApi> {
  const extension = vscode.extensions.getExtension<DocsAgentApi>(extensionId);
  assert.ok(extension, `${extensionId} is not installed`);
  return extension.activate();
}

export interface HostEmulator {
  emulator: RunningEmulator;
  control: EmulatorControl;
  close(): Promise<void>;
}

/** Starts the emulator, points the user's base URL at it and the open folder at its project. */
/** How many emulators this extension host has started: each deals its own job ids. */
let emulatorsStarted = 0;

export async function startHostEmulator(): Promise<HostEmulator> {
  const key = process.env.MINTLIFY_API_KEY;
  assert.ok(key, 'the launcher must set MINTLIFY_API_KEY for the extension host');
  const gitRemote = process.env.DOCS_AGENT_TEST_GIT_REMOTE;
  const emulator = await startEmulator({
    port: 0,
    quiet: true,
    key,
    jobMinMs: 3_600_000,
    jobMaxMs: 3_600_000,
    // Every suite's jobs stay tracked on this machine, and their branches on the one remote: an id
    // dealt again would make a later suite's command (given the id) find an earlier suite's job.
    jobIdSeries: emulatorsStarted++,
    ...(gitRemote ? { gitRemote } : {}),
  });
  const settings = vscode.workspace.getConfiguration('docsAgent');
  await settings.update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
  await settings.update('projectId', emulator.projectId, vscode.ConfigurationTarget.Workspace);
  // The user's alone: a workspace's value would not spare the tests the question.
  await settings.update('jobs.confirmBeforeSending', false, vscode.ConfigurationTarget.Global);
  return {
    emulator,
    control: new EmulatorControl(emulator.baseUrl),
    async close() {
      for (const name of ['baseUrl', 'jobs.confirmBeforeSending'])
        await settings.update(name, undefined, vscode.ConfigurationTarget.Global);
      await settings.update('projectId', undefined, vscode.ConfigurationTarget.Workspace);
      await emulator.close();
    },
  };
}

/** Waits for the tree to satisfy `ok`, re-reading it on every change, until a deadline. */
export async function treeUntil(
  tree: DocsAgentApi['jobsTree'],
  ok: (items: vscode.TreeItem[]) => boolean,
  timeoutMs = 20_000,
): Promise<vscode.TreeItem[]> {
  const read = (): vscode.TreeItem[] => (tree.getChildren() ?? []).map((child) => tree.getTreeItem(child));
  let items = read();
  if (ok(items)) return items;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`the tree did not get there in ${timeoutMs} ms; it shows: ${items.map(describeItem).join(' | ')}`));
    }, timeoutMs);
    const listener = tree.onDidChangeTreeData(() => {
      items = read();
      if (ok(items)) {
        clearTimeout(timer);
        listener.dispose();
        resolve(items);
      }
    });
  });
}

/** One tree item as text, for failure messages. */
export function describeItem(item: vscode.TreeItem): string {
  const label = typeof item.label === 'string' ? item.label : item.label?.label;
  return `${String(label)} [${String(item.contextValue)}] ${String(item.description)}`;
}

export function iconOf(item: vscode.TreeItem): string | undefined {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
}

/** A job sent through the extension and finished by the emulator (committing its change), as the tracker now knows it. */
export async function finishedJob(host: HostEmulator, prompt: string, forced: { prLink?: string | null } = {}): Promise<TrackedJob> {
  const [created] = (await vscode.commands.executeCommand<TrackedJob[]>('docsAgent.newJob', prompt)) ?? [];
  assert.ok(created, 'a job was created');
  return finishAgain(host, created, forced);
}

/** Finishes a job the emulator is running (again, after a follow-up) and refreshes it. */
export async function finishAgain(host: HostEmulator, job: TrackedJob, forced: { prLink?: string | null } = {}): Promise<TrackedJob> {
  await host.control.finishJob(job.id, forced);
  const [done] = (await vscode.commands.executeCommand<(TrackedJob | undefined)[]>('docsAgent.refreshJob', job.id)) ?? [];
  assert.equal(done?.job.status, 'completed');
  return done;
}

/**
 * Runs a command that asks in a quick pick or input box and accepts what it offers (the
 * selected item, the drafted text) until the command settles, as Enter would.
 */
export async function acceptingQuickInput<T>(command: string, ...args: unknown[]): Promise<T | undefined> {
  const running = vscode.commands.executeCommand<T>(command, ...args);
  let settled = false;
  void running.then(
    () => (settled = true),
    () => (settled = true),
  );
  const deadline = Date.now() + 20_000;
  while (!settled && Date.now() < deadline) {
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return running;
}
