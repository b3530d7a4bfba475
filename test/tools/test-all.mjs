#!/usr/bin/env node
// `npm test`: every check, then one line per part with the time it took, so the next slow part
// shows in every CI log. Plain Node ESM, no dependencies.
//
// Lanes in one step run side by side, each lane's parts in order: the checks, the build and the
// unit tests next to the provisioning of the editors (mostly downloads on a fresh machine), then
// the two editors' host suites (each has its own code-server, browser, emulator and folders).
// Then the end-to-end flows beside the fault matrix and the floor's journeys: each suite starts
// its own code-server, Chromium and emulator, and a run keeps the two cores less than a quarter
// busy, so two workbenches at once wait on each other little. A side-by-side lane's output is
// printed whole when it ends, so two reports never interleave. A failing check, build or
// provisioning stops the run; a failing suite does not stop the others, and the run fails.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const npm = (name, script, gate = true) => ({ name, command: 'npm', args: ['run', '-s', script], gate });
const mocha = (name, config, env = {}) => ({ name, command: 'npx', args: ['mocha', '--config', config], env });
const floor = { DOCS_AGENT_EDITOR: 'floor' };
const host = (name, env = {}) => ({ name, command: 'node', args: ['out/test/host/run-in-code-server.js'], env });

/** Steps in order; each step's lanes run at once, each lane's parts in order. */
const steps = [
  [
    [npm('lint (types, eslint, prettier)', 'lint')],
    [npm('build', 'build'), npm('compile tests', 'compile-tests'), mocha('unit and emulator', 'test/unit/.mocharc.json')],
    [{ name: 'provision editors', command: 'node', args: ['test/tools/provision.mjs'], gate: true }],
  ],
  [[host('host, VS Code 1.139')], [host('host, VS Code 1.99', floor)]],
  [
    [mocha('e2e flows', 'test/e2e/flows/.mocharc.json')],
    [
      mocha('e2e faults and security', 'test/e2e/faults/.mocharc.json'),
      mocha('e2e on VS Code 1.99', 'test/e2e/floor/.mocharc.json', floor),
    ],
  ],
];

/** Runs one part; its output streams through when its lane runs alone, else it is kept for `kept`. */
function run(part, alone, kept) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(part.command, part.args, {
      cwd: root,
      env: { ...process.env, ...part.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => kept.push(chunk));
    child.stderr?.on('data', (chunk) => kept.push(chunk));
    child.on('error', (error) => kept.push(Buffer.from(`${part.name}: ${error.message}\n`)));
    child.on('close', (code, signal) => resolve({ part, ok: code === 0, code: code ?? signal, ms: Date.now() - started, alone }));
  });
}

/** Runs a lane's parts in order, stopping at a failing gate; prints a kept lane's output at its end. */
async function lane(parts, alone) {
  const kept = [];
  const results = [];
  for (const part of parts) {
    const result = await run(part, alone, kept);
    results.push(result);
    if (!result.ok && part.gate) break;
  }
  if (!alone) process.stdout.write(`\n── ${parts.map((p) => p.name).join(', ')} ──\n${Buffer.concat(kept).toString()}`);
  return results;
}

const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

const results = [];
const began = Date.now();
let stoppedAt;
for (const lanes of steps) {
  const done = (await Promise.all(lanes.map((parts) => lane(parts, lanes.length === 1)))).flat();
  results.push(...done);
  stoppedAt = done.find((r) => !r.ok && r.part.gate);
  if (stoppedAt) break;
}

console.log('\nTiming, part by part (parts of one step marked ‖ ran side by side):');
for (const r of results) {
  const mark = r.ok ? 'ok  ' : 'FAIL';
  console.log(`  ${mark} ${r.alone ? ' ' : '‖'} ${r.part.name.padEnd(30)} ${minutes(r.ms).padStart(12)}${r.ok ? '' : `   exit ${r.code}`}`);
}
console.log(`         ${'total'.padEnd(30)} ${minutes(Date.now() - began).padStart(12)}`);
if (stoppedAt) console.log(`Stopped after “${stoppedAt.part.name}” failed: what comes next needs it.`);
process.exit(results.some((r) => !r.ok) ? 1 : 0);
