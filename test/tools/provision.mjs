#!/usr/bin/env node
// Provisions a real VS Code for the tests (see the "real VS Code" recipe):
// Debian's chromium and libkrb5-dev, Node 24 and code-server from the npm
// registry, in a cache folder outside the repo keyed by version. Plain Node
// ESM without dependencies, so it runs before `npm install` in the repo.
// A second run only checks stamp files and takes a few milliseconds.
//
//   node test/tools/provision.mjs        # install what is missing, print paths
//   node test/tools/provision.mjs --json # the same, paths as one JSON line on stdout
//   import { provision } from './provision.mjs'
//   const { node, codeServerEntry, chromium } = await provision({ quiet: true })
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCodeServer, codeServerCommand } from './lib/provision-code-server.mjs';
import { installOnce, onPath, ProvisionError, run } from './lib/provision-util.mjs';

export { codeServerCommand };

export const NODE_VERSION = '24.21.0'; // code-server's postinstall refuses any major but 24
export const CODE_SERVER_VERSION = '4.139.1'; // VS Code 1.139.1
export const CHROMIUM = '/usr/bin/chromium';
const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev']; // libkrb5-dev: headers for the kerberos module

export function cacheDir(env = process.env) {
  return env.DOCS_AGENT_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docs-agent-vscode');
}

/** Where each piece lives in the cache (nothing is checked or installed). */
export function paths(cache = cacheDir()) {
  // The platform package (not the `node` wrapper, whose preinstall script
  // npm would block) ships bin/node plus include/node, the headers that
  // node-gyp needs to build native modules for Node 24.
  const nodeDir = join(cache, `node-${NODE_VERSION}`);
  const nodeHome = join(nodeDir, 'node_modules', `node-linux-${process.arch}`);
  const codeServerDir = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  return {
    cache,
    nodeDir,
    nodeHome,
    codeServerDir,
    node: join(nodeHome, 'bin', 'node'),
    codeServerEntry: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: CHROMIUM,
    logs: join(cache, 'logs'),
  };
}

function debInstalled(name) {
  const r = spawnSync('dpkg', ['-s', name], { encoding: 'utf8' });
  return r.status === 0 && /^Status: install ok installed$/m.test(r.stdout);
}

async function ensureDebianPackages(p, say) {
  const has = { chromium: () => existsSync(CHROMIUM), 'libkrb5-dev': () => debInstalled('libkrb5-dev') };
  const missing = DEBIAN_PACKAGES.filter((name) => !has[name]());
  if (missing.length === 0) return;
  const hint = `Install these Debian packages, then run again: sudo apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0 || !onPath('apt-get')) throw new ProvisionError(hint);

  say(`installing Debian packages ${missing.join(' ')} (about 1 minute)…`);
  const log = join(p.logs, 'apt-get.log');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update'], { env, log });
  await run('apt-get', ['install', '-y', ...missing], { env, log });
  const still = missing.filter((name) => !has[name]());
  if (still.length) throw new ProvisionError(`apt-get did not install ${still.join(' ')} (see ${log}). ${hint}`);
}

/**
 * Environment for npm under Node 24. Inherited npm_* variables (from an
 * enclosing `npm run`) are dropped so they cannot point npm elsewhere.
 * npm_config_nodedir overrides `nodedir=/usr` from ~/.npmrc (the system
 * Node 20's headers) so node-gyp builds against Node 24's own headers; with no
 * nodedir at all it would try to download headers, which fails offline.
 * Keeping `resolved` in lockfiles lets allowScripts pins match on later
 * installs (npm never matches a pin whose version it cannot verify).
 */
function npmEnv(p) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return {
    ...env,
    PATH: `${join(p.nodeHome, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: p.nodeHome,
    npm_config_omit_lockfile_registry_resolved: 'false',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
}

function writePackageJson(dir, extra = {}) {
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'docs-agent-vscode-cache', private: true, ...extra }, null, 2)}\n`);
}

async function ensureNode(p, say) {
  const pkg = `node-linux-${process.arch}@${NODE_VERSION}`;
  return installOnce(
    p.nodeDir,
    async (tmp) => {
      say(`installing Node ${NODE_VERSION} from the npm registry (about 30 seconds)…`);
      writePackageJson(tmp);
      await run('npm', ['install', '--prefix', tmp, pkg], { cwd: tmp, env: npmEnv(p), log: join(p.logs, 'node.log') });
    },
    async () => {
      const r = spawnSync(p.node, ['--version'], { encoding: 'utf8' });
      if (r.stdout?.trim() !== `v${NODE_VERSION}`) throw new ProvisionError(`${p.node} does not run (${r.error?.message ?? r.stderr})`);
      if (!existsSync(join(p.nodeHome, 'include', 'node', 'node.h'))) throw new ProvisionError(`${pkg} has no headers`);
    },
  );
}

/** Native modules that must have been built (and load) in Node 24. */
const NATIVE_MODULES = [
  'node_modules/argon2',
  'node_modules/code-server/lib/vscode/node_modules/kerberos',
  'node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog',
  'node_modules/code-server/lib/vscode/node_modules/node-pty',
];

async function ensureCodeServer(p, say) {
  return installOnce(
    p.codeServerDir,
    async (tmp) => {
      say(`installing code-server ${CODE_SERVER_VERSION} (about 3 minutes)…`);
      // npm 11 skips dependency install scripts unless the project's
      // allowScripts approves them. code-server's postinstall runs
      // `npm install` in lib/vscode and lib/vscode/extensions, whose own
      // package.json files already approve VS Code's native modules; argon2 is
      // code-server's own native dependency. strict-allow-scripts turns any
      // unapproved script into an error instead of a silently broken install.
      writePackageJson(tmp, {
        allowScripts: { [`code-server@${CODE_SERVER_VERSION}`]: true, 'argon2@0.44.0': true },
      });
      const env = { ...npmEnv(p), npm_config_strict_allow_scripts: 'true' };
      await run('npm', ['install', '--prefix', tmp, `code-server@${CODE_SERVER_VERSION}`], {
        cwd: tmp,
        env,
        log: join(p.logs, 'code-server.log'),
      });
    },
    async (dir) => {
      say('checking that code-server starts…');
      const load = NATIVE_MODULES.map((m) => `require(${JSON.stringify(join(dir, m))});`).join('');
      const r = spawnSync(p.node, ['-e', load], { encoding: 'utf8' });
      if (r.status !== 0) throw new ProvisionError(`a native module of code-server does not load in Node ${NODE_VERSION}:\n${r.stderr}`);
      await checkCodeServer(p);
    },
  );
}

/**
 * Installs whatever is missing and returns absolute paths:
 * { node, codeServerEntry, chromium }. Progress lines go to stderr unless quiet.
 */
export async function provision({ quiet = false, cache = cacheDir() } = {}) {
  const p = paths(cache);
  const say = quiet ? () => {} : (line) => process.stderr.write(`provision: ${line}\n`);
  if (process.platform !== 'linux') throw new ProvisionError('provisioning supports Linux (Debian) only');
  await ensureDebianPackages(p, say);
  await ensureNode(p, say);
  await ensureCodeServer(p, say);
  return { node: p.node, codeServerEntry: p.codeServerEntry, chromium: p.chromium };
}

const isMain = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const json = process.argv.includes('--json');
    const got = await provision(); // progress goes to stderr, so stdout stays JSON
    if (json) {
      // For the test runners: one line of JSON on stdout, nothing else.
      console.log(JSON.stringify(got));
      process.exit(0);
    }
    console.log(`provision: node ${NODE_VERSION}         ${got.node}`);
    console.log(`provision: code-server ${CODE_SERVER_VERSION}  ${got.codeServerEntry}`);
    console.log(`provision: chromium            ${got.chromium}`);
  } catch (err) {
    console.error(`provision: ${err instanceof ProvisionError ? err.message : err.stack}`);
    process.exitCode = 1;
  }
}
