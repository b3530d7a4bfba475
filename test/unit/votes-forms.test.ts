// Votes when the feedback-by-page export names one page in several forms (its path, its whole
// URL, either with a trailing slash), read through SignalsService from the real emulator: a
// page's thumbs are the sum of its rows, equal to the raw votes, and the unhappy pages are the
// ones the raw votes make unhappy. The large site's generated API pages too.
import * as assert from 'node:assert/strict';
import { defaultSignalCaps, SignalsService } from '../../src/readers/signals-service';
import { signalsKind, type SignalsReport } from '../../src/readers/signals-report';
import { defaultThresholds, signalsByPage, unhappyPages } from '../../src/readers/reader-signals';
import { votesOf } from '../../src/readers/merge-votes';
import { readSiteModel } from '../../src/site/site-model';
import { presetRange } from '../../src/visitors/date-range';
import { ReportCache } from '../../src/visitors/report-cache';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { LARGE_SITE_PROJECT_ID, LARGE_SITE_UNHAPPY_PAGE } from '../emulator/large-site-log';
import { largeSiteDocsDir } from '../fixtures/large-site-plan/where';
import { useAnalyticsApi } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';
import { readTextOrNothing, relativeFilesUnder } from '../support/site-files';

const TODAY = '2026-11-20';
const quarter = presetRange('90d', TODAY);
/** The page a raw entry names, read independently of the extension: no origin, no trailing slash. */
const pageOf = (path: string): string => path.replace(/^https?:\/\/[^/]+/, '').replace(/(.)\/+$/, '$1') || '/';

describe('votes that name a page in several forms add up', () => {
  const { api, fixture, newStorage } = useAnalyticsApi(TODAY);

  async function read(projectId?: string): Promise<SignalsReport> {
    const clock = new FakeClock(Date.parse(`${TODAY}T12:00:00Z`));
    const { memento, files } = newStorage();
    const client = api().client();
    const service = new SignalsService({
      client: () => client,
      cache: new ReportCache<SignalsReport>(signalsKind, memento, files, clock),
      ledger: new RequestLedger(memento, clock),
      clock,
      caps: () => defaultSignalCaps,
    });
    const scope = projectId ? { ...fixture(), projectId } : fixture();
    return (await service.load(scope, quarter)).report;
  }

  /** The raw votes of the range by page, from the emulator's own record. */
  async function rawVotes(projectId: string): Promise<Map<string, { up: number; down: number }>> {
    const fromDay = Date.parse(quarter.from) / 86_400_000;
    const votes = new Map<string, { up: number; down: number }>();
    for (const e of (await api().control.signals(projectId)).feedback) {
      if (e.day < fromDay || !['contextual', 'thumbs_only'].includes(e.source)) continue;
      const page = votes.get(pageOf(e.path)) ?? { up: 0, down: 0 };
      page[e.helpful ? 'up' : 'down']++;
      votes.set(pageOf(e.path), page);
    }
    return votes;
  }

  it('the webhooks page’s thumbs are the sum of its rows in every form, as the raw votes say (lens, Readers said, merge trend)', async () => {
    const report = await read();
    assert.equal(report.pageFeedbackHasMore, false, 'every row of the range was read');
    const rows = report.pageFeedback.filter((row) => pageOf(row.path) === '/guides/webhooks');
    assert.ok(rows.length >= 3, `forms: ${rows.map((r) => r.path).join(', ')}`);
    const sum = rows.reduce((t, r) => ({ up: t.up + r.thumbsUp, down: t.down + r.thumbsDown }), { up: 0, down: 0 });
    const said = signalsByPage(report)('/guides/webhooks');
    assert.deepEqual({ up: said.thumbsUp, down: said.thumbsDown }, sum);
    assert.deepEqual(sum, (await rawVotes(api().emulator.projectId)).get('/guides/webhooks'));
    assert.deepEqual(votesOf({ pages: report.pageFeedback, hasMore: false }, '/guides/webhooks/'), sum);
  });

  it('Unhappy readers lists exactly the pages whose votes, all forms added up, meet its thresholds', async () => {
    const report = await read();
    const thresholds = { ...defaultThresholds, unhappyMinVotes: 3, unhappyShare: 0.3 };
    const expected = [...(await rawVotes(api().emulator.projectId))]
      .filter(([, v]) => v.up + v.down >= thresholds.unhappyMinVotes && v.down / (v.up + v.down) >= thresholds.unhappyShare)
      .map(([page]) => page)
      .sort();
    assert.ok(expected.length >= 2, `${expected.length} unhappy pages`);
    assert.deepEqual(
      unhappyPages(report, thresholds)
        .map((p) => p.pagePath)
        .sort(),
      expected,
    );
  });

  it('a generated API page of the large site: its thumbs are the sum of its rows, as the raw votes say', async () => {
    const docs = largeSiteDocsDir().split('\\').join('/');
    const site = await readSiteModel(
      docs,
      readTextOrNothing,
      relativeFilesUnder(docs).filter((f) => /\.mdx?$/i.test(f)),
    );
    const page = LARGE_SITE_UNHAPPY_PAGE;
    assert.ok(site.pages.find((p) => p.pagePath === page)?.generated, `${page} is generated from the Spanish spec`);
    const report = await read(LARGE_SITE_PROJECT_ID);
    const rows = report.pageFeedback.filter((row) => pageOf(row.path) === page);
    assert.equal(rows.length, 4, `its four forms: ${rows.map((r) => r.path).join(', ')}`);
    const sum = rows.reduce((t, r) => ({ up: t.up + r.thumbsUp, down: t.down + r.thumbsDown }), { up: 0, down: 0 });
    const said = signalsByPage(report)(page);
    assert.deepEqual({ up: said.thumbsUp, down: said.thumbsDown }, sum);
    assert.deepEqual(sum, (await rawVotes(LARGE_SITE_PROJECT_ID)).get(page));
    const unhappy = unhappyPages(report, defaultThresholds).find((p) => p.pagePath === page);
    assert.deepEqual(unhappy && { up: unhappy.thumbsUp, down: unhappy.thumbsDown }, sum, 'listed once, with every vote');
  });
});
