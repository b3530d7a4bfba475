import type { TextFiles } from '../../../src/platform/text-files';

/** The report files folder, in memory: shared by every cache built on it, like windows. */
export class MemoryTextFiles implements TextFiles {
  readonly files = new Map<string, string>();

  read(name: string): Promise<string | undefined> {
    return Promise.resolve(this.files.get(name));
  }

  write(name: string, text: string): Promise<void> {
    this.files.set(name, text);
    return Promise.resolve();
  }

  remove(name: string): Promise<void> {
    this.files.delete(name);
    return Promise.resolve();
  }

  /** Sorted, so tests compare them plainly. */
  names(): string[] {
    return [...this.files.keys()].sort();
  }
}
