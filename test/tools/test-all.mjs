#!/usr/bin/env node
// `npm test`: every check, then one line per part with its time and its tests, so the next slow
// part shows in every CI log. Plain Node ESM, no dependencies.
//
// The run keeps both cores busy: two workers take parts in the list's order (longest first),
// each once what it needs has passed. Each e2e suite file is its own part (its own code-server,
// Chromium and emulator), so the suites spread over the two workers evenly and no worker waits
// for another at a step's end. The editors' provisioning (downloads on a fresh machine) runs
// beside the workers from the start. A failing check, build or provisioning stops new parts from
// starting; a failing suite does not stop the others, and the run fails.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runParts } from './lib/run-parts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const workers = 2;
const built = ['build', 'compile tests'];
const editors = [...built, 'provision editors'];
const floor = { DOCS_AGENT_EDITOR: 'floor' };

// Seconds each suite took beside another on a provisioned 2-core machine (a run's table), to order
// the list longest first, so the run does not end on a long suite alone; one not listed goes first.
const measured = {
  'e2e flows/previews + faults/outside-text + faults/previews': 157,
  'e2e flows/windows': 112,
  'host 1.99': 85,
  'e2e faults/faults': 78,
  'e2e flows/review': 77,
  'e2e 1.99 flows/hunks': 120,
  'e2e flows/jobs': 76,
  'host 1.139': 74,
  'e2e 1.99 flows/review': 67,
  'e2e faults/security': 65,
  'e2e flows/visitors': 63,
  'e2e flows/hunks': 95,
  'e2e flows/first-hour': 35,
  'e2e 1.99 faults/outside-text': 33,
  'host 1.99 de': 13,
  'e2e flows/large-site': 30,
  'e2e 1.99 flows/mcp': 30,
  'e2e 1.99 floor/vsix': 30,
  'e2e 1.99 flows/first-hour': 29,
  'e2e flows/mcp': 28,
  'e2e flows/pages': 28,
  'e2e faults/strangers-clone': 23,
  'e2e flows/in-japanese': 17,
  'host 1.139 ja': 12,
};

/**
 * The suite files a mocha config names (its spec list: files, or `dir/**\/*.test.js`), found
 * from their sources, since the tests are compiled only once the run has begun.
 */
function specFiles(config) {
  const { spec } = JSON.parse(readFileSync(join(root, config), 'utf8'));
  return spec.flatMap((pattern) => {
    const glob = /^out\/(.*)\/\*\*\/\*\.test\.js$/.exec(pattern);
    if (!glob) return [pattern];
    return readdirSync(join(root, glob[1]), { recursive: true })
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => `out/${glob[1]}/${name.replace(/\.ts$/, '.js')}`);
  });
}

/**
 * Suite files that share one workbench (test/support/workbench/shared-workbench.ts), run in one
 * mocha process in this order: each file's own workbench cost about 18 s of CPU to open and close.
 */
const sharing = [['flows/previews', 'faults/outside-text', 'faults/previews']];

/** One mocha run of one e2e suite file (or of the files sharing a workbench), with its config's timeout and reporter. */
function e2eParts(label, configs, env = {}) {
  const runs = configs.flatMap((config) => {
    const { timeout, slow } = JSON.parse(readFileSync(join(root, config), 'utf8'));
    return specFiles(config).map((file) => ({ suite: file.replace(/^out\/test\/e2e\/|\.test\.js$/g, ''), file, timeout, slow }));
  });
  // A sharing group runs as one part where its configs list all of its files (the floor's lists one).
  const shared = sharing
    .map((suites) => suites.map((suite) => runs.find((run) => run.suite === suite)))
    .filter((group) => group.every(Boolean));
  const groups = [...shared, ...runs.filter((run) => !shared.flat().includes(run)).map((run) => [run])];
  return groups.map((group) => ({
    name: `${label} ${group.map((run) => run.suite).join(' + ')}`,
    command: 'npx',
    args: [
      'mocha',
      '--timeout',
      String(group[0].timeout),
      '--slow',
      String(group[0].slow),
      '--reporter',
      'spec',
      ...group.map((run) => run.file),
    ],
    env,
    after: editors,
  }));
}

const npm = (name, script, after = []) => ({ name, command: 'npm', args: ['run', '-s', script], after, gate: true });
const host = (name, env = {}) => ({ name, command: 'node', args: ['out/test/host/run-in-code-server.js'], env, after: editors });
const suites = [
  host('host 1.139'),
  host('host 1.99', floor),
  // The writer's language: Japanese on the current editor, German (another way to write numbers and dates) on the floor.
  host('host 1.139 ja', { DOCS_AGENT_TEST_LOCALE: 'ja' }),
  host('host 1.99 de', { ...floor, DOCS_AGENT_TEST_LOCALE: 'de' }),
  ...e2eParts('e2e', ['test/e2e/flows/.mocharc.json', 'test/e2e/faults/.mocharc.json']),
  ...e2eParts('e2e 1.99', ['test/e2e/floor/.mocharc.json'], floor),
].sort((a, b) => (measured[b.name] ?? 1_000) - (measured[a.name] ?? 1_000));

const parts = [
  { name: 'provision editors', command: 'node', args: ['test/tools/provision.mjs'], gate: true, own: true },
  npm('lint (types, eslint, prettier)', 'lint'),
  npm('build', 'build'),
  npm('compile tests', 'compile-tests', ['build']),
  { name: 'unit and emulator', command: 'npx', args: ['mocha', '--config', 'test/unit/.mocharc.json'], after: built },
  ...suites,
];

const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

if (process.argv.includes('--list')) {
  for (const part of parts) console.log(`${part.name}${part.after?.length ? `   (after ${part.after.join(', ')})` : ''}`);
  process.exit(0);
}

/** CPU seconds the machine spent working, and all it had, so far (Linux's /proc/stat; none elsewhere). */
function cpuSeconds() {
  try {
    // user nice system idle iowait irq softirq steal (guest time is inside user already).
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy = user + nice + system + irq + softirq;
    return { busy: busy / 100, all: (busy + idle + iowait + steal) / 100 };
  } catch {
    return undefined;
  }
}

// `--beside-load`: one core pinned by a busy loop for the whole run (such a run may take twice as
// long): the suites must pass on a machine that is busy with something else.
const load = process.argv.includes('--beside-load')
  ? spawn(process.execPath, [join(root, 'test/tools/busy-core.mjs')], { stdio: 'ignore' })
  : undefined;
if (load) {
  console.log('Beside a busy loop pinning one core (--beside-load).');
  process.once('exit', () => load.kill());
}

const began = Date.now();
const cpuBefore = cpuSeconds();
const { results, notRun, stoppedBy } = await runParts(parts, workers, root).finally(() => load?.kill());
const cpuAfter = cpuSeconds();
console.log(`\nTiming, part by part (${workers} at a time, in the order they ended):`);
for (const r of results) {
  const mark = r.ok ? 'ok  ' : 'FAIL';
  const end = r.ok ? '' : `   exit ${r.code}`;
  console.log(`  ${mark} ${r.part.name.padEnd(34)} ${minutes(r.ms).padStart(12)}   ${r.counts}${end}`);
}
for (const part of notRun) console.log(`  --   ${part.name.padEnd(34)} ${'not run'.padStart(12)}`);
console.log(`       ${'total'.padEnd(34)} ${minutes(Date.now() - began).padStart(12)}`);
// The run is bound by CPU, so a change that saves work shows here even when wall times are noisy.
if (cpuBefore && cpuAfter) {
  const busy = cpuAfter.busy - cpuBefore.busy;
  console.log(
    `       ${'CPU busy (all cores)'.padEnd(34)} ${minutes(busy * 1000).padStart(12)}   ${Math.round((100 * busy) / (cpuAfter.all - cpuBefore.all))} % of the machine`,
  );
}
for (const r of results.filter((result) => !result.ok)) console.log(`\nWhat failed in “${r.part.name}”:\n${r.failures.trimEnd()}`);
if (stoppedBy) console.log(`Stopped after “${stoppedBy.part.name}” failed: what comes next needs it.`);
process.exit(results.some((r) => !r.ok) || notRun.length ? 1 : 0);
