// A manual clock for timer-driven code: time moves only when a test says so, and pending
// promise chains settle between timers, so tests assert exact times without sleeping.
import { type Clock } from '../../../src/platform/clock';

interface FakeTimer {
  id: number;
  at: number;
  callback: () => void;
}

/** Lets every queued microtask (and the chains they start) run. */
export async function flushPromises(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  // Kept sorted by time, then by creation, like real timers with equal delays.
  private timers: FakeTimer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.time + Math.max(0, ms), callback };
    const index = this.timers.findIndex((t) => t.at > timer.at);
    this.timers.splice(index === -1 ? this.timers.length : index, 0, timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Number of timers waiting to fire. */
  pending(): number {
    return this.timers.length;
  }

  /** Milliseconds until the next timer fires, or undefined when none is pending. */
  nextDueIn(): number | undefined {
    const next = this.timers[0];
    return next === undefined ? undefined : next.at - this.time;
  }

  /** Moves time forward by `ms`, firing each due timer at its own time, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await flushPromises();
    for (let next = this.timers[0]; next !== undefined && next.at <= target; next = this.timers[0]) {
      await this.fire(next);
    }
    this.time = target;
    await flushPromises();
  }

  /** Moves time to the next timer and fires it; returns false when none is pending. */
  async runNext(): Promise<boolean> {
    await flushPromises();
    const next = this.timers[0];
    if (next === undefined) return false;
    await this.fire(next);
    return true;
  }

  private async fire(timer: FakeTimer): Promise<void> {
    this.timers.shift();
    this.time = Math.max(this.time, timer.at);
    timer.callback();
    await flushPromises();
  }
}
