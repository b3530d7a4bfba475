// How often the extension checks jobs, as the emulator's request log shows it: shared by the
// two-window suite and the bench.
import type { RequestRecord } from '../../emulator/types';
import type { Workbench } from '../workbench/workbench';

/** When the job was checked (GET), from `since` on. */
function checkTimes(log: RequestRecord[], id: string, since: number): number[] {
  return log
    .filter((r) => r.method === 'GET' && r.path.endsWith(`/job/${id}`) && Date.parse(r.time) >= since)
    .map((r) => Date.parse(r.time));
}

/** GETs per job-minute for these jobs from the time `since` on, from the spacing of their checks. */
export function getsPerJobMinute(log: RequestRecord[], ids: string[], since: number): number {
  const rates = ids.map((id) => {
    const times = checkTimes(log, id, since);
    return ((times.length - 1) / ((times[times.length - 1] ?? 0) - (times[0] ?? 0))) * 60_000;
  });
  return rates.reduce((a, b) => a + b, 0) / rates.length;
}

/**
 * Checks per job-minute from the median spacing of each job's checks, from `since` on. A machine
 * that is busy with other work makes some checks late, never early: the median holds where the
 * mean follows a few late ones. A second poller would halve the spacing, so this doubles.
 */
export function medianChecksPerJobMinute(log: RequestRecord[], ids: string[], since: number): number {
  const rates = ids.map((id) => {
    const times = checkTimes(log, id, since);
    const gaps = times
      .slice(1)
      .map((time, i) => time - (times[i] ?? time))
      .sort((a, b) => a - b);
    const middle = gaps.length / 2;
    const median = gaps.length % 2 ? (gaps[Math.floor(middle)] ?? 0) : ((gaps[middle - 1] ?? 0) + (gaps[middle] ?? 0)) / 2;
    return 60_000 / median;
  });
  return rates.reduce((a, b) => a + b, 0) / rates.length;
}

/** Waits (with a deadline) until every job has had `count` checks since `since`; returns the log. */
export async function checksSince(
  workbench: Workbench,
  ids: string[],
  since: number,
  count: number,
  timeoutMs = 90_000,
): Promise<RequestRecord[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await workbench.control.requests();
    const counts = ids.map((id) => checkTimes(log, id, since).length);
    if (counts.every((n) => n >= count)) return log;
    if (Date.now() > deadline) throw new Error(`checks since the mark: ${counts.join(', ')}; wanted ${count} each`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
