// Starts test/tools/code-server.mjs in its own process group and waits until it listens.
// stop() kills only that group, also when a test fails or the run is interrupted.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { cloneFixture, createFixtureRemote } from '../emulator/fixture-repository';

export const repoRoot = resolve(__dirname, '../../../..');

export interface CodeServerOptions {
  /** Written to the workspace's .vscode/settings.json: never a secret. */
  workspaceSettings?: Record<string, unknown>;
  /** Variables for code-server and so for the extension host. */
  env?: Record<string, string>;
  /** Needed for extensionDevelopmentPath / extensionTestsPath through the page's payload. */
  smokeDriver?: boolean;
  /** Link this extension folder in as installed. */
  installExtension?: string;
  /** Have code-server install this .vsix (an absolute path) before it starts, instead. */
  installVsix?: string;
  /** Workspace trust on (an untrusted folder opens in Restricted Mode); off by default. */
  workspaceTrust?: boolean;
  /** A display language other than English (e.g. `ja`), through a stand-in language pack. */
  locale?: string;
  /** More user settings (never secrets). */
  userSettings?: Record<string, unknown>;
  /** A fixed port; by default a free one. */
  port?: number;
  /** Where code-server's own output goes; by default it is kept and shown on failure. */
  onOutput?: (text: string) => void;
  /** The bare repository the workspace is cloned from; by default one is made from the fixture site. */
  gitRemote?: string;
  /** Folders copied into the workspace (to: relative to it), such as a second docs site. */
  copyIntoWorkspace?: { from: string; to: string; skip?: string[] }[];
  /** Run on the workspace folder once it is laid out, before the editor opens it (a commit, say). */
  prepareWorkspace?: (folder: string) => void;
}

export interface RunningCodeServer {
  url: string;
  folder: string;
  stateDir: string;
  /** The bare repository the workspace's origin fetches from (see fixture-repository.ts). */
  gitRemote: string;
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const killAll = (): void => {
  for (const child of running) killGroup(child, 'SIGKILL');
};
// code-server runs in its own process group, so a Ctrl-C in the terminal does not reach it:
// the runner's exit, crash or interruption must take it down.
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    // Alone (mocha installs no handler), exit as the signal would have; else the owner does.
    if (process.listenerCount(signal) === 1) process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The package the end-to-end suites run against, when DOCS_AGENT_E2E_VSIX names one (as
 * `npm run test:e2e:vsix` does); otherwise undefined and they link the repo folder in.
 */
export function e2eVsix(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const vsix = env.DOCS_AGENT_E2E_VSIX;
  if (!vsix) return undefined;
  if (!isAbsolute(vsix) || !vsix.endsWith('.vsix') || !existsSync(vsix)) {
    throw new Error(`DOCS_AGENT_E2E_VSIX must be the absolute path of an existing .vsix (got "${vsix}"); \`npm run package\` makes one`);
  }
  return vsix;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** The fixture docs site in the repo: never written by tests. */
export const fixtureSite = join(repoRoot, 'test/fixtures/workspace');

/**
 * A throwaway workspace of the fixture docs site inside `parent` (by default a new temp
 * folder), so settings written by tests never touch the repo: a git clone of `gitRemote` when
 * given (as a writer's checkout is), else a plain copy.
 */
export function copyFixtureWorkspace(
  parent = mkdtempSync(join(tmpdir(), 'docs-agent-ws-')),
  settings?: Record<string, unknown>,
  gitRemote?: string,
): string {
  const folder = join(parent, 'acme-docs');
  if (gitRemote) {
    cloneFixture(gitRemote, folder);
    // The settings tests write are the editor's, not a change to the site.
    appendFileSync(join(folder, '.git/info/exclude'), '.vscode/\n');
  } else cpSync(fixtureSite, folder, { recursive: true });
  if (settings) {
    mkdirSync(join(folder, '.vscode'), { recursive: true });
    writeFileSync(join(folder, '.vscode/settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  }
  return folder;
}

export async function startCodeServer(options: CodeServerOptions = {}, timeoutMs = 240_000): Promise<RunningCodeServer> {
  // One temp folder holds the workspace copy and code-server's state; stop() removes it.
  const stateDir = mkdtempSync(join(tmpdir(), 'docs-agent-vscode-'));
  const gitRemote = options.gitRemote ?? createFixtureRemote(stateDir, fixtureSite);
  const folder = copyFixtureWorkspace(stateDir, options.workspaceSettings, gitRemote);
  for (const { from, to, skip = [] } of options.copyIntoWorkspace ?? []) {
    const skipped = new Set(skip.map((name) => join(from, name)));
    cpSync(from, join(folder, to), { recursive: true, filter: (source) => !skipped.has(source) });
  }
  options.prepareWorkspace?.(folder);
  const port = options.port ?? (await freePort());
  const args = [join(repoRoot, 'test/tools/code-server.mjs'), '--port', String(port), '--state-dir', stateDir, '--folder', folder];
  if (options.smokeDriver) args.push('--smoke-driver');
  if (options.workspaceTrust) args.push('--trust');
  // Each editor its own MCP port: editors started side by side (the run's parallel parts) never
  // meet on the default one, where all but one would move and say so.
  const userSettings = { 'docsAgent.mcp.port': await freePort(), ...options.userSettings };
  args.push('--user-settings', JSON.stringify(userSettings));
  if (options.installExtension) args.push('--install-extension', options.installExtension);
  if (options.installVsix) args.push('--install-vsix', options.installVsix);
  if (options.locale) args.push('--locale', options.locale);
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  running.add(child);
  let output = '';
  const onData = (chunk: Buffer): void => {
    const text = chunk.toString();
    output += text;
    options.onOutput?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    rmSync(stateDir, { recursive: true, force: true });
  };

  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`code-server did not start within ${timeoutMs / 1000} s`)), timeoutMs);
      const check = (): void => {
        if (output.includes('HTTP server listening')) {
          clearTimeout(timer);
          ready();
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`code-server exited early (code ${String(code)})`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`, { cause: error });
  }
  return { url: `http://127.0.0.1:${port}`, folder, stateDir, gitRemote, output: () => output, stop };
}
