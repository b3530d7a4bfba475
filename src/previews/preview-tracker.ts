// Starts preview deployments and follows them to the end. Starting takes one of the machine's
// 5 requests a minute (waiting, and saying how long, when the minute is spent or the platform
// answers 429 because other machines spent it); following is done by the one window that holds
// the polling lease (the jobs' poller), for every window: a check 3 s after the start, then
// slower up to every 15 s while a build runs, paused until `Retry-After` on a 429. No vscode
// import: unit tests drive it against the emulator.
import { NotFoundError, PreviewsNotInPlanError, RateLimitedError } from '../api/errors';
import type { ProjectScope } from '../api/project-scope';
import type { DeploymentState, PreviewStarted } from '../api/types';
import type { CallOptions } from '../api/client';
import type { Clock } from '../platform/clock';
import { messageOf } from '../platform/checks';
import type { PreviewLimits } from './preview-limits';
import type { PreviewStore } from './preview-store';
import { isBuilding, previewKey, previewKeyOf, type TrackedPreview } from './tracked-preview';

/** What the tracker needs of the API client. */
export interface PreviewApi {
  triggerPreview(projectId: string, branch: string, options?: CallOptions): Promise<PreviewStarted>;
  getDeploymentStatus(statusId: string, options?: CallOptions): Promise<DeploymentState>;
}

export interface PreviewRequest {
  scope: ProjectScope;
  branch: string;
  jobId?: string;
  pagePath?: string;
}

export interface PreviewTrackerDeps {
  store: PreviewStore;
  limits: PreviewLimits;
  client: (scope: ProjectScope) => PreviewApi;
  clock: Clock;
  log: (message: string) => void;
  /** Waits `ms` (cancellable in tests); defaults to a timer. */
  sleep?: (ms: number) => Promise<void>;
}

const firstCheckMs = 3_000;
/** A 429 on starting is waited out when it asks for at most this long, this many times; beyond, it is said. */
const maxStartWaitMs = 5 * 60_000;
const maxStartRefusals = 3;
const maxCheckMs = 15_000;
/** A status id the service keeps answering 404 for over this long is called not found. */
const notFoundAfterMs = 3 * 60_000;

export class PreviewTracker {
  private polling = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private intervalMs = firstCheckMs;
  private pausedUntil = 0;
  private readonly firstNotFound = new Map<string, number>();
  private readonly listener;

  constructor(private readonly deps: PreviewTrackerDeps) {
    // A preview started in another window is followed here too when this window polls.
    this.listener = deps.store.onDidChange(() => this.schedule(false));
  }

  /**
   * Asks for a preview of the branch (a new one, or a redeploy of its existing one) and follows
   * it. `onWait` hears how long the minute's limit makes it wait before the request goes.
   */
  async start(request: PreviewRequest, onWait: (ms: number) => void = () => undefined): Promise<TrackedPreview> {
    const { scope, branch } = request;
    const started = await this.request(scope, branch, onWait);
    const now = new Date(this.deps.clock.now()).toISOString();
    // The round from the record as stored now: another window may have started a build a moment ago.
    const preview = await this.deps.store.replace(previewKey(scope, branch), (before) => ({
      // Only the scope's two fields: a job passed as the scope must not lend its own (its rounds, say).
      baseUrl: scope.baseUrl,
      projectId: scope.projectId,
      branch,
      ...(request.jobId ? { jobId: request.jobId } : {}),
      ...(request.pagePath ? { pagePath: request.pagePath } : {}),
      statusId: started.statusId,
      previewUrl: started.previewUrl ?? before?.previewUrl ?? null,
      status: 'queued',
      rawStatus: 'queued',
      summary: null,
      logs: [],
      startedAt: now,
      endedAt: null,
      changedAt: now,
      round: before ? before.round + 1 : 0,
    }));
    this.intervalMs = firstCheckMs;
    this.schedule(true);
    return preview;
  }

  /** Asks the platform, within the minute's limit; a 429 it answers is waited out (up to a few times) like the limit. */
  private async request(scope: ProjectScope, branch: string, onWait: (ms: number) => void): Promise<PreviewStarted> {
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
    for (let refusals = 0; ; refusals++) {
      for (let wait = await this.deps.limits.takeRequest(); wait > 0; wait = await this.deps.limits.takeRequest()) {
        onWait(wait);
        await sleep(wait);
      }
      try {
        return await this.deps.client(scope).triggerPreview(scope.projectId, branch);
      } catch (error) {
        if (error instanceof PreviewsNotInPlanError) await this.deps.limits.markNotInPlan(scope);
        const retryAfterMs = error instanceof RateLimitedError ? (error.retryAfterMs ?? 60_000) : undefined;
        if (retryAfterMs === undefined || retryAfterMs > maxStartWaitMs || refusals >= maxStartRefusals) throw error;
        this.deps.log(`The platform refused a preview request for now (429); waiting ${Math.ceil(retryAfterMs / 1000)} s.`);
        await this.deps.limits.refusedFor(retryAfterMs, this.deps.clock.now());
      }
    }
  }

  /** Only the window holding the polling lease checks builds. */
  setPolling(polling: boolean): void {
    this.polling = polling;
    this.schedule(true);
  }

  /** Checks every running build now (Refresh). */
  async checkNow(): Promise<void> {
    this.pausedUntil = 0;
    await this.checkAll();
  }

  dispose(): void {
    this.polling = false;
    clearTimeout(this.timer);
    this.listener.dispose();
  }

  private schedule(reset: boolean): void {
    if (reset) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (!this.polling || this.timer || !this.deps.store.all().some(isBuilding)) return;
    const wait = Math.max(this.intervalMs, this.pausedUntil - this.deps.clock.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.checkAll().finally(() => {
        this.intervalMs = Math.min(maxCheckMs, Math.round(this.intervalMs * 1.5));
        this.schedule(false);
      });
    }, wait);
  }

  private async checkAll(): Promise<void> {
    for (const preview of this.deps.store.all().filter(isBuilding)) {
      if (this.deps.clock.now() < this.pausedUntil) return;
      await this.check(preview);
    }
  }

  private async check(preview: TrackedPreview): Promise<void> {
    const key = previewKeyOf(preview);
    try {
      const state = await this.deps.client(preview).getDeploymentStatus(preview.statusId);
      this.firstNotFound.delete(key);
      await this.deps.store.update(key, (current) =>
        current.statusId === preview.statusId ? withState(current, state, this.deps.clock) : current,
      );
    } catch (error) {
      if (error instanceof RateLimitedError) {
        this.pausedUntil = this.deps.clock.now() + (error.retryAfterMs ?? 60_000);
        return;
      }
      const now = this.deps.clock.now();
      const since = error instanceof NotFoundError ? (this.firstNotFound.get(key) ?? now) : undefined;
      if (since !== undefined) this.firstNotFound.set(key, since);
      const notFound = since !== undefined && now - since >= notFoundAfterMs;
      this.deps.log(`Checking the preview of ${preview.branch} failed: ${messageOf(error)}`);
      await this.deps.store.update(key, (current) =>
        current.statusId === preview.statusId ? { ...current, checkError: messageOf(error), ...(notFound ? { notFound } : {}) } : current,
      );
    }
  }
}

/** The record after the service's answer; `changedAt` moves only when something shown changed. */
export function withState(current: TrackedPreview, state: DeploymentState, clock: Pick<Clock, 'now'>): TrackedPreview {
  const next: TrackedPreview = {
    ...current,
    status: state.status,
    rawStatus: state.rawStatus,
    summary: state.summary,
    logs: state.logs.length ? state.logs : current.logs,
    endedAt: state.endedAt ?? (state.status === 'success' || state.status === 'failure' ? new Date(clock.now()).toISOString() : null),
  };
  delete next.checkError;
  if (next.status !== current.status || next.endedAt !== current.endedAt) next.changedAt = new Date(clock.now()).toISOString();
  return next;
}
