// The budget race: several processes on one machine folder, each reading several ranges at
// once while the hour's analytics budget is nearly spent. The emulator's request log is the
// witness of what was spent; the shared file, of what every window counted and still holds.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { readJson } from '../../../src/platform/machine/atomic-file';
import { sharedKeys } from '../../../src/platform/storage-layout';
import { analyticsLimitPerHour, RequestLedger } from '../../../src/visitors/request-ledger';
import { SharedMemento } from '../../../src/platform/machine/shared-memento';
import { folderFiles } from '../../../src/platform/machine/folder-files';
import { fileCaps } from '../../../src/platform/machine/shared-file';
import { maxReportFileBytes } from '../../../src/visitors/cache-entries';
import { systemClock } from '../../../src/platform/clock';
import { addDays } from '../../../src/visitors/date-range';
import { VisitorsCache } from '../../../src/visitors/visitors-cache';
import { VisitorsService } from '../../../src/visitors/visitors-service';
import type { ApiFixture } from '../emulator/api-fixture';
import { machineFolder } from '../fakes/job-window';
import type { RaceOutcome, RaceWorkerReport } from './race-worker';

export interface RaceOptions {
  rounds: number;
  processes: number;
  readsEach: number;
  /** Requests already spent this hour when a round starts. */
  usedBefore: number;
  /** The emulator's today (YYYY-MM-DD): the weeks read end before it. */
  today: string;
}

export interface RaceRound {
  /** Visitors requests the emulator received. */
  requests: number;
  /** Uses in the shared ledger at the end: the ones before and every request of the round. */
  counted: number;
  /** Slots still held at the end (every read gave back what it did not use: 0). */
  held: number;
  outcomes: RaceOutcome[];
  wallMs: number;
}

/** Runs one worker process to its end; resolves with the JSON line it printed. */
function runWorker(args: string[]): Promise<RaceWorkerReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(__dirname, 'race-worker.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let [out, err] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    // Bounded: a worker that hangs is ended, and the round fails.
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out) as RaceWorkerReport);
      else reject(new Error(`race worker exited ${String(code)}: ${err}`));
    });
  });
}

async function stored(folder: string): Promise<{ counted: number; held: number }> {
  const values = (await readJson(join(folder, 'shared.json'), fileCaps.record)) as Record<string, unknown> | undefined;
  const hourAgo = Date.now() - 3_600_000;
  const spent = values?.[sharedKeys.analyticsRequests];
  const held = values?.[sharedKeys.analyticsHeld];
  return {
    counted: Array.isArray(spent) ? spent.filter((t) => typeof t === 'number' && t > hourAgo).length : 0,
    held: Array.isArray(held)
      ? (held as Array<{ slots?: unknown }>).reduce((sum, h) => sum + (typeof h.slots === 'number' ? h.slots : 0), 0)
      : 0,
  };
}

/**
 * A fresh machine folder that knows one week's report (so reads estimate their size from it and
 * reserve about that, not the cap for the unknown), its ledger at `usedBefore`.
 */
async function freshFolder(api: ApiFixture, options: RaceOptions): Promise<string> {
  const folder = machineFolder();
  const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
  await shared.ready;
  const ledger = new RequestLedger(shared, systemClock);
  const cache = new VisitorsCache(shared, folderFiles(join(folder, 'visitors'), maxReportFileBytes), systemClock);
  const service = new VisitorsService({ client: () => api.client(), cache, ledger, clock: systemClock });
  const end = addDays(options.today, -1 - 7 * options.processes * options.readsEach);
  await service.load({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId }, { from: addDays(end, -6), to: end });
  const now = Date.now();
  await shared.exclusive(async () => {
    await shared.update(
      sharedKeys.analyticsRequests,
      Array.from({ length: options.usedBefore }, () => now),
    );
    await shared.update(sharedKeys.analyticsHeld, undefined);
  });
  shared.dispose();
  return folder;
}

/** One round after another, each on a fresh folder whose ledger starts at `usedBefore`. */
export async function budgetRace(api: ApiFixture, options: RaceOptions): Promise<RaceRound[]> {
  const rounds: RaceRound[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const folder = await freshFolder(api, options);
    await api.control.reset();
    const started = Date.now();
    const { baseUrl, key, syntheticProjectId } = api.emulator;
    const { today } = options;
    const reports = await Promise.all(
      Array.from({ length: options.processes }, (_, worker) =>
        runWorker([folder, baseUrl, key, syntheticProjectId, String(worker), String(options.readsEach), today]),
      ),
    );
    const requests = (await api.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;
    rounds.push({ requests, ...(await stored(folder)), outcomes: reports.flatMap((r) => r.outcomes), wallMs: Date.now() - started });
  }
  return rounds;
}

/** Requests past the budget in a round: 0 when the reads stopped at or below it. */
export function overspend(round: RaceRound, usedBefore: number): number {
  return Math.max(0, usedBefore + round.requests - analyticsLimitPerHour);
}
