#!/usr/bin/env node
// Provisions real VS Codes for the tests (see the "real VS Code" recipe):
// Debian's chromium and libkrb5-dev, and for each editor the tests run on its
// Node and code-server from the npm registry, in a cache folder outside the repo
// keyed by version. Two editors: `current` (the newest code-server) and `floor`
// (the oldest VS Code that package.json's engines.vscode admits). Plain Node
// ESM without dependencies, so it runs before `npm install` in the repo.
// A second run only checks stamp files and takes a few milliseconds.
//
//   node test/tools/provision.mjs                 # install both editors, print paths
//   node test/tools/provision.mjs --editor floor  # only one
//   node test/tools/provision.mjs --json          # DOCS_AGENT_EDITOR's (default current), one JSON line on stdout
//   import { provision } from './provision.mjs'
//   const { node, codeServerEntry, chromium } = await provision({ quiet: true, editor: 'floor' })
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkCodeServer, codeServerCommand } from './lib/provision-code-server.mjs';
import { placeRipgrepDownload } from './lib/provision-ripgrep.mjs';
import { installOnce, onPath, ProvisionError, run } from './lib/provision-util.mjs';

export { codeServerCommand };

/**
 * The editors the tests run on (editors.json): `current`, the newest code-server, and `floor`,
 * VS Code 1.99.3 (the base of Cursor until September 2026), the oldest that package.json's
 * engines.vscode (^1.99.0) admits; a unit test keeps the two in step. Each code-server's install
 * refuses any Node major but its own.
 */
export const EDITORS = JSON.parse(readFileSync(new URL('./editors.json', import.meta.url), 'utf8'));
export const CHROMIUM = '/usr/bin/chromium';

/** The editor a test run asks for: DOCS_AGENT_EDITOR (`current` or `floor`), current by default. */
export function editorFromEnv(env = process.env) {
  const editor = env.DOCS_AGENT_EDITOR || 'current';
  if (!Object.hasOwn(EDITORS, editor))
    throw new ProvisionError(`DOCS_AGENT_EDITOR must be one of ${Object.keys(EDITORS).join(', ')} (got "${editor}")`);
  return editor;
}
// libkrb5-dev: headers for the kerberos module. fonts-ipafont-gothic: Japanese glyphs (3.5 MB),
// for the suite and README picture of Docs Agent in Japanese; Chromium draws boxes without them.
const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev', 'fonts-ipafont-gothic'];

export function cacheDir(env = process.env) {
  return env.DOCS_AGENT_CACHE || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docs-agent-vscode');
}

/** Where each piece of an editor lives in the cache (nothing is checked or installed). */
export function paths(cache = cacheDir(), editor = 'current') {
  const versions = EDITORS[editor];
  // The platform package (not the `node` wrapper, whose preinstall script
  // npm would block) ships bin/node plus include/node, the headers that
  // node-gyp needs to build native modules for that Node.
  const nodeDir = join(cache, `node-${versions.node}`);
  const nodeHome = join(nodeDir, 'node_modules', `node-linux-${process.arch}`);
  const codeServerDir = join(cache, `code-server-${versions.codeServer}`);
  return {
    cache,
    editor,
    versions,
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
  const has = {
    chromium: () => existsSync(CHROMIUM),
    'libkrb5-dev': () => debInstalled('libkrb5-dev'),
    'fonts-ipafont-gothic': () => debInstalled('fonts-ipafont-gothic'),
  };
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
 * Environment for npm under the editor's Node. Inherited npm_* variables (from an
 * enclosing `npm run`) are dropped so they cannot point npm elsewhere.
 * npm_config_nodedir overrides `nodedir=/usr` from ~/.npmrc (the system
 * Node's headers) so node-gyp builds against that Node's own headers; with no
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
  const version = p.versions.node;
  const pkg = `node-linux-${process.arch}@${version}`;
  return installOnce(
    p.nodeDir,
    async (tmp) => {
      say(`installing Node ${version} from the npm registry (about 30 seconds)…`);
      writePackageJson(tmp);
      await run('npm', ['install', '--prefix', tmp, pkg], { cwd: tmp, env: npmEnv(p), log: join(p.logs, 'node.log') });
    },
    async () => {
      const r = spawnSync(p.node, ['--version'], { encoding: 'utf8' });
      if (r.stdout?.trim() !== `v${version}`) throw new ProvisionError(`${p.node} does not run (${r.error?.message ?? r.stderr})`);
      if (!existsSync(join(p.nodeHome, 'include', 'node', 'node.h'))) throw new ProvisionError(`${pkg} has no headers`);
    },
  );
}

/** Native modules that must have been built (and load) in the editor's Node. */
const NATIVE_MODULES = [
  'node_modules/argon2',
  'node_modules/code-server/lib/vscode/node_modules/kerberos',
  'node_modules/code-server/lib/vscode/node_modules/@vscode/spdlog',
  'node_modules/code-server/lib/vscode/node_modules/node-pty',
];

/**
 * What differs between the editors' installs. npm 11 skips dependency install scripts unless
 * the project's allowScripts approves them: code-server's postinstall runs `npm install` in
 * lib/vscode, whose own package.json approves VS Code's native modules (4.139.1), and argon2
 * is code-server's own native dependency; strict-allow-scripts turns any unapproved script into
 * an error instead of a silently broken install. 4.99.4 predates allowScripts (so strict mode
 * would refuse it), checks npm_config_unsafe_perm when run as root, has node-pty run
 * `npx node-gyp` (which would wait for a yes) and needs ripgrep from a cached download.
 */
const INSTALLS = {
  current: { allowScripts: { 'argon2@0.44.0': true }, env: { npm_config_strict_allow_scripts: 'true' }, minutes: 3 },
  floor: {
    allowScripts: { 'argon2@0.31.2': true },
    env: { npm_config_unsafe_perm: 'true', npm_config_yes: 'true' },
    ripgrep: true,
    minutes: 2,
  },
};

async function ensureCodeServer(p, say) {
  const version = p.versions.codeServer;
  const how = INSTALLS[p.editor];
  return installOnce(
    p.codeServerDir,
    async (tmp) => {
      say(`installing code-server ${version} (VS Code ${p.versions.vscode}, about ${how.minutes} minutes)…`);
      writePackageJson(tmp, { allowScripts: { [`code-server@${version}`]: true, ...how.allowScripts } });
      const log = join(p.logs, `code-server-${version}.log`);
      const env = { ...npmEnv(p), ...how.env };
      if (how.ripgrep) {
        env.TMPDIR = join(tmp, '.tmp');
        await placeRipgrepDownload(env.TMPDIR, { env, log });
      }
      await run('npm', ['install', '--prefix', tmp, `code-server@${version}`], { cwd: tmp, env, log });
      if (how.ripgrep) rmSync(env.TMPDIR, { recursive: true, force: true });
    },
    async (dir) => {
      say(`checking that code-server ${version} starts…`);
      const load = NATIVE_MODULES.map((m) => `require(${JSON.stringify(join(dir, m))});`).join('');
      const r = spawnSync(p.node, ['-e', load], { encoding: 'utf8' });
      if (r.status !== 0)
        throw new ProvisionError(`a native module of code-server ${version} does not load in Node ${p.versions.node}:\n${r.stderr}`);
      await checkCodeServer(p);
    },
  );
}

/**
 * Installs whatever one editor (`current` or `floor`) is missing and returns absolute paths:
 * { node, codeServerEntry, chromium, editor, vscodeVersion }. Progress lines go to stderr unless quiet.
 */
export async function provision({ quiet = false, cache = cacheDir(), editor = editorFromEnv() } = {}) {
  if (!Object.hasOwn(EDITORS, editor)) throw new ProvisionError(`no editor named "${editor}" (${Object.keys(EDITORS).join(', ')})`);
  const p = paths(cache, editor);
  const say = quiet ? () => {} : (line) => process.stderr.write(`provision: ${line}\n`);
  if (process.platform !== 'linux') throw new ProvisionError('provisioning supports Linux (Debian) only');
  await ensureDebianPackages(p, say);
  await ensureNode(p, say);
  await ensureCodeServer(p, say);
  return { node: p.node, codeServerEntry: p.codeServerEntry, chromium: p.chromium, editor, vscodeVersion: p.versions.vscode };
}

const isMain = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const { values } = parseArgs({ options: { json: { type: 'boolean', default: false }, editor: { type: 'string' } } });
    if (values.json) {
      // For the test runners: one line of JSON on stdout, nothing else (progress goes to stderr).
      console.log(JSON.stringify(await provision({ editor: values.editor ?? editorFromEnv() })));
      process.exit(0);
    }
    for (const editor of values.editor ? [values.editor] : Object.keys(EDITORS)) {
      const got = await provision({ editor });
      const { codeServer, node } = EDITORS[editor];
      console.log(`provision: ${editor} editor, VS Code ${got.vscodeVersion}`);
      console.log(`provision:   node ${node.padEnd(10)} ${got.node}`);
      console.log(`provision:   code-server ${codeServer.padEnd(10)} ${got.codeServerEntry}`);
    }
    console.log(`provision: chromium ${CHROMIUM}`);
  } catch (err) {
    console.error(`provision: ${err instanceof ProvisionError ? err.message : err.stack}`);
    process.exitCode = 1;
  }
}
