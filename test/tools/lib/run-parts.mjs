// Runs the parts of `npm test` on a fixed number of workers: each worker takes the first part
// in list order whose prerequisites have passed, so the list's order (longest first) decides
// how the work spreads. A part's output is kept and printed whole when it ends, so two reports
// never interleave. A failing gate stops new parts from starting; a failing suite does not.
import { spawn } from 'node:child_process';

/**
 * @typedef {{ name: string, command: string, args: string[], env?: Record<string, string>,
 *   after?: string[], gate?: boolean, own?: boolean }} Part
 * `after`: names of parts that must pass first; `own`: runs at once beside the workers (a
 * download, not work for the cores).
 * @typedef {{ part: Part, ok: boolean, code: number | string | null, ms: number, counts: string,
 *   failures: string }} Result
 * `failures`: a failed part's mocha failure reports (or its last lines), to repeat at the run's end.
 */

/** Mocha's summary, as the table shows it: "12 passing", "11 passing, 1 failing". */
function testCounts(output) {
  const counts = ['passing', 'failing', 'pending'].flatMap((word) => {
    const found = [...output.matchAll(new RegExp(`^\\s+(\\d+) ${word}`, 'gm'))];
    return found.length ? [`${found.at(-1)[1]} ${word}`] : [];
  });
  return counts.join(', ');
}

/**
 * What a failed part said about its failure: mocha's numbered reports after "N failing" (up to 60
 * lines each run), or else its last 30 lines. CI logs are read from their tail, and a part's own
 * output may be far above the table.
 */
function failureReport(output) {
  const lines = output.split('\n');
  const found = [];
  lines.forEach((line, i) => {
    if (/^\s+\d+ failing/.test(line)) found.push(...lines.slice(i, i + 60), '');
  });
  return (found.length ? found : lines.slice(-30)).join('\n');
}

/** Runs one part with its output kept, and prints that output whole at its end. */
function runOne(part, root) {
  const started = Date.now();
  const kept = [];
  return new Promise((resolve) => {
    const child = spawn(part.command, part.args, { cwd: root, env: { ...process.env, ...part.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => kept.push(chunk));
    child.stderr.on('data', (chunk) => kept.push(chunk));
    child.on('error', (error) => kept.push(Buffer.from(`${part.name}: ${error.message}\n`)));
    child.on('close', (code, signal) => {
      const output = Buffer.concat(kept).toString();
      process.stdout.write(`\n── ${part.name} ──\n${output}`);
      const ok = code === 0;
      const failures = ok ? '' : failureReport(output);
      resolve({ part, ok, code: code ?? signal, ms: Date.now() - started, counts: testCounts(output), failures });
    });
  });
}

/**
 * Runs `parts` on `workers` workers, each part once its `after` parts have passed.
 * @param {Part[]} parts
 * @returns {Promise<{ results: Result[], notRun: Part[], stoppedBy?: Result }>}
 */
export async function runParts(parts, workers, root) {
  const pending = [...parts];
  /** @type {Map<string, Result>} */
  const done = new Map();
  const results = [];
  let stoppedBy;
  const ready = (part) => (part.after ?? []).every((name) => done.get(name)?.ok);
  const blocked = (part) => (part.after ?? []).some((name) => done.has(name) && !done.get(name).ok);
  /** Workers waiting for a part to end (which may make another ready). */
  const waiting = [];
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());

  const finish = (result) => {
    done.set(result.part.name, result);
    results.push(result);
    if (!result.ok && result.part.gate) stoppedBy ??= result;
    wake();
  };
  const take = (pick) => {
    const index = pending.findIndex(pick);
    return index < 0 ? undefined : pending.splice(index, 1)[0];
  };

  const own = [];
  for (let part = take((p) => p.own); part; part = take((p) => p.own)) own.push(runOne(part, root).then(finish));

  const worker = async () => {
    for (;;) {
      if (stoppedBy) return;
      // A part whose prerequisite failed never runs (it stays listed as not run).
      while (take(blocked));
      const part = take(ready);
      if (part) finish(await runOne(part, root));
      else if (pending.length === 0) return;
      else await new Promise((resolve) => waiting.push(resolve));
    }
  };
  const running = [];
  for (let i = 0; i < workers; i += 1) running.push(worker());
  await Promise.all([...running, ...own]);
  const ran = new Set(results.map((r) => r.part.name));
  return { results, notRun: parts.filter((p) => !ran.has(p.name)), stoppedBy };
}
