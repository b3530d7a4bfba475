// Small helpers for test/tools/provision.mjs: running commands with their output
// in a log file, and installing a folder so that it is either complete or absent.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, delimiter, dirname, join } from 'node:path';

export const STAMP = '.complete';

/** An expected failure: the CLI prints its message alone, without a stack. */
export class ProvisionError extends Error {}

/** Last lines of a log, to show with a failure instead of the whole output. */
function tail(log, lines = 25) {
  try {
    return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Runs a command with its output appended to `log` (installs are long and
 * noisy; the log is shown only when they fail). Resolves on exit code 0.
 */
export function run(command, args, { env = process.env, cwd, log }) {
  mkdirSync(dirname(log), { recursive: true });
  const fd = openSync(log, 'a');
  writeFileSync(fd, `\n$ ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', fd, fd] });
    child.on('error', (err) => {
      closeSync(fd);
      reject(new ProvisionError(`cannot run ${command}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      closeSync(fd);
      if (code === 0) return resolve();
      const how = signal ? `killed by ${signal}` : `exit code ${code}`;
      reject(new ProvisionError(`\`${command} ${args.join(' ')}\` failed (${how}). End of ${log}:\n${tail(log)}`));
    });
  });
}

/** Whether an executable named `name` is on PATH. */
export function onPath(name, path = process.env.PATH ?? '') {
  return path.split(delimiter).some((dir) => dir && existsSync(join(dir, name)));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Makes `dir` exist and be complete. A finished install carries the STAMP
 * file, so a second run only checks for it. `install(tmp)` fills
 * `<dir>.tmp-<pid>`, which is renamed into place (so an interrupted run never
 * leaves a half-built `dir`, and two runs at once do not share a folder); then
 * `check(dir)` must pass at the final path before the stamp is written.
 * Returns true when it installed something.
 */
export async function installOnce(dir, install, check = async () => {}) {
  const stamp = join(dir, STAMP);
  if (existsSync(stamp)) return false;
  const parent = dirname(dir);
  const prefix = `${basename(dir)}.tmp-`;
  mkdirSync(parent, { recursive: true });
  // Leftovers of earlier runs that died: temp folders of dead processes, and
  // a `dir` without stamp (its check failed or the run was killed).
  for (const name of readdirSync(parent)) {
    const pid = Number(name.slice(prefix.length));
    if (name.startsWith(prefix) && !(pid > 0 && alive(pid))) {
      rmSync(join(parent, name), { recursive: true, force: true });
    }
  }
  rmSync(dir, { recursive: true, force: true });

  const tmp = `${dir}.tmp-${process.pid}`;
  try {
    mkdirSync(tmp, { recursive: true });
    await install(tmp);
    renameSync(tmp, dir);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    if (err.code === 'ENOTEMPTY' || err.code === 'EEXIST') {
      throw new ProvisionError(`another provision run is installing ${dir}; run again when it ends`);
    }
    throw err;
  }
  try {
    await check(dir);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return true;
}
