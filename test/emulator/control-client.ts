// A typed client for the /__emulator/ control routes, for tests and scripts (global fetch).
import type { FeedbackItem, SearchItem, TurnItem } from './signal-data';
import type {
  ActiveFault,
  AdvanceResult,
  ControlJob,
  ControlPreview,
  EmulatorInfo,
  FaultSpec,
  KeyState,
  RequestRecord,
  Usage,
  Visit,
} from './types';

export class EmulatorControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class EmulatorControl {
  private readonly root: string;

  constructor(baseUrl: string) {
    this.root = `${baseUrl.replace(/\/+$/, '')}/__emulator/`;
  }

  private async call<T>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(this.root + route, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = await response.json();
    if (!response.ok) {
      const message = typeof parsed === 'object' && parsed !== null && 'error' in parsed ? String(parsed.error) : response.statusText;
      throw new EmulatorControlError(response.status, `${method} ${route}: ${message}`);
    }
    // The emulator is ours and its replies are typed in types.ts; no runtime check needed.
    return parsed as T;
  }

  info(): Promise<EmulatorInfo> {
    return this.call('GET', 'info');
  }

  /** Clears jobs, preview deployments and plans, faults, the request log, rate-limit windows and key state. */
  async reset(): Promise<void> {
    await this.call('POST', 'reset');
  }

  /** A project's raw reader signals: the truth the exports answer from. */
  signals(projectId: string): Promise<ControlSignals> {
    return this.call<ControlSignals>('GET', `signals?projectId=${encodeURIComponent(projectId)}`);
  }

  async requests(): Promise<RequestRecord[]> {
    return (await this.call<{ requests: RequestRecord[] }>('GET', 'requests')).requests;
  }

  /**
   * Polls until at least `count` public requests (those `which` accepts) have arrived (a request is logged on
   * arrival, before any latency or hang fault), or fails after `timeoutMs`.
   */
  async waitForRequests(count: number, timeoutMs = 5000, which: (record: RequestRecord) => boolean = () => true): Promise<RequestRecord[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const records = (await this.requests()).filter(which);
      if (records.length >= count) return records;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${count} requests, saw ${records.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async clearRequests(): Promise<void> {
    await this.call('DELETE', 'requests');
  }

  /** Registers a fault; returns its id. */
  async fault(spec: FaultSpec): Promise<string> {
    return (await this.call<{ id: string }>('POST', 'faults', spec)).id;
  }

  async faults(): Promise<ActiveFault[]> {
    return (await this.call<{ faults: ActiveFault[] }>('GET', 'faults')).faults;
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', 'faults');
  }

  async jobs(): Promise<ControlJob[]> {
    return (await this.call<{ jobs: ControlJob[] }>('GET', 'jobs')).jobs;
  }

  /** Finishes a job now: its planned outcome, or the given status / prLink. */
  finishJob(id: string, outcome: { status?: string; prLink?: string | null } = {}): Promise<ControlJob> {
    return this.call('POST', `jobs/${encodeURIComponent(id)}/finish`, outcome);
  }

  /** A reviewer merges the job's pull request into main at `at` (a merge commit, squashed, or rebased). */
  mergeJob(id: string, how: 'merge' | 'squash' | 'rebase', at: Date): Promise<{ main: string }> {
    return this.call('POST', `jobs/${encodeURIComponent(id)}/merge`, { how, at: at.toISOString() });
  }

  /** Forces job fields verbatim (any values) and stops the job's schedule. */
  setJob(id: string, fields: Record<string, unknown>): Promise<ControlJob> {
    return this.call('POST', `jobs/${encodeURIComponent(id)}/set`, fields);
  }

  /** Moves the emulator clock forward, finishing due jobs, stepping preview deployments and ageing rate-limit windows. */
  advance(ms: number): Promise<AdvanceResult> {
    return this.call('POST', 'advance', { ms });
  }

  async setKeyState(state: KeyState): Promise<void> {
    await this.call('POST', 'keys', { state });
  }

  async visits(projectId?: string): Promise<Visit[]> {
    const query = projectId === undefined ? '' : `?projectId=${encodeURIComponent(projectId)}`;
    return (await this.call<{ visits: Visit[] }>('GET', `visits${query}`)).visits;
  }

  usage(): Promise<Usage> {
    return this.call('GET', 'usage');
  }

  /** Every preview deployment since the last reset, oldest first. */
  async previews(): Promise<ControlPreview[]> {
    return (await this.call<{ previews: ControlPreview[] }>('GET', 'previews')).previews;
  }

  /** Ends a deployment now: the build's own verdict, or the given one. An ended deployment stays as it ended. */
  finishPreview(statusId: string, status?: 'success' | 'failure'): Promise<ControlPreview> {
    return this.call('POST', `previews/${encodeURIComponent(statusId)}/finish`, status === undefined ? {} : { status });
  }

  /** Whether the project's plan has preview deployments (every plan has them until told otherwise). */
  async setPlan(projectId: string, previews: boolean): Promise<void> {
    await this.call('POST', 'plan', { projectId, previews });
  }
}

/** SignalData as the control route sends it (hits per day as pairs). */
export interface ControlSignals {
  feedback: FeedbackItem[];
  searches: (Omit<SearchItem, 'hitsByDay'> & { hitsByDay: [number, number][] })[];
  turns: TurnItem[];
}
