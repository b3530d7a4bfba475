// Sliding windows (an hour unless told otherwise): a use is remembered for exactly the window
// of emulator time, and a refusal says how long until the oldest remembered use falls out.

export const WINDOW_MS = 3_600_000;

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly uses = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly now: () => number,
    private readonly windowMs = WINDOW_MS,
  ) {}

  /** The uses of `bucket` still inside the window, oldest first (expired ones dropped). */
  private live(bucket: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.uses.get(bucket) ?? []).filter((t) => t > cutoff);
    this.uses.set(bucket, list);
    return list;
  }

  /** Records a use if the window has room; a refused attempt is not recorded. */
  take(bucket: string): Admission {
    const list = this.live(bucket);
    if (list.length < this.limit) {
      list.push(this.now());
      return { ok: true };
    }
    // The oldest use that must expire to make room (index 0 when limit >= 1).
    const oldest = list[list.length - this.limit] ?? this.now();
    const waitMs = oldest + this.windowMs - this.now();
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  count(bucket: string): number {
    return this.live(bucket).length;
  }

  reset(): void {
    this.uses.clear();
  }
}
