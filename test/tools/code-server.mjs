#!/usr/bin/env node
// Starts a real VS Code (code-server) for the host suites, the e2e suites and the demo:
// provisions what is missing, prepares a fresh state folder (offline, quiet user settings;
// optionally the extension linked in as if installed), then runs code-server in the
// foreground with this process's environment, which reaches the extension host.
//
//   node test/tools/code-server.mjs --port N --state-dir DIR --folder DIR
//        [--smoke-driver] [--install-extension DIR | --install-vsix FILE]
//
// --install-extension links a folder in (the repo, for development); --install-vsix has
// code-server install a package the way a user's editor would, before it starts.
//
// Run it in its own process group and stop that group: code-server forks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { codeServerCommand } from './lib/provision-code-server.mjs';
import { ProvisionError } from './lib/provision-util.mjs';
import { provision } from './provision.mjs';

// User settings that keep a test or demo run offline, quiet and free of first-run noise.
const userSettings = {
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  // Docs Agent's Get Started walkthrough honours it too; the first-hour journey turns it on.
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'security.workspace.trust.enabled': false,
  // Docs Agent's MCP server listens on a local port; code-server would offer each one a
  // forwarded address in a notification that can take the keyboard from a test.
  'remote.autoForwardPorts': false,
  // Git on, as writers have it (the workspace is a clone), but never reaching out by itself.
  'git.autofetch': false,
  'git.openRepositoryInParentFolders': 'never',
  'git.showProgress': false,
};

// A closed loopback port: the marketplace is unreachable here, so fail fast and quietly.
const nowhere = 'http://127.0.0.1:9';
const gallery = JSON.stringify({
  serviceUrl: `${nowhere}/gallery`,
  itemUrl: `${nowhere}/item`,
  extensionUrlTemplate: `${nowhere}/{publisher}/{name}/{version}`,
});

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'state-dir': { type: 'string' },
    folder: { type: 'string' },
    'smoke-driver': { type: 'boolean', default: false },
    'install-extension': { type: 'string' },
    'install-vsix': { type: 'string' },
    // Workspace trust on, as a user has it: an untrusted folder opens in Restricted Mode.
    trust: { type: 'boolean', default: false },
    // More user settings, as JSON (never secrets).
    'user-settings': { type: 'string' },
    // A display language other than English, such as ja (see useDisplayLanguage below).
    locale: { type: 'string' },
  },
});
if (!values.port || !values['state-dir'] || !values.folder || (values['install-extension'] && values['install-vsix'])) {
  console.error(
    'usage: code-server.mjs --port N --state-dir DIR --folder DIR [--smoke-driver] [--install-extension DIR | --install-vsix FILE]',
  );
  process.exit(2);
}
if (values['install-vsix'] && !existsSync(values['install-vsix'])) {
  console.error(`code-server: no package at ${resolve(values['install-vsix'])} (run \`npm run package\`)`);
  process.exit(1);
}

let paths;
try {
  paths = await provision();
} catch (error) {
  console.error(`provision: ${error instanceof ProvisionError ? error.message : error.stack}`);
  process.exit(1);
}

const stateDir = resolve(values['state-dir']);
const userDataDir = join(stateDir, 'user-data');
const extensionsDir = join(stateDir, 'extensions');
mkdirSync(join(userDataDir, 'User'), { recursive: true });
mkdirSync(extensionsDir, { recursive: true });
const extraUserSettings = values['user-settings'] ? JSON.parse(values['user-settings']) : {};
const trustSettings = values.trust ? { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' } : {};
writeFileSync(
  join(userDataDir, 'User', 'settings.json'),
  `${JSON.stringify({ ...userSettings, ...trustSettings, ...extraUserSettings }, null, 2)}\n`,
);

if (values['install-extension']) {
  // Linked in as <publisher>.<name>-<version>, the way an installed extension sits.
  const source = resolve(values['install-extension']);
  const manifest = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8'));
  symlinkSync(source, join(extensionsDir, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');
}

if (values['install-vsix']) {
  // code-server's own installer, with the same folders (and config file, so nothing is
  // written under ~/.config) as the server below; it exits when done.
  const vsix = resolve(values['install-vsix']);
  const r = spawnSync(
    paths.node,
    [
      paths.codeServerEntry,
      '--config',
      join(stateDir, 'config.yaml'),
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--install-extension',
      vsix,
    ],
    { stdio: 'inherit', env: { ...process.env, EXTENSIONS_GALLERY: gallery }, timeout: 120_000 },
  );
  if (r.status !== 0) {
    const how = r.error ? r.error.message : r.signal ? `killed by ${r.signal}` : `exit code ${r.status}`;
    console.error(`code-server: could not install ${vsix} (${how})`);
    process.exit(1);
  }
}

if (values.locale) useDisplayLanguage(values.locale);

const { command, args } = codeServerCommand(paths, {
  port: Number(values.port),
  folder: resolve(values.folder),
  stateDir,
  userDataDir,
  extensionsDir,
  // VS Code 1.99 reads the page's payload without the driver, and its code-server has no --vscode-option.
  args: [
    ...(values['smoke-driver'] && paths.editor !== 'floor' ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    ...(values.locale ? ['--locale', values.locale] : []),
  ],
  workspaceTrust: values.trust,
});
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, EXTENSIONS_GALLERY: gallery },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * The editor takes a display language only when a language pack for it is installed, and
 * Microsoft's packs are not on the npm registry. The editor finds its packs in the user data
 * folder's languagepacks.json, so this writes a stand-in there: a pack that translates none of
 * the editor's own words (they stay English) but makes the language the display language, so
 * extensions (this one) are shown in it.
 */
function useDisplayLanguage(locale) {
  const pack = join(stateDir, `stand-in-language-pack-${locale}`);
  mkdirSync(pack, { recursive: true });
  const core = join(pack, 'main.i18n.json');
  writeFileSync(core, JSON.stringify({ version: '1.0.0', contents: {} }));
  const packs = {
    [locale]: {
      hash: `stand-in-${locale}`,
      extensions: [{ extensionIdentifier: { id: `docs-agent-tests.stand-in-${locale}` }, version: '1.0.0' }],
      translations: { vscode: core },
      label: locale,
    },
  };
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify(packs));
}
