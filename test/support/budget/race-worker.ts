// One process of the budget race: a window of its own (its own shared-file memento on the
// machine's folder, its own client) reading several ranges at once near the end of the hour's
// analytics budget, half of them reads nobody asked for, half asked for (reserving what fits).
// It prints what each read did as one JSON line.
//   node race-worker.js <folder> <baseUrl> <key> <projectId> <worker> <reads> <today>
import { join } from 'node:path';
import { DocsApiClient } from '../../../src/api/client';
import { OverBudgetError } from '../../../src/api/errors';
import { systemClock } from '../../../src/platform/clock';
import { folderFiles } from '../../../src/platform/machine/folder-files';
import { maxReportFileBytes } from '../../../src/visitors/cache-entries';
import { machineReadAlone } from '../../../src/platform/machine/read-alone';
import { SharedMemento } from '../../../src/platform/machine/shared-memento';
import { Reservation } from '../../../src/platform/reserving-ledger';
import { addDays } from '../../../src/visitors/date-range';
import { RequestLedger } from '../../../src/visitors/request-ledger';
import { VisitorsCache } from '../../../src/visitors/visitors-cache';
import { type LoadResult, VisitorsService } from '../../../src/visitors/visitors-service';

export type RaceOutcome = { read: 'whole' | 'partial'; requests: number } | { read: 'refused' | 'failed'; why: string };

export interface RaceWorkerReport {
  worker: number;
  outcomes: RaceOutcome[];
}

function outcomeOf(result: LoadResult): RaceOutcome {
  return { read: result.report.partial ? 'partial' : 'whole', requests: result.fromCache ? 0 : result.report.requests };
}

async function main(): Promise<void> {
  const [folder = '', baseUrl = '', key = '', projectId = '', workerText, readsText, today = ''] = process.argv.slice(2);
  const [worker, reads] = [Number(workerText), Number(readsText)];
  const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
  await shared.ready;
  const ledger = new RequestLedger(shared, systemClock);
  const client = new DocsApiClient({ baseUrl, getApiKey: () => key, userAgent: 'budget-race/0', retry: { baseMs: 1, capMs: 5 } });
  const service = new VisitorsService({
    client: () => client,
    cache: new VisitorsCache(shared, folderFiles(join(folder, 'visitors'), maxReportFileBytes), systemClock),
    ledger,
    clock: systemClock,
    readAlone: machineReadAlone(join(folder, 'reading'), 60_000),
  });
  const scope = { baseUrl, projectId };
  const one = async (i: number): Promise<RaceOutcome> => {
    // A week of its own per read: no two reads anywhere share a range, so none is served by another's.
    const end = -1 - 7 * (worker * reads + i);
    const range = { from: addDays(today, end - 6), to: addDays(today, end) };
    try {
      if (i % 2 === 0) return outcomeOf(await service.load(scope, range));
      const budget = await ledger.reserve(service.cap(scope, range), { least: 1 });
      if (!(budget instanceof Reservation)) return { read: 'refused', why: `no room (${budget.room})` };
      try {
        return outcomeOf(await service.load(scope, range, { budget }));
      } finally {
        await budget.release();
      }
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      return { read: error instanceof OverBudgetError ? 'refused' : 'failed', why };
    }
  };
  const outcomes = await Promise.all(Array.from({ length: reads }, (_, i) => one(i)));
  await client.close();
  shared.dispose();
  const report: RaceWorkerReport = { worker, outcomes };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
