// What a window's start looked like, read from the editor's own logs on disk: when the extension
// host asked Docs Agent to start (its exthost log), and Docs Agent's "Start-up" line (its own
// output channel's log file). Both write the machine's local time, to the millisecond.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Workbench } from '../support/workbench/workbench';

export interface StartupSplit {
  /** When the editor asked Docs Agent to start (epoch ms). */
  askedAt: number;
  /** Asked -> Docs Agent's JavaScript loaded (reading and running it, and the host's own scheduling). */
  codeMs: number;
  /** Code loaded -> activate() called: the editor preparing what it hands the extension (its stored state). */
  editorMs: number;
  /** From activate()'s start, as Docs Agent logs it: the Agent Jobs view registered, the job files read. */
  viewRegisteredMs: number;
  jobsReadMs: number;
  /** The workbench's first request for the view's rows (its part: registered -> asked), and Docs Agent's answer. */
  viewAskedMs: number;
  firstAnswerMs: number;
  activatedMs: number;
  /** When the first Agent Jobs answer left Docs Agent (epoch ms). */
  firstAnswerAt: number;
}

// A date without a zone reads as local time, as the logs write it.
const stampOf = (text: string): number => new Date(text.replace(' ', 'T')).getTime();

function logLines(stateDir: string, file: RegExp, line: RegExp, since: number): { at: number; match: RegExpMatchArray }[] {
  const files = readdirSync(stateDir, { recursive: true, encoding: 'utf8' }).filter((name) => file.test(name));
  return files
    .flatMap((name) => [...readFileSync(join(stateDir, name), 'utf8').matchAll(line)])
    .map((match) => ({ at: stampOf(match[1] ?? ''), match }))
    .filter(({ at }) => at >= since)
    .sort((a, b) => a.at - b.at);
}

/** When, after `since`, an extension host of this code-server last asked Docs Agent to start. */
export function askedToStartAt(stateDir: string, since: number): number {
  const lines = logLines(
    stateDir,
    /(^|\/)(remote)?exthost\.log$/,
    /^(\S+ \S+) \[info\] ExtensionService#_doActivateExtension docs-agent\./gm,
    since,
  );
  return lines.at(-1)?.at ?? NaN;
}

/**
 * When, after `since`, the extension host first started an extension that asks to start with
 * every window (`*`, such as the built-in git): the earliest any workspace-dependent start can be.
 */
export function firstEagerStartAt(stateDir: string, since: number): number {
  const lines = logLines(
    stateDir,
    /(^|\/)(remote)?exthost\.log$/,
    /^(\S+ \S+) \[info\] ExtensionService#_doActivateExtension \S+, startup: true, activationEvent: '\*'/gm,
    since,
  );
  return lines[0]?.at ?? NaN;
}

/** The start after `since`, once Docs Agent has logged its first Agent Jobs answer (undefined before). */
export function startupSplit(stateDir: string, since: number): StartupSplit | undefined {
  const startLine =
    /^(\S+ \S+) \[info\] Start-up, from activation's start \((\S+); code loaded ([\d.]+) ms before\): Agent Jobs view registered ([\d.]+) ms, jobs read ([\d.]+) ms, asked for its rows ([\d.]+) ms, first Agent Jobs answer ([\d.]+) ms, activated ([\d.]+) ms\.$/gm;
  const line = logLines(stateDir, /(^|\/)Docs Agent\.log$/, startLine, since).at(-1);
  const askedAt = askedToStartAt(stateDir, since);
  if (!line || Number.isNaN(askedAt)) return undefined;
  const began = Date.parse(line.match[2] ?? '');
  const [editorMs = NaN, viewRegisteredMs = NaN, jobsReadMs = NaN, viewAskedMs = NaN, firstAnswerMs = NaN, activatedMs = NaN] = line.match
    .slice(3, 9)
    .map(Number);
  const codeMs = began - editorMs - askedAt;
  const firstAnswerAt = began + firstAnswerMs;
  return { askedAt, codeMs, editorMs, viewRegisteredMs, jobsReadMs, viewAskedMs, firstAnswerMs, activatedMs, firstAnswerAt };
}

/**
 * Reloads the window once the one before has settled (git's first status of the tree still runs
 * for a few seconds after a window opens; a bench, not a test, so a pause), and waits for the
 * workbench's frame. Returns when the reload began and how long the frame took.
 */
export async function settledReload(workbench: Workbench): Promise<{ started: number; toWorkbenchMs: number }> {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const started = Date.now();
  await workbench.page.reload();
  await workbench.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  return { started, toWorkbenchMs: Date.now() - started };
}
