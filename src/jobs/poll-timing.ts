// The poller's timing rules as plain functions over plain data, so the scheduler keeps only
// the bookkeeping and the arithmetic can be read on its own. No vscode import.
import {
  type ApiError,
  AuthError,
  InvalidApiKeyError,
  InvalidSettingError,
  NetworkError,
  RestrictedModeError,
  ServerError,
  TimeoutError,
} from '../api/errors';
import { jobRefusalOf } from './job-refusal';

/** Time and timers, injected so tests drive the scheduler with a fake clock. */
/** What one check found; the scheduler turns it into the next delay. */
export type CheckVerdict = 'changed' | 'unchanged' | 'slow' | 'stop';

export interface PollSettings {
  /** First check after a create / follow-up / wake. */
  firstDelayMs: number;
  /** Interval right after a change. */
  baseIntervalMs: number;
  /** Cap of the backoff while nothing changes. */
  maxIntervalMs: number;
  /** Interval *= growth after each 'unchanged'. */
  growth: number;
  /** For 'slow' (unknown status) and unexpected per-job errors. */
  slowIntervalMs: number;
  /** Intervals are this much longer while the window is unfocused. */
  unfocusedFactor: number;
  /** Checks running at once. */
  maxConcurrent: number;
  /** Pause after a 429 without Retry-After. */
  rateLimitPauseMs: number;
  /** First wait after a network/timeout/5xx failure. */
  offlineBaseMs: number;
  /** Cap of that backoff (it doubles with each consecutive failure). */
  offlineMaxMs: number;
}

export const defaultPollSettings: PollSettings = Object.freeze({
  firstDelayMs: 3_000,
  baseIntervalMs: 5_000,
  maxIntervalMs: 60_000,
  growth: 1.5,
  slowIntervalMs: 300_000,
  unfocusedFactor: 4,
  maxConcurrent: 4,
  rateLimitPauseMs: 60_000,
  offlineBaseMs: 5_000,
  offlineMaxMs: 300_000,
});

/**
 * Merges overrides into `base`. Settings come from user configuration, so a missing or
 * nonsensical value keeps the previous one rather than stalling (0 slots) or spinning
 * (negative or NaN delays, a growth that shrinks intervals).
 */
export function mergeSettings(base: PollSettings, overrides: Partial<PollSettings> = {}): PollSettings {
  const merged: PollSettings = { ...base };
  for (const name of Object.keys(base) as (keyof PollSettings)[]) {
    const value = overrides[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) continue;
    if (name === 'maxConcurrent' && value < 1) continue;
    if ((name === 'growth' || name === 'unfocusedFactor') && value < 1) continue;
    merged[name] = name === 'maxConcurrent' ? Math.floor(value) : value;
  }
  return merged;
}

/** The settings with every wait `pace` times shorter; counts and factors stay (tests only: platform/test-pace.ts). */
export function pacedWaits(settings: Partial<PollSettings>, pace: number): Partial<PollSettings> {
  const paced: Partial<PollSettings> = { ...settings };
  for (const [name, value] of Object.entries(settings) as [keyof PollSettings, number | undefined][]) {
    if (name.endsWith('Ms') && typeof value === 'number') paced[name] = value / pace;
  }
  return paced;
}

/** The per-key schedule. */
export interface KeyTiming {
  intervalMs: number;
  /** When the last check of this key ended; undefined before the first one. */
  lastCheckAt: number | undefined;
  dueAt: number;
  /** Set by watch()/resume(): an action asked for this time, so focus must not stretch it. */
  pinned: boolean;
}

/** When a key should next be checked, given the window's focus. */
export function dueTime(timing: KeyTiming, focused: boolean, settings: PollSettings): number {
  if (focused || timing.pinned || timing.lastCheckAt === undefined) return timing.dueAt;
  return Math.max(timing.dueAt, timing.lastCheckAt + timing.intervalMs * settings.unfocusedFactor);
}

/** A key's schedule after watch()/resume(): due after `delayMs`, at the base interval, pinned. */
export function wokenTiming(previous: KeyTiming | undefined, now: number, delayMs: number, settings: PollSettings): KeyTiming {
  return { intervalMs: settings.baseIntervalMs, lastCheckAt: previous?.lastCheckAt, dueAt: now + delayMs, pinned: true };
}

/**
 * Splits the idle keys (not `busy`) into those due by `now`, earliest first, and the time the
 * next of the others falls due (undefined when none).
 */
export function dueKeys(
  keys: ReadonlyMap<string, KeyTiming>,
  busy: (key: string) => boolean,
  focused: boolean,
  settings: PollSettings,
  now: number,
): { due: string[]; next: number | undefined } {
  const due: { key: string; at: number }[] = [];
  let next: number | undefined;
  for (const [key, timing] of keys) {
    if (busy(key)) continue;
    const at = dueTime(timing, focused, settings);
    if (at <= now) due.push({ key, at });
    else if (next === undefined || at < next) next = at;
  }
  return { due: due.sort((x, y) => x.at - y.at).map(({ key }) => key), next };
}

/** The interval after a verdict; 'stop' has none (the key is dropped). */
export function intervalAfter(verdict: Exclude<CheckVerdict, 'stop'>, currentMs: number, settings: PollSettings): number {
  switch (verdict) {
    case 'changed':
      return settings.baseIntervalMs;
    case 'unchanged':
      return Math.min(currentMs * settings.growth, settings.maxIntervalMs);
    default:
      return settings.slowIntervalMs;
  }
}

/** Wait after the n-th consecutive connectivity failure (n >= 1): doubling, capped. */
export function offlineBackoff(failures: number, settings: PollSettings): number {
  return Math.min(settings.offlineBaseMs * 2 ** Math.max(0, failures - 1), settings.offlineMaxMs);
}

/** The service is unreachable or failing for everyone: back off globally. */
export function isOfflineError(error: unknown): error is ApiError {
  return error instanceof NetworkError || error instanceof TimeoutError || error instanceof ServerError;
}

/**
 * No request can succeed until the key or a setting changes: stop until resume(). A refusal of
 * one job (its address, a 403 for its project) is not one: the other jobs go on being checked.
 */
export function isBlockingError(error: unknown): error is ApiError {
  if (jobRefusalOf(error)) return false;
  return (
    error instanceof AuthError ||
    error instanceof InvalidApiKeyError ||
    error instanceof InvalidSettingError ||
    error instanceof RestrictedModeError
  );
}

/**
 * The poller's state as every window shows it: plain data, so the polling window can publish it
 * (beside its lease) and the others can read it.
 */
export interface PollStatus {
  kind: 'idle' | 'polling' | 'offline' | 'rateLimited' | 'blocked';
  /** When checks resume (offline, rate limited). */
  until?: number;
  /** Why (offline, blocked): a sentence for the user. */
  reason?: string;
}

export function readPollStatus(value: unknown): PollStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, until, reason } = value as Record<string, unknown>;
  if (!['idle', 'polling', 'offline', 'rateLimited', 'blocked'].includes(kind as string)) return undefined;
  return {
    kind: kind as PollStatus['kind'],
    ...(typeof until === 'number' ? { until } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
  };
}
