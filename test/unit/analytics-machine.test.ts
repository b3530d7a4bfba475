// Visitors analytics with several windows on one machine: each window has its own shared-file
// memento on the same file (as each extension host does), the same report folder, and the
// real machine-wide read lock. The emulator's request log counts what the budget paid.
import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { presetRange } from '../../src/visitors/date-range';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { machineReadAlone } from '../../src/platform/machine/read-alone';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { machineFolder } from '../support/fakes/job-window';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';

const TODAY = '2026-11-20';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);

describe('analytics: once per machine, whatever the windows', () => {
  let api: ApiFixture;
  const mementos: SharedMemento[] = [];
  before(async () => {
    api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());
  afterEach(() => {
    for (const m of mementos.splice(0)) m.dispose();
  });

  const synthetic = (): ProjectScope => ({ baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId });

  /** One window: its own memento on the machine's shared file, the machine's report folder, and the read lock. */
  async function windowOn(
    folder: string,
    files: MemoryTextFiles,
    clock: FakeClock,
  ): Promise<{ service: VisitorsService; ledger: RequestLedger }> {
    const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
    mementos.push(shared);
    await shared.ready;
    const cache = new VisitorsCache(shared, files, clock);
    const ledger = new RequestLedger(shared, clock);
    const client = api.client();
    const service = new VisitorsService({
      client: () => client,
      cache,
      ledger,
      clock,
      readAlone: machineReadAlone(join(folder, 'reading'), 60_000),
    });
    return { service, ledger };
  }

  it('three windows opening "last 30 days" at once, then two reloads, pay for the range once', async () => {
    const folder = machineFolder();
    const files = new MemoryTextFiles();
    const clock = new FakeClock(NOON);
    const range = presetRange('30d', TODAY);
    const windows = await Promise.all([1, 2, 3].map(() => windowOn(folder, files, clock)));
    const reports = await Promise.all(windows.map((w) => w.service.load(synthetic(), range)));
    const once = (await api.control.requests()).length;
    assert.equal(once, reports[0]?.report.requests, 'one read between three windows');
    assert.ok(once >= 2, 'a read of several pages');
    for (const r of reports) assert.deepEqual(r.report.rows, reports[0]?.report.rows);
    for (let reload = 0; reload < 2; reload++) {
      const reloaded = await windowOn(folder, files, clock);
      assert.equal((await reloaded.service.load(synthetic(), range)).fromCache, true);
    }
    assert.equal((await api.control.requests()).length, once, 'reloads cost nothing');
    // Every window counts the same requests against the hour: the ledger is the machine's.
    const fresh = await windowOn(folder, files, clock);
    assert.equal(fresh.ledger.countLastHour(), once);
  });

  it('two windows recording requests at the same moment lose none', async () => {
    const folder = machineFolder();
    const clock = new FakeClock(NOON);
    const [a, b] = await Promise.all([windowOn(folder, new MemoryTextFiles(), clock), windowOn(folder, new MemoryTextFiles(), clock)]);
    await Promise.all(Array.from({ length: 20 }, (_, i) => ((i % 2 ? a : b) as { ledger: RequestLedger }).ledger.record()));
    const fresh = await windowOn(folder, new MemoryTextFiles(), clock);
    assert.equal(fresh.ledger.countLastHour(), 20);
  });
});
