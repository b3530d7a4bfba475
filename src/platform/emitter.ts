// A small event emitter for the modules that must not import vscode (unit tests run them in
// plain Node). Its shape matches vscode.Event, so adapters can pass it straight through.

export interface Disposable {
  dispose(): void;
}

export type Listener<T> = (value: T) => void;
export type Event<T> = (listener: Listener<T>) => Disposable;

export class Emitter<T> {
  private readonly listeners = new Set<Listener<T>>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch {
        // One failing listener must not stop the others or the caller.
      }
    }
  }

  dispose(): void {
    this.listeners.clear();
  }
}
