// Figure 7: the floor beside the current editor. For each editor the tests run on (VS Code 1.99.3
// and 1.139.1, as code-server + Chromium): activation as the extension logs it, and how long a
// window reload takes to show the Agent Jobs tree's first row (a tracked job), the first thing a
// writer looks at; and when the editor asked Docs Agent to start (its extension host's log), which
// no extension can be faster than; and Docs Agent's own start, split (see startup-log.ts). Five
// reloads each (BENCH_RELOADS=9 for a steadier median); the median is reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/workbench/code-server';
import type { EditorName } from '../support/workbench/editor';
import { eventually } from '../support/eventually';
import { Workbench } from '../support/workbench/workbench';
import { median, round } from './stats';
import { settledReload, type StartupSplit, startupSplit } from './startup-log';

const editors = JSON.parse(readFileSync(join(repoRoot, 'test/tools/editors.json'), 'utf8')) as Record<EditorName, { vscode: string }>;

export interface EditorFigures {
  vscodeVersion: string;
  /** Activation as logged, per reload. */
  activationMs: number[];
  /** Reload -> the workbench is there, median. */
  reloadToWorkbenchMs: number;
  /** Reload -> the frame drawing the first row of the Agent Jobs tree, median. */
  reloadToFirstRowMs: number;
  /** Reload -> the extension host asked Docs Agent to start (`onView:docsAgent.jobs`), median. */
  reloadToAskedMs: number;
  /** The editor's request -> the first row drawn, median (target 400 ms). */
  askedToFirstRowMs: number;
  /**
   * The start split, medians: asked -> Docs Agent's JavaScript loaded; loaded -> activate() called
   * (the editor's part); then from activate()'s start: the Agent Jobs view registered, jobs read
   * from disk, the workbench's request for the rows, the first Agent Jobs answer (target 150 ms),
   * activation done.
   */
  split: Pick<StartupSplit, 'codeMs' | 'editorMs' | 'viewRegisteredMs' | 'jobsReadMs' | 'viewAskedMs' | 'firstAnswerMs' | 'activatedMs'>;
  /** The workbench's part of the first answer: the view registered -> its request for the rows, median. */
  registeredToAskedMs: number;
}

const prompt = 'Bench: the first row after a reload';
/** Reloads per editor (BENCH_RELOADS, for a steadier median while working on the start). */
const reloads = Number(process.env.BENCH_RELOADS ?? 5);

/**
 * Runs in the page before the workbench loads (each reload): notes the frame in which a row with
 * `text` first appears (`window.firstRowAt`). Playwright's own polling sees it 100-400 ms later
 * while the workbench is busy starting, which is not what a writer sees. (A string: the page's
 * code, not this process's.)
 */
const watchFirstRow = (text: string): string => `
  const observer = new MutationObserver(() => {
    const rows = document.querySelectorAll('.monaco-list-row');
    if (![...rows].some((row) => row.textContent.includes(${JSON.stringify(text)}))) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.firstRowAt = Date.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });`;

/** The start's split, once Docs Agent's log file has it (the editor writes its logs a moment later). */
async function splitAfter(stateDir: string, since: number): Promise<StartupSplit> {
  let split: StartupSplit | undefined;
  await eventually(() => (split = startupSplit(stateDir, since)) !== undefined, 'Docs Agent’s start-up line after the reload', 30_000, 100);
  return split as StartupSplit;
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
    const splits: StartupSplit[] = [];
    const toRowFromAsked: number[] = [];
    await workbench.page.addInitScript({ content: watchFirstRow(prompt) });
    for (let i = 0; i < reloads; i += 1) {
      const { started, toWorkbenchMs } = await settledReload(workbench);
      toWorkbench.push(toWorkbenchMs);
      await workbench.jobRow(prompt).waitFor({ timeout: 60_000 });
      const rowAt = Number(await workbench.page.evaluate('window.firstRowAt'));
      toFirstRow.push(rowAt - started);
      const split = await splitAfter(workbench.server.stateDir, started);
      splits.push(split);
      toAsked.push(split.askedAt - started);
      toRowFromAsked.push(rowAt - split.askedAt);
      activationMs.push(split.activatedMs);
    }
    return {
      vscodeVersion: editors[editor].vscode,
      activationMs: activationMs.map((ms) => round(ms)),
      reloadToWorkbenchMs: median(toWorkbench),
      reloadToFirstRowMs: median(toFirstRow),
      reloadToAskedMs: median(toAsked),
      askedToFirstRowMs: median(toRowFromAsked),
      split: {
        codeMs: median(splits.map((s) => round(s.codeMs))),
        editorMs: median(splits.map((s) => s.editorMs)),
        viewRegisteredMs: median(splits.map((s) => s.viewRegisteredMs)),
        jobsReadMs: median(splits.map((s) => s.jobsReadMs)),
        viewAskedMs: median(splits.map((s) => s.viewAskedMs)),
        firstAnswerMs: median(splits.map((s) => s.firstAnswerMs)),
        activatedMs: median(splits.map((s) => s.activatedMs)),
      },
      registeredToAskedMs: median(splits.map((s) => round(s.viewAskedMs - s.viewRegisteredMs))),
    };
  } finally {
    await workbench.close();
  }
}

export async function editorsBench(): Promise<Record<EditorName, EditorFigures>> {
  return { floor: await measure('floor'), current: await measure('current') };
}
