import * as assert from 'node:assert/strict';
import {
  AuthError,
  CancelledError,
  InvalidApiKeyError,
  InvalidSettingError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RestrictedModeError,
  ServerError,
  TimeoutError,
} from '../../src/api/errors';
import { PollScheduler, type SchedulerState } from '../../src/jobs/poll-scheduler';
import { type CheckVerdict, defaultPollSettings, pacedWaits, type PollSettings } from '../../src/jobs/poll-timing';
import { FakeClock, flushPromises } from '../support/fakes/fake-clock';

/** A check the test settles by hand, to hold it in flight. */
class Gate {
  settle!: (reply: CheckVerdict | Error) => void;
  readonly promise = new Promise<CheckVerdict>((resolve, reject) => {
    this.settle = (reply) => (reply instanceof Error ? reject(reply) : resolve(reply));
  });
}
type Reply = CheckVerdict | Error | Gate;

const disposers: (() => void)[] = [];

/** A scheduler over a fake clock and a scripted check that records every call ('unchanged' when unscripted). */
function harness(options: { settings?: Partial<PollSettings>; focused?: boolean; syncThrow?: Error } = {}) {
  const clock = new FakeClock(0);
  const calls: { key: string; at: number; signal: AbortSignal }[] = [];
  const scripts = new Map<string, Reply[]>();
  const running: string[] = [];
  const peak = { total: 0, perKey: 0 };
  const states: SchedulerState[] = [];
  const checkErrors: { key: string; error: unknown }[] = [];

  const check = async (key: string, signal: AbortSignal): Promise<CheckVerdict> => {
    calls.push({ key, at: clock.now(), signal });
    const reply = scripts.get(key)?.shift() ?? 'unchanged';
    running.push(key);
    peak.total = Math.max(peak.total, running.length);
    peak.perKey = Math.max(peak.perKey, running.filter((k) => k === key).length);
    try {
      if (reply instanceof Error) throw reply;
      if (!(reply instanceof Gate)) return reply;
      // Like the real client: an abort ends the request with CancelledError.
      return await new Promise<CheckVerdict>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(new CancelledError()), { once: true });
        reply.promise.then(resolve, reject);
      });
    } finally {
      running.splice(running.indexOf(key), 1);
    }
  };

  const gate = (key: string): Gate => {
    const held = new Gate();
    scripts.set(key, [held]);
    return held;
  };
  const throwing = (): Promise<CheckVerdict> => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a check that throws something other than an Error, on purpose
    throw options.syncThrow;
  };
  const scheduler = new PollScheduler({
    clock,
    check: options.syncThrow ? throwing : check,
    isFocused: () => options.focused ?? true,
    settings: options.settings,
    onStateChange: (state) => states.push(state),
    onCheckError: (key, error) => checkErrors.push({ key, error }),
  });
  disposers.push(() => scheduler.dispose());
  return {
    clock,
    scheduler,
    calls,
    peak,
    checkErrors,
    script: (key: string, ...replies: Reply[]) => scripts.set(key, replies),
    gate,
    times: (key: string) => calls.filter((c) => c.key === key).map((c) => c.at),
    kinds: () => states.map((s) => ('until' in s ? `${s.kind}@${s.until}` : s.kind)),
  };
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);
const network = () => new NetworkError('connection refused', 'ECONNREFUSED');

describe('PollScheduler', () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  before(() => process.on('unhandledRejection', onRejection));
  after(() => process.off('unhandledRejection', onRejection));
  afterEach(async () => {
    disposers.splice(0).forEach((dispose) => dispose());
    await flushPromises();
    assert.deepEqual(rejections.splice(0), [], 'no unhandled rejection');
  });

  it('is idle with no timer until a key is watched, then checks after firstDelayMs', async () => {
    const h = harness();
    assert.equal(h.clock.pending(), 0);
    assert.deepEqual(h.scheduler.state, { kind: 'idle' });
    h.scheduler.watch('a');
    assert.equal(h.clock.pending(), 1);
    assert.equal(h.clock.nextDueIn(), 3_000);
    await h.clock.advance(2_999);
    assert.deepEqual(h.times('a'), []);
    await h.clock.advance(1);
    assert.deepEqual(h.times('a'), [3_000]);
    assert.deepEqual(h.kinds(), ['polling']);
  });

  it("backs off 5s, 7.5s, ... up to maxIntervalMs while unchanged, and 'changed' resets it", async () => {
    const h = harness();
    h.script('a', 'changed', ...Array<CheckVerdict>(8).fill('unchanged'), 'changed');
    h.scheduler.watch('a');
    await h.clock.advance(300_000);
    const backoff = [5_000, 7_500, 11_250, 16_875, 25_312.5, 37_968.75, 56_953.125, 60_000, 60_000];
    assert.deepEqual(gaps(h.times('a')), [...backoff, 5_000, 7_500]);
    assert.equal(h.clock.pending(), 1, 'one timer at a time');
  });

  it('at a test pace of 10, every wait is a tenth, the settings given later too, and the ratios stay', async () => {
    // As the job tracker hands them over at a pace of 10: the defaults' waits, then a setting's.
    const h = harness({ settings: pacedWaits(defaultPollSettings, 10) });
    h.script('a', 'changed', ...Array<CheckVerdict>(8).fill('unchanged'));
    h.scheduler.watch('a');
    await h.clock.advance(30_000);
    const backoff = [500, 750, 1_125, 1_687.5, 2_531.25, 3_796.875, 5_695.3125, 6_000];
    assert.deepEqual(h.times('a')[0], 300);
    assert.deepEqual(gaps(h.times('a')).slice(0, backoff.length), backoff);
    h.scheduler.updateSettings(pacedWaits({ maxIntervalMs: 20_000 }, 10));
    const before = h.times('a').length;
    await h.clock.advance(10_000);
    assert.deepEqual(new Set(gaps(h.times('a').slice(before))), new Set([2_000]), 'the new cap, paced');
  });

  it("uses slowIntervalMs for 'slow'; 'stop' and unwatch end polling and leave no timer", async () => {
    const h = harness();
    h.script('a', 'slow', 'stop');
    h.scheduler.watch('a');
    h.scheduler.watch('b');
    await h.clock.advance(1_000_000);
    assert.deepEqual(h.times('a'), [3_000, 303_000]);
    assert.deepEqual(h.scheduler.watched(), ['b']);
    h.scheduler.unwatch('b');
    assert.equal(h.clock.pending(), 0);
    const checks = h.calls.length;
    await h.clock.advance(600_000);
    assert.equal(h.calls.length, checks);
    assert.deepEqual(h.kinds(), ['polling', 'idle'], 'state events only on real changes');
  });

  it('stretches intervals 4x while unfocused, but not a first check or a wake', async () => {
    const h = harness({ focused: false });
    h.script('a', 'changed', 'unchanged');
    h.scheduler.watch('a');
    await h.clock.advance(60_000);
    assert.deepEqual(h.times('a'), [3_000, 23_000, 53_000]);
    h.scheduler.watch('a'); // a wake is an action: focus does not stretch it
    await h.clock.advance(3_000);
    assert.deepEqual(h.times('a'), [3_000, 23_000, 53_000, 63_000]);
  });

  it('checks at once on refocus only when overdue, and moves the timer on blur', async () => {
    const h = harness({ focused: false });
    h.script('a', 'changed', 'changed');
    h.scheduler.watch('a');
    await h.clock.advance(6_000);
    h.scheduler.setFocused(true); // due at 8000: not yet
    h.scheduler.setFocused(false);
    await h.clock.advance(4_000);
    assert.deepEqual(h.times('a'), [3_000]);
    h.scheduler.setFocused(true);
    await flushPromises();
    assert.deepEqual(h.times('a'), [3_000, 10_000]);
    assert.equal(h.clock.nextDueIn(), 5_000);
    h.scheduler.setFocused(false);
    assert.equal(h.clock.nextDueIn(), 20_000);
  });

  it('wakes a watched key after firstDelayMs at the base interval, even from a check saying stop', async () => {
    const h = harness();
    h.scheduler.watch('a');
    await h.clock.advance(25_000);
    h.scheduler.watch('a');
    await h.clock.advance(20_000);
    assert.deepEqual(h.times('a'), [3_000, 10_500, 21_750, 28_000, 35_500]);
    const gate = h.gate('a');
    await h.clock.advance(1_750);
    h.scheduler.watch('a'); // a follow-up was sent while the check was running
    gate.settle('stop');
    await h.clock.advance(3_000);
    assert.deepEqual(h.scheduler.watched(), ['a']);
    assert.deepEqual(h.times('a').slice(-2), [46_750, 49_750]);
  });

  it('pauses every key until Retry-After on a 429, then resumes', async () => {
    const h = harness();
    h.script('a', new RateLimitedError('slow down', 30_000, 3_000));
    h.scheduler.watch('a');
    h.scheduler.watch('b', { delayMs: 4_000 });
    await h.clock.advance(3_000);
    assert.equal(h.scheduler.state.kind, 'rateLimited');
    assert.equal(h.clock.nextDueIn(), 30_000);
    await h.scheduler.checkNow('b');
    await h.clock.advance(29_999);
    assert.deepEqual(
      h.calls.map((c) => c.key),
      ['a'],
      'nothing is sent during the pause',
    );
    await h.clock.advance(1);
    assert.deepEqual([h.times('a'), h.times('b')], [[3_000, 33_000], [33_000]]);
    assert.deepEqual(h.kinds(), ['polling', 'rateLimited@33000', 'polling']);
  });

  it('pauses rateLimitPauseMs after a 429 without Retry-After', async () => {
    const h = harness();
    h.script('a', new RateLimitedError('slow down', undefined, 3_000));
    h.scheduler.watch('a');
    await h.clock.advance(75_000);
    assert.deepEqual(h.times('a'), [3_000, 63_000, 70_500]);
  });

  it('backs off while offline, doubling, and a success resets the count', async () => {
    const h = harness();
    h.script(
      'a',
      network(),
      new TimeoutError('timed out', 'response'),
      new ServerError('bad gateway', 502, undefined),
      'changed',
      network(),
    );
    h.scheduler.watch('a');
    await h.clock.advance(50_000);
    assert.deepEqual(h.times('a'), [3_000, 8_000, 18_000, 38_000, 43_000, 48_000]);
    assert.deepEqual(h.kinds(), ['polling', 'offline@8000', 'offline@18000', 'offline@38000', 'polling', 'offline@48000', 'polling']);
  });

  it('caps the offline backoff at offlineMaxMs and holds other keys meanwhile', async () => {
    const h = harness({ settings: { offlineMaxMs: 12_000 } });
    h.script('a', network(), network(), network(), network());
    h.script('b', network(), network(), network());
    h.scheduler.watch('a');
    h.scheduler.watch('b', { delayMs: 4_000 });
    await h.clock.advance(45_000);
    assert.deepEqual(gaps(h.times('a')), [5_000, 10_000, 12_000, 12_000]);
    assert.deepEqual(h.times('b'), [8_000, 18_000, 30_000, 42_000], 'both fail together: one failure each round');
  });

  it('lets checkNow through while offline, and its success ends the offline state', async () => {
    const h = harness();
    h.script('a', network());
    h.scheduler.watch('a');
    await h.clock.advance(4_000);
    assert.equal(h.scheduler.state.kind, 'offline');
    await h.scheduler.checkNow('a');
    assert.deepEqual(h.times('a'), [3_000, 4_000]);
    assert.deepEqual(h.scheduler.state, { kind: 'polling' });
  });

  for (const error of [
    new AuthError('unauthorized', 401, undefined),
    new InvalidApiKeyError('not an admin key'),
    new InvalidSettingError('not a proxy address', 'http.proxy'),
    new RestrictedModeError('Restricted Mode'),
  ]) {
    it(`stops every timer on ${error.name} until resume()`, async () => {
      const h = harness();
      h.script('a', error);
      h.scheduler.watch('a');
      await h.clock.advance(3_000);
      assert.deepEqual(h.scheduler.state, { kind: 'blocked', error });
      h.scheduler.watch('b');
      assert.equal(h.clock.pending(), 0);
      await h.clock.advance(3_600_000);
      assert.deepEqual(h.times('a'), [3_000]);
      h.scheduler.resume();
      assert.equal(h.scheduler.state.kind, 'polling');
      await h.clock.advance(3_000);
      assert.deepEqual([h.times('a'), h.times('b')], [[3_000, 3_606_000], [3_606_000]]);
    });

    it(`lets a manual check probe while blocked by ${error.name}; its success resumes every job`, async () => {
      const h = harness();
      h.script('a', error, error);
      h.scheduler.watch('a');
      h.scheduler.watch('b', { delayMs: 10_000 });
      await h.clock.advance(3_000);
      await h.scheduler.checkNow('a');
      assert.deepEqual(h.scheduler.state, { kind: 'blocked', error }, 'the probe failed the same way');
      assert.equal(h.clock.pending(), 0);
      await h.clock.advance(60_000);
      await h.scheduler.checkNow('a');
      assert.equal(h.scheduler.state.kind, 'polling');
      await h.clock.advance(3_000);
      assert.deepEqual([h.times('a'), h.times('b')], [[3_000, 3_000, 63_000], [66_000]], 'a was just checked; b wakes with the rest');
    });
  }

  for (const refusal of [
    new InvalidSettingError('not your service address any more', 'docsAgent.baseUrl'),
    new AuthError('not allowed to see this project', 403, undefined),
  ]) {
    it(`a refusal of one job (${refusal.name}${refusal.status ? ` ${refusal.status}` : ''}) slows that job alone: the others are checked on and finish; a 401 still stops all`, async () => {
      const h = harness();
      h.script('refused', ...Array<Error>(100).fill(refusal));
      h.script('other', ...Array<CheckVerdict>(20).fill('unchanged'), 'stop');
      h.scheduler.watch('refused');
      h.scheduler.watch('other');
      await h.clock.advance(3_600_000);
      assert.equal(h.times('other').length, 21, 'checked until it finished');
      assert.ok(h.times('refused').length <= 13, `the refused job is checked every 5 minutes at most: ${h.times('refused').length}`);
      assert.ok(gaps(h.times('refused')).every((gap) => gap >= 300_000));
      assert.ok(h.checkErrors.length > 0 && h.checkErrors.every((e) => e.key === 'refused' && e.error === refusal));
      assert.ok(!h.kinds().includes('blocked'), `never blocked: ${h.kinds().join(', ')}`);

      h.script('third', new AuthError('unauthorized', 401, undefined));
      h.scheduler.watch('third');
      await h.clock.advance(3_000);
      assert.equal(h.scheduler.state.kind, 'blocked');
      const refusedChecks = h.times('refused').length;
      await h.clock.advance(3_600_000);
      assert.deepEqual(
        [h.times('refused').length, h.times('third').length],
        [refusedChecks, 1],
        'nothing checked after the key was refused',
      );
    });
  }

  it('never runs two checks of one key at once (slow check, checkNow, timer)', async () => {
    const h = harness();
    const gate = h.gate('a');
    h.scheduler.watch('a');
    await h.clock.advance(3_000);
    const first = h.scheduler.checkNow('a');
    assert.equal(h.scheduler.checkNow('a'), first, 'the running check is shared');
    await h.clock.advance(600_000);
    assert.equal(h.calls.length, 1);
    gate.settle('changed');
    await first;
    await h.clock.advance(5_000);
    assert.deepEqual(h.times('a'), [3_000, 608_000]);
    assert.equal(h.peak.perKey, 1);
  });

  it('keeps at most maxConcurrent checks running; the rest start as slots free', async () => {
    const h = harness();
    const keys = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'];
    const gates = keys.map(h.gate);
    keys.forEach((key) => h.scheduler.watch(key));
    await h.clock.advance(3_000);
    assert.deepEqual(
      h.calls.map((c) => c.key),
      ['k1', 'k2', 'k3', 'k4'],
    );
    gates[0].settle('unchanged');
    await h.clock.advance(1_000);
    gates[1].settle(network()); // an offline failure holds the rest back too
    await h.clock.advance(1_000);
    assert.deepEqual(
      h.calls.map((c) => `${c.key}@${c.at}`),
      ['k1@3000', 'k2@3000', 'k3@3000', 'k4@3000', 'k5@3000'],
    );
    await h.clock.advance(5_000);
    assert.deepEqual(h.times('k6'), [9_000]);
    assert.equal(h.peak.total, 4);
  });

  it('checks an unwatched key once with checkNow, without polling it', async () => {
    const h = harness();
    await h.scheduler.checkNow('x');
    await h.clock.advance(600_000);
    assert.deepEqual(h.times('x'), [0]);
    assert.deepEqual(h.scheduler.watched(), []);
    assert.equal(h.clock.pending(), 0);
    assert.deepEqual(h.scheduler.state, { kind: 'idle' });
  });

  it('aborts the running check on dispose and then does nothing', async () => {
    const h = harness();
    const gate = h.gate('a');
    h.scheduler.watch('a');
    await h.clock.advance(3_000);
    h.scheduler.dispose();
    assert.equal(h.calls[0].signal.aborted, true);
    assert.equal(h.clock.pending(), 0);
    gate.settle('changed');
    h.scheduler.watch('b');
    await h.scheduler.checkNow('c');
    await h.clock.advance(600_000);
    assert.equal(h.calls.length, 1);
    assert.equal(h.clock.pending(), 0);
  });

  it('ignores a check that settles after its key was unwatched', async () => {
    const h = harness();
    const gate = h.gate('a');
    h.scheduler.watch('a');
    await h.clock.advance(3_000);
    h.scheduler.unwatch('a');
    gate.settle(network());
    await h.clock.advance(1_000);
    assert.deepEqual(h.kinds(), ['polling', 'idle']);
    assert.equal(h.clock.pending(), 0);
    h.scheduler.watch('a');
    await h.clock.advance(3_000);
    assert.deepEqual(h.times('a'), [3_000, 7_000], 'not held back by the ignored failure');
  });

  it('reports per-key errors and keeps polling that key slowly', async () => {
    const h = harness();
    const boom = new Error('boom');
    h.script('a', boom, new MalformedResponseError('no status', 'status', 200), 'changed');
    h.script('b', new NotFoundError('gone', undefined));
    h.scheduler.watch('a');
    h.scheduler.watch('b');
    await h.clock.advance(610_000);
    assert.deepEqual(h.times('a'), [3_000, 303_000, 603_000, 608_000]);
    assert.deepEqual(
      h.checkErrors.map((e) => e.key),
      ['a', 'b', 'a'],
    );
    assert.equal(h.checkErrors[0].error, boom);
    assert.deepEqual(h.kinds(), ['polling']);
  });

  it('ignores CancelledError and keeps the interval', async () => {
    const h = harness();
    h.script('a', 'changed', new CancelledError());
    h.scheduler.watch('a');
    await h.clock.advance(13_000);
    assert.deepEqual(h.times('a'), [3_000, 8_000, 13_000]);
    assert.deepEqual(h.checkErrors, []);
  });

  it('catches a check that throws synchronously', async () => {
    const h = harness({ syncThrow: new TypeError('not a promise') });
    h.scheduler.watch('a', { delayMs: 0 });
    await h.clock.advance(0);
    assert.equal(h.checkErrors.length, 1);
    assert.equal(h.clock.nextDueIn(), 300_000);
  });

  it('applies updated settings to the next interval', async () => {
    const h = harness();
    h.script('a', 'changed');
    h.scheduler.watch('a');
    h.scheduler.updateSettings({ baseIntervalMs: 2_000 });
    await h.clock.advance(5_000);
    assert.deepEqual(h.times('a'), [3_000, 5_000]);
  });
});
