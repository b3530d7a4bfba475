// The two limits a preview request meets, kept machine-wide in one shared file: the platform's
// 5 preview requests a minute per organisation (counted as this machine spent them, so a second
// window waits instead of being refused), and projects whose plan has no previews (a 403), whose
// preview commands hide until the key changes. No vscode import.
import type { ProjectScope } from '../api/project-scope';
import type { Clock } from '../platform/clock';
import { HourlyLedger } from '../platform/hourly-ledger';
import type { SharedMemento } from '../platform/machine/shared-memento';
import { sharedKeys } from '../platform/storage-layout';

export const previewsPerMinute = 5;
const minuteMs = 60_000;

const scopeId = (scope: ProjectScope): string => JSON.stringify([scope.baseUrl, scope.projectId]);

export class PreviewLimits {
  private readonly requests: HourlyLedger;

  constructor(
    private readonly shared: SharedMemento,
    clock: Pick<Clock, 'now'>,
  ) {
    this.requests = new HourlyLedger(shared, sharedKeys.previewRequests, clock, minuteMs);
  }

  readonly onDidChange = (listener: () => void): { dispose(): void } => this.shared.onDidChange(listener);

  /** Takes one of the minute's requests: 0 when taken, else how long until one is free. */
  takeRequest(): Promise<number> {
    return this.requests.take(previewsPerMinute);
  }

  /**
   * The platform refused a request for `ms` (a 429: other machines of the organisation count
   * too): the minute reads as full until then, so every window of this machine waits it out.
   */
  refusedFor(ms: number, now: number): Promise<void> {
    return this.requests.recordAt(now + ms - minuteMs, previewsPerMinute);
  }

  /** Whether this project's plan refused previews (with the key in use then). */
  notInPlan(scope: ProjectScope): boolean {
    return this.refused().includes(scopeId(scope));
  }

  async markNotInPlan(scope: ProjectScope): Promise<void> {
    await this.shared.exclusive(() => this.shared.update(sharedKeys.previewsNotInPlan, [...new Set([...this.refused(), scopeId(scope)])]));
  }

  /** A new key may have another plan: every project is asked again. */
  async forgetPlans(): Promise<void> {
    await this.shared.exclusive(async () => {
      if (this.refused().length) await this.shared.update(sharedKeys.previewsNotInPlan, []);
    });
  }

  private refused(): string[] {
    const stored = this.shared.get<unknown>(sharedKeys.previewsNotInPlan);
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  }
}
