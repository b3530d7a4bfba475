// Day arithmetic of the visitors report: presets, the API's exclusive dateTo, weekly buckets,
// custom range checks and labels.
import * as assert from 'node:assert/strict';
import {
  addDays,
  checkCustomRange,
  endsBeforeToday,
  formatDays,
  presetRange,
  rangeLabel,
  rangeProblem,
  refreshPreset,
  todayUtc,
  toQuery,
  weeksOf,
} from '../../src/visitors/date-range';

describe('analytics: date ranges', () => {
  it('takes today from the UTC calendar', () => {
    assert.equal(todayUtc(Date.parse('2026-11-20T23:59:59.999Z')), '2026-11-20');
    assert.equal(todayUtc(Date.parse('2026-11-20T23:30:00-05:00')), '2026-11-21');
  });

  it('adds days across months, years and leap days', () => {
    assert.equal(addDays('2026-01-31', 1), '2026-02-01');
    assert.equal(addDays('2026-03-01', -1), '2026-02-28');
    assert.equal(addDays('2028-03-01', -1), '2028-02-29');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
    assert.equal(addDays('2026-11-20', -89), '2026-08-23');
    assert.throws(() => addDays('2026-02-30', 1), RangeError);
  });

  it('ends each preset today, today included', () => {
    assert.deepEqual(presetRange('7d', '2026-11-20'), { preset: '7d', from: '2026-11-14', to: '2026-11-20' });
    assert.deepEqual(presetRange('30d', '2026-11-20'), { preset: '30d', from: '2026-10-22', to: '2026-11-20' });
    assert.deepEqual(presetRange('90d', '2026-03-01'), { preset: '90d', from: '2025-12-02', to: '2026-03-01' });
  });

  it('asks the API up to the day after `to`, since its dateTo is exclusive', () => {
    assert.deepEqual(toQuery({ from: '2026-11-01', to: '2026-11-20' }), { dateFrom: '2026-11-01', dateTo: '2026-11-21' });
    assert.deepEqual(toQuery({ from: '2026-10-01', to: '2026-10-31' }), { dateFrom: '2026-10-01', dateTo: '2026-11-01' });
    assert.deepEqual(toQuery({ from: '2026-12-25', to: '2026-12-31' }), { dateFrom: '2026-12-25', dateTo: '2027-01-01' });
    assert.deepEqual(toQuery({ from: '2028-02-29', to: '2028-02-29' }), { dateFrom: '2028-02-29', dateTo: '2028-03-01' });
    assert.deepEqual(toQuery({ from: '2028-02-01', to: '2028-02-28' }), { dateFrom: '2028-02-01', dateTo: '2028-02-29' });
  });

  it('knows a range that ended before today', () => {
    assert.equal(endsBeforeToday({ from: '2026-11-01', to: '2026-11-19' }, '2026-11-20'), true);
    assert.equal(endsBeforeToday({ from: '2026-11-01', to: '2026-11-20' }, '2026-11-20'), false);
  });

  it('cuts a range into 7-day weeks from its first day, the last one shorter', () => {
    assert.deepEqual(weeksOf({ from: '2026-10-22', to: '2026-11-20' }), [
      { from: '2026-10-22', to: '2026-10-28' },
      { from: '2026-10-29', to: '2026-11-04' },
      { from: '2026-11-05', to: '2026-11-11' },
      { from: '2026-11-12', to: '2026-11-18' },
      { from: '2026-11-19', to: '2026-11-20' },
    ]);
    assert.deepEqual(weeksOf({ from: '2026-11-14', to: '2026-11-20' }), [{ from: '2026-11-14', to: '2026-11-20' }]);
    assert.deepEqual(weeksOf({ from: '2026-11-20', to: '2026-11-20' }), [{ from: '2026-11-20', to: '2026-11-20' }]);
    assert.equal(weeksOf({ from: '2026-08-23', to: '2026-11-20' }).length, 13);
  });

  it('explains why a custom range cannot be used', () => {
    const today = '2026-11-20';
    assert.equal(checkCustomRange('2026-11-01', '2026-11-20', today), undefined);
    assert.equal(checkCustomRange('2025-11-20', '2026-11-20', today), undefined, '366 days is allowed');
    assert.match(checkCustomRange('2026-02-30', '2026-03-05', today) ?? '', /start date "2026-02-30" is not a calendar date/);
    assert.match(checkCustomRange('2026-11-01', '11/20/2026', today) ?? '', /end date "11\/20\/2026" is not a calendar date/);
    assert.match(
      checkCustomRange('2026-11-10', '2026-11-01', today) ?? '',
      /start date \(2026-11-10\) is after the end date \(2026-11-01\)/,
    );
    assert.match(checkCustomRange('2026-11-01', '2026-11-21', today) ?? '', /end date \(2026-11-21\) is in the future/);
    assert.match(checkCustomRange('2025-11-19', '2026-11-20', today) ?? '', /spans 367 days; pick at most 366/);
    assert.equal(checkCustomRange('', '2026-11-20', today), 'Choose both days.');
  });

  it('applies the same check wherever a range arrives: presets always pass, a custom year and a day does not', () => {
    const today = '2026-11-20';
    assert.equal(rangeProblem({ preset: '90d', from: '2026-08-23', to: today }, today), undefined);
    assert.match(rangeProblem({ preset: 'custom', from: '2025-11-19', to: today }, today) ?? '', /pick at most 366/);
  });

  it('keeps a saved preset meaning "the last N days" when the page opens again', () => {
    assert.deepEqual(refreshPreset({ preset: '7d', from: '2026-01-01', to: '2026-01-07' }, '2026-11-20'), {
      preset: '7d',
      from: '2026-11-14',
      to: '2026-11-20',
    });
    const custom = { preset: 'custom' as const, from: '2026-01-01', to: '2026-01-07' };
    assert.equal(refreshPreset(custom, '2026-11-20'), custom);
  });

  it('labels presets and custom ranges', () => {
    assert.equal(rangeLabel({ preset: '30d', from: '2026-10-22', to: '2026-11-20' }), 'Last 30 days');
    assert.equal(rangeLabel({ preset: '7d', from: '2026-11-14', to: '2026-11-20' }), 'Last 7 days');
    assert.equal(rangeLabel({ preset: 'custom', from: '2026-11-01', to: '2026-11-20' }), 'Nov 1–20, 2026');
    assert.equal(rangeLabel({ preset: 'custom', from: '2026-10-29', to: '2026-11-04' }), 'Oct 29–Nov 4, 2026');
    assert.equal(rangeLabel({ preset: 'custom', from: '2025-12-20', to: '2026-01-05' }), 'Dec 20, 2025–Jan 5, 2026');
    assert.equal(rangeLabel({ preset: 'custom', from: '2026-02-09', to: '2026-02-09' }), 'Feb 9, 2026');
  });

  it('gives the panel’s header the same label with a preset’s days, and the trend its weeks without the year', () => {
    assert.equal(
      rangeLabel({ preset: '30d', from: '2026-10-22', to: '2026-11-20' }, { withDays: true }),
      'Last 30 days · Oct 22–Nov 20, 2026',
    );
    assert.equal(rangeLabel({ preset: 'custom', from: '2026-11-01', to: '2026-11-20' }, { withDays: true }), 'Nov 1–20, 2026');
    assert.equal(formatDays('2026-11-01', '2026-11-07', false), 'Nov 1–7');
  });
});
