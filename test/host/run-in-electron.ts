// Runs the same host suites in a desktop VS Code through @vscode/test-electron, where one can
// be downloaded (not on these machines: use test:host, which runs them in code-server).
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { copyFixtureWorkspace, repoRoot } from '../support/workbench/code-server';
import { hostTestKey } from './test-key';

const version = process.env.DOCS_AGENT_VSCODE_VERSION ?? 'stable';

runTests({
  version,
  extensionDevelopmentPath: repoRoot,
  extensionTestsPath: join(repoRoot, 'out/test/host/index.js'),
  extensionTestsEnv: { MINTLIFY_API_KEY: hostTestKey },
  launchArgs: [copyFixtureWorkspace(), '--disable-extensions', '--disable-workspace-trust'],
}).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`electron host tests: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
