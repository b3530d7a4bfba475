// Entry of the host suites, loaded by VS Code's extension host (code-server here, or a desktop
// VS Code through @vscode/test-electron). It knows nothing about the launcher: it runs mocha
// in-process and, when DOCS_AGENT_TEST_RESULTS names a file, writes mocha's counts and text
// there, because the workbench only reports "passed" or "failed" back to the launcher.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

export interface HostResults {
  passes: number;
  failures: number;
  pending: number;
  /** The version of the VS Code the suites ran in (vscode.version). */
  vscodeVersion: string;
  durationMs: number;
  text: string;
}

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: 30_000, color: false, reporter: 'spec' });
  const grep = process.env.DOCS_AGENT_TEST_GREP;
  if (grep) mocha.grep(grep);
  // Under a display language other than English (run-in-code-server's DOCS_AGENT_TEST_LOCALE)
  // only the *.locale.test.js suites run; the others assert English and run without it. With
  // DOCS_AGENT_TEST_BENCH (`npm run bench`), only the *.bench.js specs run, which no test run does.
  const suffix = process.env.DOCS_AGENT_TEST_BENCH ? '.bench.js' : process.env.DOCS_AGENT_TEST_LOCALE ? '.locale.test.js' : '.test.js';
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith(suffix) && (suffix !== '.test.js' || !f.endsWith('.locale.test.js')))
    .sort()) {
    mocha.addFile(join(__dirname, file));
  }

  // The spec reporter prints through Base.consoleLog; keep its lines for the launcher.
  const lines: string[] = [];
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const original = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => {
    lines.push(format(...args));
    original(...args);
  };
  const started = Date.now();
  try {
    const runner = await new Promise<Mocha.Runner>((resolve) => {
      const r: Mocha.Runner = mocha.run(() => resolve(r));
    });
    const stats = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
    const results: HostResults = {
      passes: stats.passes,
      failures: stats.failures,
      pending: stats.pending,
      vscodeVersion: vscode.version,
      durationMs: Date.now() - started,
      text: lines.join('\n'),
    };
    const target = process.env.DOCS_AGENT_TEST_RESULTS;
    if (target) writeFileSync(target, JSON.stringify(results));
    if (results.failures > 0) throw new Error(`${results.failures} host test(s) failed.`);
  } finally {
    base.consoleLog = original;
  }
}
