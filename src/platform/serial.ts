// One queue shape for every read-change-write the extension runs: pieces of work run one at a
// time, in the order given, and a piece that fails fails its own caller only.

export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Settles once everything queued so far has, whatever its outcome. */
  settled(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
