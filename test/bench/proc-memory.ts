// Finds the extension host among code-server's processes and reads its peak memory. Linux only:
// `ps` for the tree and /proc/<pid>/status for VmHWM (the resident high-water mark), which
// holds the peak even after the garbage collector has given memory back.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface ProcessRow {
  pid: number;
  ppid: number;
  pgid: number;
  args: string;
}

function processTable(): ProcessRow[] {
  const text = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8' });
  return text.split('\n').flatMap((line) => {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), pgid: Number(match[3]), args: match[4] ?? '' }] : [];
  });
}

/**
 * The extension host of the code-server started on `stateDir`: its launcher (test/tools/
 * code-server.mjs, named by the run's own state folder) leads a process group; the host is in
 * that group or below it, and says `extensionHost` on its command line.
 */
export function findExtensionHost(stateDir: string): { pid: number; args: string } {
  const rows = processTable();
  const launcher = rows.find((r) => r.args.includes('code-server.mjs') && r.args.includes(stateDir));
  if (!launcher) throw new Error(`no code-server launcher for ${stateDir} among ${rows.length} processes`);
  const family = new Set(rows.filter((r) => r.pgid === launcher.pgid).map((r) => r.pid));
  // Children that started a group of their own are still descendants.
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (family.has(row.ppid) && !family.has(row.pid)) {
        family.add(row.pid);
        grew = true;
      }
    }
  }
  const hosts = rows.filter((r) => family.has(r.pid) && /extensionHost/.test(r.args));
  if (hosts.length !== 1) {
    const tree = rows.filter((r) => family.has(r.pid)).map((r) => `${r.pid} ${r.ppid} ${r.args.slice(0, 160)}`);
    throw new Error(`expected one extension host, found ${hosts.length}:\n${tree.join('\n')}`);
  }
  const [host] = hosts;
  if (!host) throw new Error('unreachable');
  return { pid: host.pid, args: host.args };
}

/** The same, waiting while the workbench is still starting its extension host. */
export async function waitForExtensionHost(stateDir: string, timeoutMs = 30_000): Promise<{ pid: number; args: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return findExtensionHost(stateDir);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** VmHWM and VmRSS of a process, in MB. */
export function memoryMb(pid: number): { peakMb: number; currentMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]);
  };
  return { peakMb: Math.round(kb('VmHWM') / 102.4) / 10, currentMb: Math.round(kb('VmRSS') / 102.4) / 10 };
}
