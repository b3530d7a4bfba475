// Chart bars and the page summary from report rows: ranks, ties, the open page outside the
// top, and the page's numbers checked against the emulator's raw visit log.
import * as assert from 'node:assert/strict';
import { access } from 'node:fs/promises';
import * as path from 'node:path';
import { chartBars, pageInfo, rankRows } from '../../src/visitors/chart-data';
import { presetRange } from '../../src/visitors/date-range';
import { pageForFile } from '../../src/visitors/page-path';
import type { PathRow } from '../../src/visitors/protocol';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { MemoryMemento } from '../support/fakes/memory-memento';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { pathTruth } from '../support/emulator/visit-truth';

const row = (p: string, total: number): PathRow => ({ path: p, human: total, ai: 0, total });
const ranks = (bars: ReturnType<typeof rankRows>): string[] => bars.map((b) => `${b.rank} ${b.path}${b.current ? ' *' : ''}`);

describe('analytics: chart data', () => {
  const rows = [
    row('/b', 50),
    row('/a', 50),
    row('/c', 40),
    row('/top', 90),
    row('/d', 40),
    row('/e', 40),
    row('/tail/', 2),
    row('/tail', 3),
    row('/z', 1),
  ];

  it('ranks by total with shared ranks for ties, ties by path', () => {
    assert.deepEqual(ranks(rankRows(rows)), ['1 /top', '2 /a', '2 /b', '4 /c', '4 /d', '4 /e', '7 /tail', '8 /tail/', '9 /z']);
    assert.deepEqual(rankRows([]), []);
    assert.deepEqual(Object.keys(rankRows([{ ...row('/x', 1), extra: true } as PathRow])[0] ?? {}).sort(), [
      'ai',
      'current',
      'human',
      'path',
      'rank',
      'total',
    ]);
  });

  it('shows the top rows, and the open page below them with its real rank', () => {
    assert.deepEqual(ranks(chartBars(rows, '/d', 3)), ['1 /top', '2 /a', '2 /b', '4 /d *']);
    assert.deepEqual(ranks(chartBars(rows, '/a', 3)), ['1 /top', '2 /a *', '2 /b']);
    // Both spellings of a page are one bar, their counts added up (3 + 2), at the page's address.
    assert.deepEqual(ranks(chartBars(rows, '/tail/', 2)), ['1 /top', '2 /a', '7 /tail *']);
    assert.equal(chartBars(rows, '/tail')[6]?.total, 5);
    assert.equal(chartBars(rows, null).length, rows.length - 1, 'the default top 15 holds all eight pages');
    assert.equal(chartBars(rows, null).filter((b) => b.current).length, 0);
  });

  it('shows just the top when the page has no row, and nothing for no rows', () => {
    assert.deepEqual(ranks(chartBars(rows, '/never-visited', 2)), ['1 /top', '2 /a']);
    assert.deepEqual(chartBars([], '/a'), []);
    assert.deepEqual(chartBars([], null, 0), []);
  });

  it('summarises a page: its one row (both spellings added up), its rank and the number of pages', () => {
    assert.deepEqual(pageInfo(rows, 'docs/tail.mdx', { pagePath: '/tail' }), {
      file: 'docs/tail.mdx',
      pagePath: '/tail',
      of: 8,
      rank: 7,
      rows: [row('/tail', 5)],
    });
    assert.deepEqual(pageInfo(rows, 'docs/new.mdx', { pagePath: '/new' }), {
      file: 'docs/new.mdx',
      pagePath: '/new',
      of: 8,
      rank: null,
      rows: [],
    });
    assert.deepEqual(pageInfo(rows, 'logo.svg', { pagePath: null, reason: 'not a page' }), {
      file: 'logo.svg',
      pagePath: null,
      reason: 'not a page',
      of: 8,
      rank: null,
      rows: [],
    });
  });

  describe('against the emulator', () => {
    const TODAY = '2026-11-20';
    let api: ApiFixture;
    before(async () => {
      api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
    });
    after(() => api.close());

    it('gives /quickstart the numbers an independent count of the raw log gives', async () => {
      const workspace = path.resolve(__dirname, '../../../test/fixtures/workspace');
      const exists = (p: string): Promise<boolean> =>
        access(p).then(
          () => true,
          () => false,
        );
      const page = await pageForFile(`${workspace}/docs/quickstart.mdx`, { workspaceFolder: workspace, exists });
      assert.equal(page.kind === 'page' && page.pagePath, '/quickstart');

      const clock = new FakeClock(Date.parse(`${TODAY}T08:00:00Z`));
      const memento = new MemoryMemento();
      const client = api.client();
      const service = new VisitorsService({
        client: () => client,
        cache: new VisitorsCache(memento, new MemoryTextFiles(), clock),
        ledger: new RequestLedger(memento, clock),
        clock,
      });
      const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
      const visits = await api.control.visits(api.emulator.projectId);
      for (const range of [presetRange('30d', TODAY), { from: '2026-09-01', to: '2026-09-30' }]) {
        const { report } = await service.load(scope, range);
        const info = pageInfo(report.rows, 'docs/quickstart.mdx', { pagePath: '/quickstart' });
        const expected = pathTruth(visits, '/quickstart', range);
        assert.ok(expected.total > 0);
        assert.deepEqual(info.rows, [{ path: '/quickstart', ...expected }]);
        // Pages, not spellings: the log's `/guides/webhooks/` twin is the page `/guides/webhooks`.
        const pages = new Map<string, number>();
        for (const r of report.rows) pages.set(r.path.replace(/(.)\/$/, '$1'), (pages.get(r.path.replace(/(.)\/$/, '$1')) ?? 0) + r.total);
        const read = visits.filter((v) => v.day >= range.from && v.day <= range.to).map((v) => v.path.replace(/(.)\/$/, '$1'));
        assert.equal(info.of, new Set(read).size);
        const better = [...pages.values()].filter((total) => total > expected.total).length;
        assert.equal(info.rank, better + 1);
        const bars = chartBars(report.rows, '/quickstart', 3);
        const mine = bars.filter((b) => b.current);
        assert.deepEqual(
          mine.map((b) => [b.path, b.total, b.rank]),
          [['/quickstart', expected.total, better + 1]],
        );
      }
    });
  });
});
