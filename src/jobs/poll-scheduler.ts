// One scheduler for every watched job, on a single setTimeout chain: at most one timer is
// pending, set for the earliest due key (or for the end of a global pause). Global failures (429,
// offline, bad key) pause every key at once; per-key failures (a job's own refusal too) slow that key.
import { type ApiError, CancelledError, RateLimitedError } from '../api/errors';
import {
  type CheckVerdict,
  type KeyTiming,
  type PollSettings,
  defaultPollSettings,
  dueKeys,
  intervalAfter,
  isBlockingError,
  isOfflineError,
  mergeSettings,
  offlineBackoff,
  wokenTiming,
} from './poll-timing';
import { type Clock } from '../platform/clock';

type Pause =
  | { kind: 'rateLimited'; until: number; error: RateLimitedError }
  /** NetworkError | TimeoutError | ServerError; lasts past `until` up to the first success. */
  | { kind: 'offline'; until: number; error: ApiError };

export type SchedulerState =
  /** Nothing watched, no timer. */
  | { kind: 'idle' }
  | { kind: 'polling' }
  | Pause
  /** A refused key (401), a missing one, a machine-wide setting, Restricted Mode: no timer until resume(). */
  | { kind: 'blocked'; error: ApiError };

export interface SchedulerDeps {
  clock: Clock;
  /** Checks one key once. Throws ApiErrors for failures. */
  check: (key: string, signal: AbortSignal) => Promise<CheckVerdict>;
  isFocused: () => boolean;
  settings?: Partial<PollSettings>;
  onStateChange?: (state: SchedulerState) => void;
  /** A per-key failure that is not global (e.g. MalformedResponseError, NotFoundError, any non-ApiError). */
  onCheckError?: (key: string, error: unknown) => void;
}

interface Flight {
  controller: AbortController;
  done: Promise<void>;
}

type Outcome = { verdict: CheckVerdict } | { error: unknown };

export class PollScheduler {
  private readonly deps: SchedulerDeps;
  private settings: PollSettings;
  private focused: boolean;
  /** Entries are replaced (never mutated) by watch()/resume(), so a check started before can tell it is stale. */
  private readonly keys = new Map<string, KeyTiming>();
  private readonly inFlight = new Map<string, Flight>();
  private pause: Pause | undefined;
  private blockedBy: ApiError | undefined;
  private offlineFailures = 0;
  /** Bumped per counted offline failure: checks already running when one came do not count again. */
  private offlineSeq = 0;
  private timer: unknown;
  private hasTimer = false;
  private current: SchedulerState = { kind: 'idle' };
  private disposed = false;

  constructor(deps: SchedulerDeps) {
    this.deps = deps;
    this.settings = mergeSettings(defaultPollSettings, deps.settings);
    this.focused = deps.isFocused();
  }

  get state(): SchedulerState {
    return this.current;
  }

  watched(): string[] {
    return [...this.keys.keys()];
  }

  /**
   * Starts (or keeps) polling `key`: its next check comes `delayMs` (default firstDelayMs) from
   * now, with the interval back at baseIntervalMs. For a watched key this is the wake after a
   * follow-up; a check already running for it no longer decides its schedule.
   */
  watch(key: string, options: { delayMs?: number } = {}): void {
    if (this.disposed) return;
    const asked = options.delayMs ?? this.settings.firstDelayMs;
    const delay = Number.isFinite(asked) ? Math.max(0, asked) : this.settings.firstDelayMs; // NaN would never fall due
    this.keys.set(key, wokenTiming(this.keys.get(key), this.deps.clock.now(), delay, this.settings));
    this.plan();
  }

  unwatch(key: string): void {
    if (this.disposed || !this.keys.delete(key)) return;
    this.plan();
  }

  /**
   * A manual refresh: checks now, also an unwatched key (once), also while offline, and while
   * blocked as a probe (the key may have been fixed on the dashboard: a success lifts the block).
   * Sends nothing while rate limited. Shares a running check of the key. Never rejects.
   */
  checkNow(key: string): Promise<void> {
    const running = this.inFlight.get(key);
    if (running) return running.done;
    if (this.disposed || this.isRateLimited()) return Promise.resolve();
    // Manual refreshes do not wait for a slot: the user asked for them now.
    const done = this.start(key);
    this.plan();
    return done;
  }

  /** Re-plans; on refocus, keys whose focused due time has passed are checked at once. */
  setFocused(focused: boolean): void {
    if (this.disposed) return;
    this.focused = focused;
    this.plan();
  }

  /** The key or settings changed: forget blocked/offline/rate-limited, check every key soon. */
  resume(): void {
    if (this.disposed) return;
    this.wakeAll();
    this.plan();
  }

  private wakeAll(): void {
    this.blockedBy = undefined;
    this.pause = undefined;
    this.offlineFailures = 0;
    for (const [key, timing] of this.keys) {
      this.keys.set(key, wokenTiming(timing, this.deps.clock.now(), this.settings.firstDelayMs, this.settings));
    }
  }

  updateSettings(settings: Partial<PollSettings>): void {
    if (this.disposed) return;
    this.settings = mergeSettings(this.settings, settings);
    this.plan();
  }

  /** Clears the timer and aborts running checks; later calls do nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.clearTimer();
    for (const flight of this.inFlight.values()) flight.controller.abort();
    this.inFlight.clear();
    this.keys.clear();
  }

  private isRateLimited(): boolean {
    return this.pause?.kind === 'rateLimited' && this.deps.clock.now() < this.pause.until;
  }

  /** Starts a check of `key`; the returned promise never rejects. */
  private start(key: string): Promise<void> {
    const controller = new AbortController();
    const flight: Flight = { controller, done: Promise.resolve() };
    this.inFlight.set(key, flight);
    flight.done = this.run(key, this.keys.get(key), flight);
    return flight.done;
  }

  private async run(key: string, timing: KeyTiming | undefined, flight: Flight): Promise<void> {
    const seqAtStart = this.offlineSeq;
    let outcome: Outcome;
    try {
      // Deferred a tick: a check that calls back into the scheduler never re-enters plan().
      await Promise.resolve();
      outcome = { verdict: await this.deps.check(key, flight.controller.signal) };
    } catch (error) {
      outcome = { error };
    }
    if (this.disposed || this.inFlight.get(key) !== flight) return;
    this.inFlight.delete(key);
    // Watched when it started but unwatched since: the answer no longer matters.
    if (timing === undefined || this.keys.has(key)) this.apply(key, timing, outcome, seqAtStart);
    this.plan();
  }

  /** Turns a check's outcome into global state and, if the key's entry is still current, its next due time. */
  private apply(key: string, startTiming: KeyTiming | undefined, outcome: Outcome, seqAtStart: number): void {
    const now = this.deps.clock.now();
    const timing = startTiming !== undefined && this.keys.get(key) === startTiming ? startTiming : undefined;
    const reschedule = (intervalMs: number, dueAt = now + intervalMs): void => {
      if (timing) this.keys.set(key, { intervalMs, lastCheckAt: now, dueAt, pinned: false });
    };

    if ('verdict' in outcome) {
      this.offlineFailures = 0;
      if (this.pause?.kind === 'offline') this.pause = undefined;
      // A manual probe got through: the key works again, so every job is checked soon.
      if (this.blockedBy) this.wakeAll();
      if (!timing) return;
      if (outcome.verdict === 'stop') this.keys.delete(key);
      else reschedule(intervalAfter(outcome.verdict, timing.intervalMs, this.settings));
      return;
    }

    const { error } = outcome;
    const interval = timing?.intervalMs ?? 0;
    if (error instanceof CancelledError) {
      // Keep the interval but move on: a due time left in the past would re-run at once, forever.
      reschedule(interval);
    } else if (error instanceof RateLimitedError) {
      const until = Math.max(now + (error.retryAfterMs ?? this.settings.rateLimitPauseMs), this.pauseEnd(now));
      this.pause = { kind: 'rateLimited', until, error };
      this.offlineFailures = 0; // the server answered, so the network is fine
      reschedule(interval, until);
    } else if (isOfflineError(error)) {
      // Checks that were already running when a failure came fail for the same outage.
      if (this.offlineSeq === seqAtStart || this.pause?.kind !== 'offline') {
        this.offlineSeq++;
        this.offlineFailures++;
        const until = Math.max(now + offlineBackoff(this.offlineFailures, this.settings), this.pauseEnd(now));
        this.pause = { kind: 'offline', until, error };
      }
      reschedule(interval, this.pause?.until ?? now);
    } else if (isBlockingError(error)) {
      this.blockedBy = error;
    } else {
      this.report(key, error);
      reschedule(this.settings.slowIntervalMs);
    }
  }

  /** End of a pause still running, so a new pause never shortens it. */
  private pauseEnd(now: number): number {
    return this.pause && this.pause.until > now ? this.pause.until : 0;
  }

  /** The one place that starts scheduled checks and sets the timer; every change ends here. */
  private plan(): void {
    if (this.disposed) return;
    const now = this.deps.clock.now();
    if (this.pause?.kind === 'rateLimited' && now >= this.pause.until) this.pause = undefined;
    this.clearTimer();
    if (!this.blockedBy && this.keys.size > 0) {
      if (this.pause && now < this.pause.until) {
        this.setTimer(this.pause.until - now);
      } else {
        const { due, next } = dueKeys(this.keys, (key) => this.inFlight.has(key), this.focused, this.settings, now);
        for (const key of due) {
          if (this.inFlight.size >= this.settings.maxConcurrent) break;
          void this.start(key);
        }
        // With every slot taken, the next check waits for one to free up, not for a timer.
        if (next !== undefined && this.inFlight.size < this.settings.maxConcurrent) this.setTimer(next - now);
      }
    }
    this.publishState();
  }

  private setTimer(ms: number): void {
    this.hasTimer = true;
    this.timer = this.deps.clock.setTimeout(
      () => {
        this.hasTimer = false;
        this.plan();
      },
      Math.max(0, ms),
    );
  }

  private clearTimer(): void {
    if (!this.hasTimer) return;
    this.hasTimer = false;
    this.deps.clock.clearTimeout(this.timer);
  }

  private derivedState(): SchedulerState {
    if (this.blockedBy) return { kind: 'blocked', error: this.blockedBy };
    if (this.keys.size === 0) return { kind: 'idle' };
    if (this.pause) return { ...this.pause };
    return { kind: 'polling' };
  }

  private publishState(): void {
    const next = this.derivedState();
    const until = (state: SchedulerState): number | undefined => ('until' in state ? state.until : undefined);
    if (next.kind === this.current.kind && until(next) === until(this.current)) return;
    this.current = next;
    try {
      this.deps.onStateChange?.(next);
    } catch {
      // A failing listener must not break the timer chain.
    }
  }

  private report(key: string, error: unknown): void {
    try {
      this.deps.onCheckError?.(key, error);
    } catch {
      // Same as above: the listener's failure is its own.
    }
  }
}
