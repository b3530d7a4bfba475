// Figure 11b of `npm run bench` (test/bench/hunks-editor-bench.ts), never part of `npm test`
// (index.ts runs *.bench.js only under DOCS_AGENT_TEST_BENCH): the extension host's longest turn
// while the writer opens the agent's change to a big page and moves the cursor through its hunks.
// The page is the 10,000-line table of test/support/hunk-pages.ts, on main; the emulator's agent
// changes 40 of its rows (`[big-page 40]`); the writer's copy, open in the editor, has 10% of its
// rows changed. The diff opens through Review Job's Changes, then the cursor goes to 20 of the
// hunks on the agent's side, each move waited for. Figures go to DOCS_AGENT_BENCH_FIGURES.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { loadGitApi } from '../../src/review/git-api';
import { readHunks } from '../../src/review/hunk-state';
import { parseHunks, type Hunk } from '../../src/review/hunks';
import type { TrackedJob } from '../../src/jobs/tracked-job';
import { median, round } from '../bench/stats';
import { type OwnedWatch, watchOwnedTurns } from '../bench/turn-owners';
import { gitDiffOfTexts } from '../support/git/text-diff';
import { tablePage, type HunkPage } from '../support/hunk-pages';
import { extensionId, finishedJob, type HostEmulator, startHostEmulator } from './support';

/** What the spec measures (hunks-editor-bench.ts reads it back). */
export interface CursorFigures {
  vscodeVersion: string;
  lines: number;
  hunks: number;
  /** Review Job's Changes until its command resolved (the fetch, the diff open), and until the extension had read the page's hunks. */
  open: PhaseFigures & { commandMs: number; ms: number };
  moves: PhaseFigures & {
    count: number;
    /** From setting the selection until the extension host has handled it. */
    medianMs: number;
    maxMs: number;
  };
}

export interface PhaseFigures {
  /** The longest turn of the extension host's event loop, whoever's. */
  longestTurnMs: number;
  /** Per owner (Docs Agent, git, the garbage collector…), its longest turn of 20 ms or more. */
  longestTurnByOwnerMs: Record<string, number>;
}

const path = 'docs/big-table.mdx';
const movesCount = 20;
const folder = (): string => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder(), encoding: 'utf8' }).trim();

/** Resolves once the editor says `editor`'s cursor is at `line` (0-based), and the thread has had a turn since. */
async function movedTo(editor: vscode.TextEditor, line: number): Promise<void> {
  assert.notEqual(editor.selection.active.line, line, 'a move goes somewhere else');
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`the editor did not say the cursor moved to line ${line + 1} in 30 s`));
    }, 30_000);
    const listener = vscode.window.onDidChangeTextEditorSelection((e) => {
      if (e.textEditor.document.uri.toString() === editor.document.uri.toString() && e.selections[0]?.active.line === line) {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
    const at = new vscode.Position(line, 0);
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  });
  // The extension's own listener ran in the same turn; what it does next (the hunk under the
  // cursor, from the cached reading of the open page) is promises only, done before this turn.
  await new Promise((resolve) => setImmediate(resolve));
}

/** The agent's side of the diff, as the editor shows it. */
function agentEditor(agentUri: vscode.Uri): vscode.TextEditor {
  const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === agentUri.toString());
  assert.ok(
    editor,
    `the diff's agent side is on screen; visible: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ')}`,
  );
  return editor;
}

async function moves(editor: vscode.TextEditor, hunks: readonly Hunk[]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < movesCount; i++) {
    // Hunks far apart, never the first (where the diff puts the cursor when it opens) first.
    const hunk = hunks[(1 + i * 7) % hunks.length];
    assert.ok(hunk);
    const started = performance.now();
    await movedTo(editor, hunk.newStart - 1);
    times.push(performance.now() - started);
  }
  return times;
}

/** The change on main and the agent's version committed by the emulator; the writer's copy on disk, open. */
async function bigPageChange(host: HostEmulator, page: HunkPage): Promise<{ job: TrackedJob; agentUri: vscode.Uri }> {
  const uri = vscode.Uri.file(join(folder(), path));
  writeFileSync(uri.fsPath, page.base);
  git('add', path);
  git('commit', '--quiet', '-m', 'A long table');
  git('push', '--quiet', 'origin', 'main');
  const job = await finishedJob(host, `[big-page 40] Update ${path}`);
  const head = (await host.control.jobs()).find((j) => j.id === job.id)?.edit?.commit;
  assert.ok(head, 'the emulator committed the change');
  const remote = process.env.DOCS_AGENT_TEST_GIT_REMOTE ?? '';
  const agents = execFileSync('git', ['--git-dir', remote, 'show', `${head}:${path}`], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(agents, page.agent, 'the agent’s version is the shape’s');
  // The writer's copy, open in the editor (its tab stays behind the diff).
  writeFileSync(uri.fsPath, page.working);
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return { job, agentUri: (await loadGitApi()).toGitUri(uri, head) };
}

const phase = ({ longestTurnMs, longestTurnByOwnerMs }: OwnedWatch<unknown>): PhaseFigures => ({ longestTurnMs, longestTurnByOwnerMs });

describe('bench: the cursor through the hunks of the agent’s change to a 10,000-line page', () => {
  it('opens the change and moves the cursor 20 times, the extension host’s turns watched', async function () {
    this.timeout(5 * 60_000);
    const host = await startHostEmulator();
    try {
      const page = tablePage(10_000, 40);
      const root = vscode.extensions.getExtension(extensionId)?.extensionPath ?? '';
      const hunks = parseHunks(gitDiffOfTexts(page.base, page.agent));
      const notApplied = hunks[readHunks(hunks, page.base, page.agent, page.working).findIndex((r) => r.state === 'notApplied')];
      assert.ok(notApplied, 'a hunk not in the writer’s page');
      const { job, agentUri } = await bigPageChange(host, page);
      const opened = await watchOwnedTurns(async () => {
        const started = performance.now();
        await vscode.commands.executeCommand('docsAgent.reviewChanges', job.id);
        const commandMs = performance.now() - started;
        // Answered from the same reading as the diff's marks: resolves once the page is read.
        await vscode.commands.executeCommand('docsAgent.unapplyHunk', { uri: agentUri, lineNumber: notApplied.newStart });
        return { commandMs: round(commandMs), ms: round(performance.now() - started) };
      }, root);
      const moved = await watchOwnedTurns(() => moves(agentEditor(agentUri), hunks), root);
      const figures: CursorFigures = {
        vscodeVersion: vscode.version,
        lines: page.base.split('\n').length - 1,
        hunks: hunks.length,
        open: { ...opened.value, ...phase(opened) },
        moves: { count: movesCount, medianMs: round(median(moved.value)), maxMs: round(Math.max(...moved.value)), ...phase(moved) },
      };
      const target = process.env.DOCS_AGENT_BENCH_FIGURES;
      if (target) writeFileSync(target, JSON.stringify(figures));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await host.close();
    }
  });
});
