import type { Memento } from '../../../src/platform/memento';
import { Serial } from '../../../src/platform/serial';

/** The editor's global storage, in memory: shared by every store built on it, like windows. */
export class MemoryMemento implements Memento {
  readonly values = new Map<string, unknown>();
  private readonly queue = new Serial();

  get<T>(key: string): T | undefined {
    const value = this.values.get(key);
    // Stored as JSON, as the editor does: no object is shared between readers.
    return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as T);
  }

  /** undefined removes the key, as the editor does. */
  update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, JSON.parse(JSON.stringify(value)) as unknown);
    return Promise.resolve();
  }

  /** One process is all there is: alone means in turn. */
  exclusive<T>(change: () => Promise<T>): Promise<T> {
    return this.queue.run(change);
  }
}
