// Starting code-server (shared by the provisioning check and the test runners)
// and the check that a fresh code-server install really serves the workbench.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProvisionError } from './provision-util.mjs';

/**
 * The command line that starts code-server offline and without state shared
 * between runs: `stateDir` holds the user data, extensions and config.yaml
 * (code-server otherwise writes ~/.config/code-server/config.yaml).
 * `paths` is what provision() returns. Returns { command, args }.
 */
export function codeServerCommand(
  paths,
  {
    port,
    folder,
    stateDir,
    userDataDir = join(stateDir, 'user-data'),
    extensionsDir = join(stateDir, 'extensions'),
    configFile = join(stateDir, 'config.yaml'),
    args = [],
    workspaceTrust = false,
  },
) {
  return {
    command: paths.node,
    args: [
      paths.codeServerEntry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--config',
      configFile,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      ...(workspaceTrust ? [] : ['--disable-workspace-trust']),
      // A closed tab is a closed window: its extension host ends seconds later, as a desktop
      // window's does (code-server otherwise keeps it 3 hours in case the tab comes back).
      // code-server 4.99 has no such option; the suites that close tabs run on the current one.
      ...(paths.editor === 'floor' ? [] : ['--reconnection-grace-time', '5']),
      ...args,
      ...(folder ? [folder] : []),
    ],
  };
}

/** A TCP port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** SIGTERM the whole process group (code-server forks), SIGKILL if it lingers. */
export async function killGroup(child, graceMs = 3000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts code-server on a free port with an empty folder, waits for
 * "HTTP server listening" and fetches the workbench page. This proves the
 * install scripts ran (VS Code's own node_modules exist and the native
 * modules load in Node 24), which a file check alone would not.
 */
export async function checkCodeServer(paths, timeoutMs = 90_000) {
  const stateDir = mkdtempSync(join(tmpdir(), 'docs-agent-provision-'));
  const folder = join(stateDir, 'workspace');
  mkdirSync(folder);
  const port = await freePort();
  const { command, args } = codeServerCommand(paths, { port, folder, stateDir });
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "HTTP server listening" within ${timeoutMs / 1000} s`)), timeoutMs);
      const onData = (chunk) => {
        output += chunk;
        if (output.includes('HTTP server listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited early (code ${code})`));
      });
    });
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`;
    const html = await (await fetch(url)).text();
    if (!html.includes('vscode-workbench-web-configuration')) {
      throw new Error(`${url} did not return the workbench page`);
    }
  } catch (err) {
    throw new ProvisionError(`code-server does not start: ${err.message}\n${output.slice(-3000)}`);
  } finally {
    await killGroup(child);
    rmSync(stateDir, { recursive: true, force: true });
  }
}
