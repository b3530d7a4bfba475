// Figure 7: the floor beside the current editor. For each editor the tests run on (VS Code 1.99.3
// and 1.139.1, as code-server + Chromium): activation as the extension logs it, and how long a
// window reload takes to show the Agent Jobs tree's first row (a tracked job), the first thing a
// writer looks at; and when the editor asked Docs Agent to start (its extension host's log), which
// no extension can be faster than. Three reloads each; the median is reported.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/workbench/code-server';
import type { EditorName } from '../support/workbench/editor';
import { Workbench } from '../support/workbench/workbench';
import { round } from './stats';

const editors = JSON.parse(readFileSync(join(repoRoot, 'test/tools/editors.json'), 'utf8')) as Record<EditorName, { vscode: string }>;
const median = (samples: number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

export interface EditorFigures {
  vscodeVersion: string;
  /** Activation as logged, per reload. */
  activationMs: number[];
  /** Reload -> the workbench is there, median. */
  reloadToWorkbenchMs: number;
  /** Reload -> the first row of the Agent Jobs tree, median. */
  reloadToFirstRowMs: number;
  /** Reload -> the extension host asked Docs Agent to start (`onView:docsAgent.jobs`), median. */
  reloadToAskedMs: number;
}

const prompt = 'Bench: the first row after a reload';

/** When, after `since`, an extension host of this code-server last asked Docs Agent to start (from its log). */
function askedToStartAt(stateDir: string, since: number): number {
  const logs = readdirSync(stateDir, { recursive: true, encoding: 'utf8' }).filter((file) => /(^|\/)(remote)?exthost\.log$/.test(file));
  const times = logs.flatMap((file) =>
    [...readFileSync(join(stateDir, file), 'utf8').matchAll(/^(\S+ \S+) \[info\] ExtensionService#_doActivateExtension docs-agent\./gm)]
      // The log writes the machine's local time; Date reads a date without a zone as local too.
      .map(([, stamp]) => new Date((stamp ?? '').replace(' ', 'T')).getTime())
      .filter((time) => time >= since),
  );
  return times.length ? Math.max(...times) : NaN;
}

async function loggedActivation(workbench: Workbench): Promise<number> {
  await workbench.runCommand('Docs Agent: Show Log');
  const output = workbench.page.locator('.panel .monaco-editor', { hasText: 'activation took' }).first();
  await output.waitFor({ timeout: 60_000 });
  const match = /activation took ([\d.]+) ms/.exec(await workbench.text(output));
  if (!match) throw new Error('the log has no activation time');
  return Number(match[1]);
}

async function measure(editor: EditorName): Promise<EditorFigures> {
  // The launcher reads the editor from the environment it passes on.
  const before = process.env.DOCS_AGENT_EDITOR;
  process.env.DOCS_AGENT_EDITOR = editor;
  const workbench = await Workbench.open({ withKey: true }).finally(() => {
    if (before === undefined) delete process.env.DOCS_AGENT_EDITOR;
    else process.env.DOCS_AGENT_EDITOR = before;
  });
  try {
    await workbench.openDocsAgentView();
    await workbench.newJob(prompt);
    await workbench.jobRow(prompt).waitFor({ timeout: 30_000 });
    const activationMs: number[] = [];
    const toWorkbench: number[] = [];
    const toFirstRow: number[] = [];
    const toAsked: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const started = Date.now();
      await workbench.page.reload();
      await workbench.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      toWorkbench.push(Date.now() - started);
      await workbench.jobRow(prompt).waitFor({ timeout: 60_000 });
      toFirstRow.push(Date.now() - started);
      toAsked.push(askedToStartAt(workbench.server.stateDir, started) - started);
      activationMs.push(await loggedActivation(workbench));
    }
    return {
      vscodeVersion: editors[editor].vscode,
      activationMs: activationMs.map((ms) => round(ms)),
      reloadToWorkbenchMs: median(toWorkbench),
      reloadToFirstRowMs: median(toFirstRow),
      reloadToAskedMs: median(toAsked),
    };
  } finally {
    await workbench.close();
  }
}

export async function editorsBench(): Promise<Record<EditorName, EditorFigures>> {
  return { floor: await measure('floor'), current: await measure('current') };
}
