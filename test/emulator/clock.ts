// The emulator's own clock: wall time plus an offset that /__emulator/advance moves forward,
// so tests finish jobs and age rate-limit windows without sleeping. It never goes back.

export class EmulatorClock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
