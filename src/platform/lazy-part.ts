// A part of the extension that activation names but does not load: its code loads the first time
// something needs it (see load-once.ts), and it goes with the extension whether it loaded or not.
import { loadOnce } from './load-once';

export class LazyPart<T extends { dispose(): unknown }> {
  private part: T | undefined;
  private disposed = false;
  /** The part, loading it on the first call; every call shares that load. */
  readonly get: () => Promise<T>;

  constructor(load: () => Promise<T>) {
    this.get = loadOnce(async () => {
      const part = await load();
      // Loaded as the window closed: it goes at once.
      if (this.disposed) part.dispose();
      else this.part = part;
      return part;
    });
  }

  /** The part when it has loaded, else undefined (nothing is loaded to ask it). */
  get loaded(): T | undefined {
    return this.part;
  }

  dispose(): void {
    this.disposed = true;
    this.part?.dispose();
    this.part = undefined;
  }
}
