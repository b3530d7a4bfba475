// The weekly trend of one page against the emulator: each week equals an independent count of
// the raw visit log, past weeks are read once, and trendCost says what a trend will cost.
import * as assert from 'node:assert/strict';
import { presetRange, weeksOf } from '../../src/visitors/date-range';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { pageTrend, trendCost } from '../../src/visitors/trend';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { CancelledError } from '../../src/api/errors';
import type { Visit } from '../emulator/types';
import { type ApiFixture, failure, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { pathTruth } from '../support/emulator/visit-truth';

const TODAY = '2026-11-20';

describe('analytics: weekly trend', () => {
  let api: ApiFixture;
  let visits: Visit[] = [];
  before(async () => {
    api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
    visits = await api.control.visits(api.emulator.projectId);
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());

  interface Storage {
    memento: MemoryMemento;
    files: MemoryTextFiles;
  }

  /** A window; give it another's storage to play the same user after a reload. */
  function setup(
    storage: Storage = { memento: new MemoryMemento(), files: new MemoryTextFiles() },
    clock = new FakeClock(Date.parse(`${TODAY}T09:30:00Z`)),
  ) {
    const { memento, files } = storage;
    const client = api.client();
    const service = new VisitorsService({
      client: () => client,
      cache: new VisitorsCache(memento, files, clock),
      ledger: new RequestLedger(memento, clock),
      clock,
    });
    return { service, clock, storage, scope: { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId } };
  }
  const requestCount = async (): Promise<number> => (await api.control.requests()).length;
  const range = presetRange('30d', TODAY);

  it('counts each week of a 30-day range like the raw log does', async () => {
    const { service, scope } = setup();
    const progress: string[] = [];
    const trend = await pageTrend(service, scope, range, '/quickstart', { onWeek: (done, of) => progress.push(`${done}/${of}`) });
    assert.deepEqual(
      trend.weeks.map(({ from, to }) => ({ from, to })),
      weeksOf(range),
    );
    assert.equal(trend.weeks.length, 5);
    for (const week of trend.weeks) {
      assert.deepEqual(week, { from: week.from, to: week.to, ...pathTruth(visits, '/quickstart', week) });
    }
    assert.ok(trend.weeks.every((w) => w.total > 0));
    assert.deepEqual(progress, ['1/5', '2/5', '3/5', '4/5', '5/5']);
    assert.equal(trend.requests, 5);
    assert.equal(await requestCount(), 5);
  });

  it('reads past weeks once; only the week with today is read again after five minutes', async () => {
    const { service, scope, clock } = setup();
    assert.deepEqual(trendCost(service, scope, range), { requests: 5, cachedWeeks: 0, weeks: 5 });
    const first = await pageTrend(service, scope, range, '/quickstart');
    assert.deepEqual(trendCost(service, scope, range), { requests: 0, cachedWeeks: 5, weeks: 5 });
    const second = await pageTrend(service, scope, range, '/quickstart');
    assert.equal(second.requests, 0);
    assert.deepEqual(second.weeks, first.weeks);
    assert.equal(await requestCount(), 5);
    await clock.advance(5 * 60_000);
    assert.deepEqual(trendCost(service, scope, range), { requests: 1, cachedWeeks: 4, weeks: 5 });
    const third = await pageTrend(service, scope, range, '/quickstart');
    assert.equal(third.requests, 1);
    const last = (await api.control.requests()).at(-1);
    assert.deepEqual(last?.query, { dateFrom: '2026-11-19', dateTo: '2026-11-21', limit: '250', offset: '0' });
  });

  it('after a reload, counts every week on disk as cached; five minutes on, reads only the week with today', async () => {
    const first = setup();
    const trend = await pageTrend(first.service, first.scope, range, '/quickstart');
    await api.control.clearRequests();
    const reloaded = setup(first.storage, first.clock);
    assert.deepEqual(trendCost(reloaded.service, reloaded.scope, range), { requests: 0, cachedWeeks: 5, weeks: 5 });
    await first.clock.advance(5 * 60_000);
    assert.deepEqual(trendCost(reloaded.service, reloaded.scope, range), { requests: 1, cachedWeeks: 4, weeks: 5 });
    const again = await pageTrend(reloaded.service, reloaded.scope, range, '/quickstart');
    assert.deepEqual(again.weeks, trend.weeks);
    assert.equal(again.requests, 1);
    assert.deepEqual(
      (await api.control.requests()).map((r) => r.query.dateFrom),
      ['2026-11-19'],
    );
  });

  it('adds up both spellings when a page has a trailing-slash twin, and zeros for no visits', async () => {
    const { service, scope } = setup();
    const slash = await pageTrend(service, scope, range, '/guides/webhooks/');
    const bare = await pageTrend(service, scope, range, '/guides/webhooks');
    for (const [i, week] of weeksOf(range).entries()) {
      const a = pathTruth(visits, '/guides/webhooks/', week);
      const b = pathTruth(visits, '/guides/webhooks', week);
      const both = { human: a.human + b.human, ai: a.ai + b.ai, total: a.total + b.total };
      assert.deepEqual(slash.weeks[i], { ...week, ...both });
      assert.deepEqual(bare.weeks[i], { ...week, ...both });
    }
    assert.ok(
      weeksOf(range).some((week) => pathTruth(visits, '/guides/webhooks/', week).total > 0),
      'the twin has readers',
    );
    const none = await pageTrend(service, scope, range, '/drafts/unpublished');
    assert.ok(none.weeks.every((w) => w.human === 0 && w.ai === 0 && w.total === 0));
    assert.equal(none.requests, 0);
  });

  it('stops at a cancel, keeping the weeks read so far', async () => {
    const { service, scope } = setup();
    const controller = new AbortController();
    const error = await failure(
      pageTrend(service, scope, range, '/quickstart', { signal: controller.signal, onWeek: (done) => done === 2 && controller.abort() }),
    );
    assert.ok(error instanceof CancelledError);
    assert.equal(await requestCount(), 2);
    assert.deepEqual(trendCost(service, scope, range), { requests: 3, cachedWeeks: 2, weeks: 5 });
  });

  it('estimates pages per week from a cached report of the scope', async () => {
    const { service } = setup();
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId };
    const oneWeek = await service.load(scope, { from: '2026-08-01', to: '2026-08-07' });
    const perWeek = Math.ceil(oneWeek.report.rows.length / 250);
    assert.ok(perWeek > 1, `${perWeek} pages a week`);
    assert.deepEqual(trendCost(service, scope, range), { requests: 5 * perWeek, cachedWeeks: 0, weeks: 5 });
  });
});
