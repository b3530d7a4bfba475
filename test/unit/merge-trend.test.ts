// A page's readers before and after a job's change was merged: the windows around the merge day
// (whole weeks, split exactly there), the comparison the panel shows, and the page's thumbs per
// window read from the real emulator once per machine (one request a window, none when a read of
// what readers said for the same days is kept).
import * as assert from 'node:assert/strict';
import { MergeVotes, type VotesReport, votesKind } from '../../src/readers/merge-votes';
import { pageAddress } from '../../src/site/page-address';
import { signalsKind, type SignalsReport } from '../../src/readers/signals-report';
import { defaultSignalCaps, SignalsService } from '../../src/readers/signals-service';
import { weeksOf } from '../../src/visitors/date-range';
import { changeText, compareAroundMerge, mergeWindows } from '../../src/visitors/merge-windows';
import type { TrendWeek } from '../../src/visitors/protocol';
import { ReportCache } from '../../src/visitors/report-cache';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { type ApiFixture, useAnalyticsApi } from '../support/emulator/api-fixture';
import { FakeClock } from '../support/fakes/fake-clock';

const TODAY = '2026-11-20';
const NOON = Date.parse(`${TODAY}T12:00:00Z`);
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

describe('readers before and after a merge', () => {
  describe('the windows and the comparison', () => {
    it('takes four whole weeks before the merge day and up to four after, stopping at today, split exactly at the merge', () => {
      const windows = mergeWindows('2026-11-06', TODAY);
      assert.deepEqual(windows.range, { preset: 'custom', from: '2026-10-09', to: TODAY });
      assert.deepEqual(windows.before, { from: '2026-10-09', to: '2026-11-05' });
      assert.deepEqual(windows.after, { from: '2026-11-06', to: TODAY });
      assert.ok(
        weeksOf(windows.range).some((w) => w.from === '2026-11-06'),
        'a week starts on the merge day',
      );
      assert.deepEqual(mergeWindows('2026-09-01', TODAY).range, { preset: 'custom', from: '2026-08-04', to: '2026-09-28' });
      assert.equal(mergeWindows('2026-12-01', TODAY).after.from, TODAY, 'a merge dated after today counts as today');
    });

    it('averages whole weeks only (a short last week is no drop) and says the change in visitors a week', () => {
      const windows = mergeWindows('2026-11-06', TODAY);
      const weeks: TrendWeek[] = weeksOf(windows.range).map((w, i) => ({
        ...w,
        human: 0,
        ai: 0,
        total: [40, 40, 44, 36, 60, 60, 3][i] ?? 0,
      }));
      const compare = compareAroundMerge(weeks, windows, { before: { up: 2, down: 8 }, after: null });
      assert.equal(compare.before.perWeek, 40);
      assert.equal(compare.before.fullWeeks, 4);
      assert.equal(compare.after.perWeek, 60, 'the 1-day week of 3 visitors is left out');
      assert.equal(compare.after.fullWeeks, 2);
      assert.equal(changeText(compare), '+50%');
      assert.deepEqual(compare.before.votes, { up: 2, down: 8 });
      const young = compareAroundMerge(weeks.slice(0, 5), mergeWindows('2026-11-17', TODAY), { before: null, after: null });
      assert.equal(young.after.perWeek, null, 'no whole week after yet');
      assert.equal(changeText(young), undefined);
    });
  });

  describe('thumbs per window, against the emulator', () => {
    const { api: running, fixture, synthetic, newStorage } = useAnalyticsApi(TODAY);
    let api: ApiFixture;
    beforeEach(() => {
      api = running();
    });
    const requests = async (): Promise<number> => (await api.control.requests()).length;

    function setup(shared = newStorage()) {
      const clock = new FakeClock(NOON);
      const ledger = new RequestLedger(shared.memento, clock);
      const client = api.client();
      const signals = new SignalsService({
        client: () => client,
        cache: new ReportCache<SignalsReport>(signalsKind, shared.memento, shared.files, clock),
        ledger,
        clock,
        caps: () => defaultSignalCaps,
      });
      const cache = new ReportCache<VotesReport>(votesKind, shared.memento, shared.files, clock);
      return { votes: new MergeVotes({ client: () => client, cache, signals, ledger, clock }), signals, ledger, shared };
    }

    it('reads each window once on the machine, each request counted, and the thumbs are the emulator’s', async () => {
      const windows = mergeWindows('2026-11-06', TODAY);
      const both = [windows.before, windows.after];
      const window = setup();
      assert.equal(await window.votes.cost(fixture(), both), 2);
      const read = await window.votes.read(fixture(), '/guides/webhooks', both);
      assert.equal(read.requests, 2);
      assert.equal(await requests(), 2);
      assert.equal(window.ledger.countLastHour(), 2);
      const truth = await api.control.signals(api.emulator.projectId);
      const expected = both.map((range) => {
        const votes = truth.feedback.filter(
          (e) =>
            pageAddress(e.path) === '/guides/webhooks' &&
            (e.source === 'contextual' || e.source === 'thumbs_only') &&
            e.day >= dayNumber(range.from) &&
            e.day <= dayNumber(range.to),
        );
        return { up: votes.filter((e) => e.helpful).length, down: votes.filter((e) => !e.helpful).length };
      });
      assert.deepEqual(read.votes, expected);
      assert.ok((expected[0]?.down ?? 0) > 0, 'the fixture’s webhooks page has thumbs down');

      const reloaded = setup(window.shared);
      assert.equal(await reloaded.votes.cost(fixture(), both), 0, 'another window or a reload pays nothing');
      assert.deepEqual((await reloaded.votes.read(fixture(), '/guides/webhooks', both)).votes, expected);
      assert.equal(await requests(), 2);
    });

    it('takes a window from a kept read of what readers said, and says "not known" for a page outside the top pages', async () => {
      const windows = mergeWindows('2026-11-06', TODAY);
      const { votes, signals } = setup();
      await signals.load(fixture(), windows.after);
      const spent = await requests();
      assert.equal(await votes.cost(fixture(), [windows.before, windows.after]), 1);
      await votes.read(fixture(), '/guides/webhooks', [windows.after]);
      assert.equal(await requests(), spent, 'the after window came from what readers said');

      const many = await votes.read(synthetic(), '/no/such/page', [windows.before]);
      assert.deepEqual(many.votes, [null], 'the large site lists only its 100 most voted pages');
      const none = await votes.read(fixture(), '/no/such/page', [windows.before]);
      assert.deepEqual(none.votes, [{ up: 0, down: 0 }], 'a small site lists every page voted on: none is zero');
    });
  });
});
