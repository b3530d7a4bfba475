// Text a person typed into an input box exists nowhere else: when sending it fails (or is
// declined), it is kept here, by what it was for, and filled in again next time.
export class UnsentText {
  private readonly kept = new Map<string, string>();

  /** What to fill the box with for `target`, if anything was left unsent. */
  get(target: string): string | undefined {
    return this.kept.get(target);
  }

  /** Keeps `text` until `sent` runs (which forgets it, unless newer text replaced it). */
  keep(target: string, text: string): { sent: () => void } {
    this.kept.set(target, text);
    return {
      sent: () => {
        if (this.kept.get(target) === text) this.kept.delete(target);
      },
    };
  }
}
