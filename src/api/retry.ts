import { CancelledError } from './errors';

export interface BackoffPolicy {
  /** First retry waits up to this long. */
  baseMs: number;
  /** No single wait exceeds this. */
  capMs: number;
}

/** Capped exponential backoff with full jitter: spreads retries of many clients apart. */
export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Reads `Retry-After`: whole seconds or an HTTP date. Returns milliseconds to wait,
 * or undefined when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A timer-based wait that ends early, with CancelledError, when the signal aborts. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new CancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
