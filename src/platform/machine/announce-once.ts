// The rule by which a finish (a job's, a preview's) is announced exactly once on the whole
// machine: every window sees the finish in the shared store, and the one that wins an exclusive
// claim shows it. The focused window claims at once; the poller claims when no window has focus,
// or after a moment when the focused window did not (it may be busy or closing). What a claim
// and an announcement are is the caller's (`decide`); this keeps the when, and one decision per
// claim at a time.

export interface AnnounceOnceDeps {
  /** The shared store's change event: a finish may have arrived. */
  onDidChange: (listener: () => void) => { dispose(): void };
  thisWindowFocused: () => boolean;
  otherWindowFocused: () => boolean;
  isPoller: () => boolean;
  /** How long the poller leaves a finish to the focused window. */
  fallbackMs?: number;
}

export abstract class AnnounceOnce<T> {
  private readonly pending = new Map<string, Promise<void>>();
  private fallback: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly listener: { dispose(): void };

  constructor(private readonly rule: AnnounceOnceDeps) {
    this.listener = rule.onDidChange(() => this.review());
  }

  /** Finishes nobody claimed yet, as this window last read them. */
  protected abstract waiting(): T[];
  /** One name per finish (and round). */
  protected abstract claimName(item: T): string;
  /** Claims the finish, marks it announced and, when won (and not disposed), shows it. */
  protected abstract decide(item: T): Promise<void>;

  /** Looks for finishes nobody announced yet; call when the store, focus or the lease changes. */
  review(): void {
    if (this.disposed || !this.waiting().length) return;
    const { thisWindowFocused, otherWindowFocused, isPoller } = this.rule;
    if (thisWindowFocused() || (isPoller() && !otherWindowFocused())) {
      this.claimAll();
    } else if (isPoller() && !this.fallback) {
      this.fallback = setTimeout(() => {
        this.fallback = undefined;
        this.claimAll();
      }, this.rule.fallbackMs ?? 3_000);
    }
  }

  /** Resolves once every claim under way has been decided (and shown). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all(this.pending.values());
  }

  protected get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.fallback);
    this.listener.dispose();
  }

  private claimAll(): void {
    if (this.disposed) return;
    for (const item of this.waiting()) {
      const name = this.claimName(item);
      if (this.pending.has(name)) continue;
      this.pending.set(
        name,
        this.decide(item).finally(() => this.pending.delete(name)),
      );
    }
  }
}
