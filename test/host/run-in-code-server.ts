// Runs the host suites (test/host) inside the real extension host of code-server:
// the workbench loads this repo as the extension under development and out/test/host/index.js
// as its tests, through the page's `payload` (read only with the smoke-test driver on).
// Prints mocha's report and exits with the number of failures.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostResults } from './index';
import { launchChromium, newWindowPage } from '../support/workbench/browser';
import { fixtureSite, repoRoot, startCodeServer } from '../support/workbench/code-server';
import { createFixtureRemote } from '../support/emulator/fixture-repository';
import { hostTestKey } from './test-key';
import { largeSiteDocsDir } from '../fixtures/large-site-plan/where';
import { largeSiteFolder } from './large-site-folder';
import { readWorkbenchConfig } from '../support/workbench/workbench-config';
import { testedEditor } from '../support/workbench/editor';

const deadlineMs = 10 * 60_000;

/**
 * The warnings and errors of Docs Agent's own log (its output channel, which the editor keeps as a
 * file in the user data): a command that failed in a test shows its reason there, not to mocha.
 */
function docsAgentLogProblems(stateDir: string): string[] {
  const logs = readdirSync(join(stateDir, 'user-data', 'logs'), { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('Docs Agent.log'),
  );
  return logs.flatMap((f) =>
    readFileSync(join(stateDir, 'user-data', 'logs', f), 'utf8')
      .split('\n')
      .filter((line) => /\[(warning|error)\]/.test(line)),
  );
}

async function main(): Promise<number> {
  if (!existsSync(join(repoRoot, 'dist/extension.js'))) {
    console.error('host tests: dist/extension.js is missing; run `npm run build` first.');
    return 1;
  }
  const resultsDir = mkdtempSync(join(tmpdir(), 'docs-agent-host-'));
  const resultsFile = join(resultsDir, 'results.json');
  // The workspace is a clone of this remote; the host suites' emulator commits jobs' changes to it.
  const gitRemote = createFixtureRemote(resultsDir, fixtureSite);
  // With a display language, only the suites that check the writer's language run (index.ts).
  const locale = process.env.DOCS_AGENT_TEST_LOCALE;
  const server = await startCodeServer({
    smokeDriver: true,
    ...(locale ? { locale } : {}),
    gitRemote,
    // The large site's files are there from the start, as a clone's are (a folder copied in while
    // the editor runs is not always watched in time), but not its docs.json: it is a docs site only
    // while large-site.test.ts puts that file in. Not for the bench (DOCS_AGENT_TEST_BENCH): as
    // untracked files they cost the Git extension turns of its own in the extension host.
    copyIntoWorkspace: process.env.DOCS_AGENT_TEST_BENCH ? [] : [{ from: largeSiteDocsDir(), to: largeSiteFolder, skip: ['docs.json'] }],
    env: {
      ...(locale ? { DOCS_AGENT_TEST_LOCALE: locale } : {}),
      DOCS_AGENT_TEST_RESULTS: resultsFile,
      MINTLIFY_API_KEY: hostTestKey,
      DOCS_AGENT_TEST_GIT_REMOTE: gitRemote,
    },
  });
  const browser = await launchChromium();
  const stopAll = async (): Promise<void> => {
    await browser.close().catch(() => undefined);
    await server.stop();
    rmSync(resultsDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    const folderUrl = `${server.url}/?folder=${encodeURIComponent(server.folder)}`;
    const config = await readWorkbenchConfig(folderUrl);
    // VS Code 1.99 (the floor) reads the payload without the driver; later ones only with it.
    if (testedEditor() === 'current' && config.developmentOptions?.enableSmokeTestDriver !== true) {
      throw new Error('code-server did not turn the smoke-test driver on, so it would ignore the tests.');
    }
    const remote = `vscode-remote://${config.remoteAuthority ?? 'remote'}`;
    const payload = [
      ['extensionDevelopmentPath', `${remote}${repoRoot}`],
      ['extensionTestsPath', `${remote}${join(repoRoot, 'out/test/host/index.js')}`],
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    const page = await newWindowPage(browser, { width: 1280, height: 720 });
    const exitCode = new Promise<number>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the host tests did not finish within ${deadlineMs / 60_000} minutes`)), deadlineMs);
      void page.exposeFunction('codeAutomationExit', (code: number) => {
        clearTimeout(timer);
        done(code);
      });
    });
    await page.exposeFunction('codeAutomationLog', () => undefined);
    const started = Date.now();
    await page.goto(`${folderUrl}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    const code = await exitCode;
    if (!existsSync(resultsFile)) {
      console.error(
        `host tests: the extension host ended (code ${code}) without results. code-server said:\n${server.output().slice(-4000)}`,
      );
      return 1;
    }
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as HostResults;
    console.log(results.text);
    if (results.failures > 0) {
      const problems = docsAgentLogProblems(server.stateDir).slice(-40);
      console.log(`Docs Agent's log, its last ${problems.length} warnings and errors:\n${problems.join('\n')}`);
    }
    console.log(
      `host tests (code-server, VS Code ${results.vscodeVersion}, real extension host): ${results.passes} passing, ${results.failures} failing, ` +
        `${results.pending} pending, ${((Date.now() - started) / 1000).toFixed(1)} s with the workbench`,
    );
    return results.failures > 0 || code !== 0 ? Math.max(1, results.failures) : 0;
  } finally {
    await stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`host tests: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
