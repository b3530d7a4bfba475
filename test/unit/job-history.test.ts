// A job's record as it is kept: what an older or damaged file holds is read as far as it can be,
// and never costs the job itself.
import * as assert from 'node:assert/strict';
import { finishEvent, maxStoredEvents, readHistory, withEvent, withReviewNoted, withTaken } from '../../src/jobs/job-history';
import type { AgentJob } from '../../src/api/types';

describe('a job’s record', () => {
  const job = (rawStatus: string, prLink: string | null = null): AgentJob =>
    ({
      id: 'j',
      status: rawStatus,
      rawStatus,
      repository: '',
      ref: null,
      model: '',
      prLink,
      createdAt: null,
      archivedAt: null,
    }) as AgentJob;
  const terminal = (j: AgentJob): boolean => ['completed', 'failed', 'archived'].includes(j.status);
  const at = '2026-11-27T10:00:00.000Z';

  it('records a finish when the job finishes, or finishes differently, and not for the same answer again', () => {
    assert.deepEqual(finishEvent(job('active'), job('completed', 'https://github.com/a/b/pull/3'), at, terminal), {
      kind: 'finished',
      at,
      status: 'completed',
      prLink: 'https://github.com/a/b/pull/3',
    });
    assert.equal(finishEvent(job('completed', 'x'), job('completed', 'x'), at, terminal), undefined);
    assert.equal(finishEvent(job('active'), job('active'), at, terminal), undefined);
    assert.deepEqual(finishEvent(job('completed'), job('archived'), at, terminal), { kind: 'finished', at, status: 'archived' });
  });

  it('keeps the latest events only, and notes a review on the last follow-up', () => {
    let history = withEvent(undefined, { kind: 'followUp', at, text: 'first' });
    for (let i = 0; i < maxStoredEvents + 5; i++) history = withEvent(history, { kind: 'finished', at, status: 'completed' });
    assert.equal(history.length, maxStoredEvents);
    const followed = withEvent(withEvent([], { kind: 'followUp', at, text: 'a' }), { kind: 'followUp', at, text: 'b' });
    assert.deepEqual(withReviewNoted(followed, 3), [
      { kind: 'followUp', at, text: 'a' },
      { kind: 'followUp', at, text: 'b', review: 3 },
    ]);
  });

  it('reads what it can of a stored record: unknown or damaged events are left out, the rest kept', () => {
    assert.equal(readHistory(undefined), undefined);
    assert.deepEqual(
      readHistory([
        { kind: 'followUp', at, text: 'Shorten it', review: 2 },
        { kind: 'finished', at, status: 'failed' },
        { kind: 'merged', at },
        { kind: 'followUp', at: 'yesterday', text: 'x' },
        { kind: 'followUp', at, text: 'y', review: -1 },
        'junk',
      ]),
      [
        { kind: 'followUp', at, text: 'Shorten it', review: 2 },
        { kind: 'finished', at, status: 'failed' },
        { kind: 'followUp', at, text: 'y' },
      ],
    );
  });

  it('keeps one count of the hunks taken per stretch of applying, and reads it back', () => {
    const taken = (applied: number, at: string) => ({ kind: 'taken' as const, at, applied, total: 4, files: applied ? 1 : 0 });
    const followUp = { kind: 'followUp' as const, at: '2026-11-28T10:00:00.000Z', text: 'More' };
    let history = withTaken([followUp], taken(1, '2026-11-28T10:01:00.000Z'));
    history = withTaken(history, taken(2, '2026-11-28T10:02:00.000Z'));
    assert.deepEqual(history, [followUp, taken(2, '2026-11-28T10:02:00.000Z')], 'the newer count stands for the older');
    const later = withTaken(withEvent(history, followUp), taken(0, '2026-11-28T10:03:00.000Z'));
    assert.equal(later.filter((e) => e.kind === 'taken').length, 2, 'a follow-up between keeps both');
    assert.deepEqual(readHistory(JSON.parse(JSON.stringify(later))), later);
    assert.deepEqual(readHistory([{ ...taken(1, '2026-11-28T10:01:00.000Z'), applied: -1 }]), [], 'a damaged count is left out');
  });
});
