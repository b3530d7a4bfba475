// How long this window's start took, split where a slow start would show: the Agent Jobs view
// registered, the job store read from disk, the workbench's first request for the view's rows and
// Docs Agent's answer to it (what a writer sees first), and the whole activation. One log line, for
// a writer's bug report and for `npm run bench`. Work no one waits for at start (the MCP server for
// other agents) waits for `settled`, out of the first rows' way.

export type StartupStep = 'viewRegistered' | 'jobsRead' | 'viewAsked' | 'firstAnswer' | 'activated';

/** When the Agent Jobs view is not on screen, nothing answers it: later work waits this long after activation. */
const settleWithoutViewMs = 2_000;

/** Settles when `work` does (fulfilled or not), or after `ms`, whichever comes first. */
export function settledOrAfter(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const done = work.then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}

export class StartupTimes {
  private readonly at = new Map<StartupStep, number>();
  private settle: () => void = () => undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Settles at the first Agent Jobs answer, or a moment after activation when the view is not shown. */
  readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  /** `began` is `performance.now()` when activation began; `loaded`, when Docs Agent's code had loaded. */
  constructor(
    private readonly began: number,
    private readonly log: (line: string) => void,
    private readonly options: { loaded?: number; settleWithoutViewMs?: number } = {},
  ) {}

  /** Notes the first time `step` happened; the line is written once the view's first answer and the activation are both done. */
  mark(step: StartupStep): void {
    if (this.at.has(step)) return;
    this.at.set(step, performance.now() - this.began);
    if (step === 'activated' && !this.at.has('firstAnswer')) {
      this.timer = setTimeout(() => this.settle(), this.options.settleWithoutViewMs ?? settleWithoutViewMs);
    }
    if (step === 'firstAnswer') {
      clearTimeout(this.timer);
      this.settle();
    }
    if ((step === 'firstAnswer' || step === 'activated') && this.at.has('firstAnswer') && this.at.has('activated')) this.log(this.line());
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  // A log line, read by the bench: stays English.
  private line(): string {
    const ms = (step: StartupStep): string => {
      const at = this.at.get(step);
      return at === undefined ? 'not yet' : `${at.toFixed(1)} ms`;
    };
    // The log writes its lines' times when it flushes, so the start's own time is in the line.
    const began = new Date(performance.timeOrigin + this.began).toISOString();
    // Between the code loaded and activation, the editor prepares what it hands the extension.
    const ready = (this.began - (this.options.loaded ?? this.began)).toFixed(1);
    return (
      `Start-up, from activation's start (${began}; code loaded ${ready} ms before): Agent Jobs view registered ${ms('viewRegistered')}, ` +
      `jobs read ${ms('jobsRead')}, asked for its rows ${ms('viewAsked')}, first Agent Jobs answer ${ms('firstAnswer')}, activated ${ms('activated')}.`
    );
  }
}
