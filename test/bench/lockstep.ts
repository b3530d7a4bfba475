// Virtual time for pollers that make real HTTP requests. A FakeClock drives the pollers' timers
// and the emulator's clock is moved to match before each due timer fires, so a job finishes in
// the emulator at the same virtual instant the pollers see it. Real requests need real I/O turns,
// which FakeClock.advance's few setImmediate rounds do not guarantee: every request is tracked,
// and time moves on only once none is in flight and nothing new started (store writes are
// followed the same way: they are real file I/O).
import type { JobsClient } from '../../src/jobs/job-tracker';
import type { EmulatorControl } from '../emulator/control-client';
import { FakeClock, flushPromises } from '../support/fakes/fake-clock';

export class Lockstep {
  readonly clock: FakeClock;
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Emulator time minus virtual time, fixed by anchor(). */
  private skew = 0;
  /** Emulator time minus wall time, as of the last advance (the emulator runs on wall time plus an offset). */
  private emulatorOffset = 0;
  /** How far the emulator ran ahead of virtual time at worst (wall time it spent between steps). */
  maxLeadMs = 0;

  constructor(
    private readonly control: EmulatorControl,
    start = Date.now(),
  ) {
    this.clock = new FakeClock(start);
  }

  /** Pins "now" in the emulator to "now" in virtual time; call once the jobs exist. */
  async anchor(): Promise<void> {
    const { now } = await this.control.advance(0);
    this.emulatorOffset = Date.parse(now) - Date.now();
    this.skew = Date.parse(now) - this.clock.now();
  }

  /** Virtual time of an emulator instant (e.g. a job's dueAt). */
  toVirtual(emulatorIso: string): number {
    return Date.parse(emulatorIso) - this.skew;
  }

  /** Work (a request, a store write) that time must wait for before it moves on. */
  follow<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const forget = (): void => void this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  /** A client whose requests the stepper waits for; `onAttempt` counts each HTTP attempt. */
  track(client: JobsClient, onAttempt: () => void = () => undefined): JobsClient {
    const follow = <T>(promise: Promise<T>): Promise<T> => this.follow(promise);
    return {
      createJob: (projectId, prompt, options = {}) => follow(client.createJob(projectId, prompt, { ...options, onAttempt })),
      getJob: (projectId, id, options = {}) => follow(client.getJob(projectId, id, { ...options, onAttempt })),
      sendFollowUp: (projectId, id, prompt, options = {}) => follow(client.sendFollowUp(projectId, id, prompt, { ...options, onAttempt })),
    };
  }

  /** Waits until no request is in flight and the work they unblocked has run (it may start more). */
  async settle(): Promise<void> {
    for (;;) {
      await flushPromises();
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  /**
   * Jumps from timer to timer until `end` (virtual) or until `done()`; returns the virtual time
   * reached. Checks take no virtual time: they start and finish at the instant they fall due.
   */
  async runUntil(end: number, done: () => boolean = () => false): Promise<number> {
    await this.settle();
    while (!done()) {
      const wait = this.clock.nextDueIn();
      if (wait === undefined || this.clock.now() + wait > end) break;
      await this.moveEmulatorTo(this.clock.now() + wait);
      await this.clock.advance(wait);
      await this.settle();
    }
    if (!done() && this.clock.now() < end) {
      await this.moveEmulatorTo(end);
      await this.clock.advance(end - this.clock.now());
      await this.settle();
    }
    return this.clock.now();
  }

  private async moveEmulatorTo(virtual: number): Promise<void> {
    const target = virtual + this.skew;
    const ms = target - (Date.now() + this.emulatorOffset);
    this.maxLeadMs = Math.max(this.maxLeadMs, -ms);
    // Also at 0: an advance finishes the jobs already due, without waiting for the emulator's timers.
    const { now } = await this.control.advance(Math.max(0, Math.round(ms)));
    this.emulatorOffset = Date.parse(now) - Date.now();
  }
}
