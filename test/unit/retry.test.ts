import * as assert from 'node:assert/strict';
import { CancelledError } from '../../src/api/errors';
import { backoffDelay, parseRetryAfter, sleep } from '../../src/api/retry';
import { formatWait } from '../../src/api/wait-text';

describe('retry timing', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');

  it('reads Retry-After as seconds', () => {
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
  });

  it('reads Retry-After as an HTTP date, never negative', () => {
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 10:01:30 GMT', now), 90_000);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now), 0);
  });

  it('ignores a missing or unreadable Retry-After', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
  });

  it('backs off exponentially with jitter, up to the cap', () => {
    const policy = { baseMs: 100, capMs: 1000 };
    assert.equal(
      backoffDelay(1, policy, () => 0),
      50,
    );
    assert.equal(
      backoffDelay(1, policy, () => 1),
      100,
    );
    assert.equal(
      backoffDelay(3, policy, () => 1),
      400,
    );
    assert.equal(
      backoffDelay(10, policy, () => 1),
      1000,
    );
    assert.equal(
      backoffDelay(10, policy, () => 0),
      500,
    );
  });

  it('ends a wait at once when cancelled', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort();
    await assert.rejects(waiting, CancelledError);
    await assert.rejects(sleep(10, controller.signal), CancelledError);
  });

  it('says waits in words a person reads', () => {
    assert.equal(formatWait(1), '1 second');
    assert.equal(formatWait(45_000), '45 seconds');
    assert.equal(formatWait(12 * 60_000), '12 minutes');
    assert.equal(formatWait(3 * 3600_000), '3 hours');
  });
});
