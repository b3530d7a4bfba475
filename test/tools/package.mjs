#!/usr/bin/env node
// Packages the extension as <repo>/<name>-<version>.vsix with @vscode/vsce, after checking
// that nothing but the allow-list below would ship. Run it through `npm run package`, which
// builds the production bundle first: dist/ already holds every dependency, so the package
// has no node_modules (--no-dependencies).
//
//   node test/tools/package.mjs
//
// vsce needs Node 22 or later; it runs under the Node 24 that provision() installs.
// README images are relative links to media/screenshots/, which stay out of the package:
// vsce rewrites them against the repository's main branch, where the Marketplace finds them.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProvisionError } from './lib/provision-util.mjs';
import { provision } from './provision.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const vsce = join(repoRoot, 'node_modules/@vscode/vsce/vsce');

/** Every file the package may hold; each exact name must be there. Keep .vscodeignore in step. */
const REQUIRED = [
  'package.json',
  'package.nls.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'dist/extension.js',
  'dist/undici.js',
  'dist/yaml.js',
  'dist/webview/visitors.js',
  'media/icon.png',
];
// dist/*.js beside those three: the parts of the extension's code loaded on first use (esbuild.mjs).
const ALLOWED_PATTERNS = [
  // The manifest's words in each shipped language (test/support/manifest.ts lists them).
  /^package\.nls\.[a-z]{2}(-[a-z]{2})?\.json$/,
  // The code's sentences in each shipped language (the English is the code itself).
  /^l10n\/bundle\.l10n(\.[a-z]{2}(-[a-z]{2})?)?\.json$/,
  /^dist\/[^/]+\.js$/,
  /^media\/icons\/[^/]+\.svg$/,
  /^media\/webview\/[^/]+\.css$/,
  /^media\/walkthrough\/[^/]+\.md$/,
];

const allowed = (file) => REQUIRED.includes(file) || ALLOWED_PATTERNS.some((pattern) => pattern.test(file));

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

/** Runs vsce under `node` in the repo; returns its stdout, or fails with its output. */
function runVsce(node, args, { capture = false } = {}) {
  const r = spawnSync(node, [vsce, ...args], {
    cwd: repoRoot,
    // No terminal for prompts: vsce must fail rather than wait for an answer.
    stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.error) fail(`cannot run ${node} ${relative(repoRoot, vsce)}: ${r.error.message}`);
  if (r.status !== 0) {
    if (capture) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    fail(`\`vsce ${args.join(' ')}\` failed (${r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`})`);
  }
  return r.stdout ?? '';
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const repository = (typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository?.url ?? ''))
  .replace(/\.git$/, '')
  .replace(/\/+$/, '');
if (!/^https:\/\/github\.com\/[^/]+\/[^/]+$/.test(repository)) {
  fail(`package.json's repository must be https://github.com/<owner>/<name> (got "${repository}")`);
}

let node;
try {
  ({ node } = await provision({ editor: 'current' }));
} catch (error) {
  fail(`provision: ${error instanceof ProvisionError ? error.message : error.stack}`);
}

// A failed run must not leave an older package looking new; and the check comes first, so
// a package with a stray file is never written.
const out = join(repoRoot, `${manifest.name}-${manifest.version}.vsix`);
rmSync(out, { force: true });
const listed = runVsce(node, ['ls', '--no-dependencies'], { capture: true })
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean);
const stray = listed.filter((file) => !allowed(file));
if (stray.length) fail(`refused: outside the allow-list (see .vscodeignore): ${stray.join(', ')}`);
const missing = REQUIRED.filter((file) => !listed.includes(file));
if (missing.length) fail(`refused: missing from the package (was the build run?): ${missing.join(', ')}`);

runVsce(node, [
  'package',
  '--no-dependencies',
  '--out',
  out,
  '--baseContentUrl',
  `${repository}/blob/main/`,
  '--baseImagesUrl',
  `${repository}/raw/main/`,
]);

const { size } = statSync(out);
console.log(`package: ${out} (${size.toLocaleString('en-US')} bytes, ${(size / 1024).toFixed(1)} KiB, ${listed.length} files)`);
