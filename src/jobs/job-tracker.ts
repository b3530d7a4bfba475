// The jobs service: creates jobs, sends follow-ups, keeps every tracked job current through the
// poll scheduler, and decides when a finish deserves a notification. No vscode import: the UI
// adapters (tree, status bar, notifier) listen to it.
import type { CallOptions, DocsApiClient } from '../api/client';
import { MalformedResponseError, NotFoundError } from '../api/errors';
import type { AgentJob } from '../api/types';
import { Emitter } from '../util/emitter';
import { type CheckVerdict, type Clock, PollScheduler, type PollSettings, type SchedulerState } from './poll-scheduler';
import type { JobStore } from './job-store';
import {
  clipPrompt,
  isPollable,
  isTerminal,
  type JobScope,
  jobKey,
  keyOf,
  notificationMarker,
  sameScope,
  type TrackedJob,
} from './tracked-job';

export type JobsClient = Pick<DocsApiClient, 'createJob' | 'getJob' | 'sendFollowUp'>;

export interface TrackerDeps {
  store: JobStore;
  /** The client for a scope's base URL (settings may change between calls). */
  client: (scope: JobScope) => JobsClient;
  /** Called once per finished job that should be announced. */
  notify: (job: TrackedJob) => void;
  /** Which finishes are announced (a setting). */
  notifyOn: () => ReadonlySet<string>;
  clock: Clock;
  isFocused: () => boolean;
  pollSettings?: Partial<PollSettings>;
  log?: (message: string) => void;
}

export class JobTracker {
  private readonly scheduler: PollScheduler;
  private scopes: JobScope[] = [];
  private readonly changed = new Emitter<void>();
  /** Jobs changed (in this window or another) or the polling state changed. */
  readonly onDidChange = this.changed.event;
  private readonly storeListener;
  /** Why a job's last check failed, for failures that concern that job only; cleared by the next answer. */
  private readonly failedChecks = new Map<string, string>();

  constructor(private readonly deps: TrackerDeps) {
    this.scheduler = new PollScheduler({
      clock: deps.clock,
      check: (key, signal) => this.check(key, signal),
      isFocused: deps.isFocused,
      settings: deps.pollSettings ?? {},
      onStateChange: () => this.changed.fire(),
      onCheckError: (key, error) => this.checkFailed(key, error),
    });
    this.storeListener = deps.store.onDidChange(() => {
      this.watchPollable();
      this.changed.fire();
    });
  }

  get pollState(): SchedulerState {
    return this.scheduler.state;
  }

  /** The projects of the open workspace: only their jobs are shown and polled. */
  setScopes(scopes: JobScope[]): void {
    this.scopes = scopes;
    for (const key of this.scheduler.watched()) {
      const job = this.deps.store.get(key);
      if (!job || !this.inScope(job)) this.scheduler.unwatch(key);
    }
    this.watchPollable();
    this.changed.fire();
  }

  /** Newest first, for the open workspace's projects. */
  jobs(): TrackedJob[] {
    return this.deps.store.all().filter((job) => this.inScope(job));
  }

  get(key: string): TrackedJob | undefined {
    return this.deps.store.get(key);
  }

  /** Why this job's last check failed (an unreadable answer, say), or undefined after a good one. */
  lastCheckError(key: string): string | undefined {
    return this.failedChecks.get(key);
  }

  async create(scope: JobScope, prompt: string, options: CallOptions = {}): Promise<TrackedJob> {
    const job = await this.deps.client(scope).createJob(scope.projectId, prompt, options).catch((error: unknown) => {
      // The job exists even though its answer was unreadable: track it by the id, and let the
      // first check fill in the rest, rather than lose a job that will open a pull request.
      if (!(error instanceof MalformedResponseError) || error.reportedId === undefined) throw error;
      this.deps.log?.(`Creating a job got an unreadable answer (${error.message}); tracking ${error.reportedId} by its ID.`);
      return placeholderJob(error.reportedId, this.now());
    });
    const now = this.now();
    const tracked: TrackedJob = {
      ...scope, id: job.id, prompt: clipPrompt(prompt), followUps: [], job, notFound: false, trackedAt: now, lastCheckedAt: now,
    };
    await this.deps.store.upsert(tracked);
    this.scheduler.watch(keyOf(tracked));
    return tracked;
  }

  async followUp(key: string, prompt: string, options: CallOptions = {}): Promise<TrackedJob> {
    const current = this.require(key);
    const job = await this.deps.client(current).sendFollowUp(current.projectId, current.id, prompt, options);
    const updated = await this.deps.store.updateJob(key, (saved) => ({
      ...saved, job, notFound: false, followUps: [...saved.followUps, clipPrompt(prompt)], lastCheckedAt: this.now(),
    }));
    this.scheduler.watch(key);
    return updated ?? current;
  }

  /** Starts tracking a job made elsewhere (the API cannot list jobs, so the id is all we have). */
  async trackById(scope: JobScope, id: string, options: CallOptions = {}): Promise<TrackedJob> {
    const existing = this.deps.store.get(jobKey(scope, id));
    if (existing) return existing;
    const job = await this.deps.client(scope).getJob(scope.projectId, id, options);
    const now = this.now();
    const tracked: TrackedJob = {
      ...scope, id: job.id, prompt: '', followUps: [], job, notFound: false, trackedAt: now, lastCheckedAt: now,
    };
    // It finished before we knew of it: nothing to announce.
    if (isTerminal(job.status)) tracked.notified = notificationMarker(tracked);
    await this.deps.store.upsert(tracked);
    if (isPollable(tracked)) this.scheduler.watch(keyOf(tracked));
    return tracked;
  }

  /** A manual refresh: asks the service now, whatever the job's state. */
  refresh(key: string): Promise<void> {
    return this.scheduler.checkNow(key);
  }

  /** Re-reads storage (other windows) and asks about every unfinished job now. */
  async refreshAll(): Promise<void> {
    this.deps.store.reload();
    this.scheduler.resume();
    await Promise.all(this.jobs().filter(isPollable).map((job) => this.scheduler.checkNow(keyOf(job))));
  }

  /** The key or settings changed: polling may work again. */
  resume(): void {
    this.scheduler.resume();
  }

  setFocused(focused: boolean): void {
    if (focused) this.deps.store.reload();
    this.scheduler.setFocused(focused);
  }

  updatePollSettings(settings: Partial<PollSettings>): void {
    this.scheduler.updateSettings(settings);
  }

  async stopTracking(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      this.scheduler.unwatch(key);
      this.failedChecks.delete(key);
    }
    await this.deps.store.remove(keys);
  }

  /** Forgets finished and not-found jobs of the open projects; returns how many. */
  async clearFinished(): Promise<number> {
    const done = this.jobs().filter((job) => !isPollable(job)).map(keyOf);
    await this.stopTracking(done);
    return done.length;
  }

  dispose(): void {
    this.scheduler.dispose();
    this.storeListener.dispose();
    this.changed.dispose();
  }

  private async check(key: string, signal: AbortSignal): Promise<CheckVerdict> {
    const before = this.deps.store.get(key);
    if (!before) return 'stop';
    let job: AgentJob;
    try {
      job = await this.deps.client(before).getJob(before.projectId, before.id, { signal });
      this.failedChecks.delete(key);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      this.failedChecks.delete(key);
      await this.deps.store.updateJob(key, (saved) => ({ ...saved, notFound: true, lastCheckedAt: this.now() }));
      this.deps.log?.(`Job ${before.id} was not found by the service; it is kept but no longer checked.`);
      return 'stop';
    }
    let announce: TrackedJob | undefined;
    const after = await this.deps.store.updateJob(key, (saved) => {
      const next: TrackedJob = { ...saved, job, notFound: false, lastCheckedAt: this.now() };
      const marker = notificationMarker(next);
      if (isTerminal(job.status) && saved.notified !== marker) {
        // Marked before it is shown, so a reload can never announce it again.
        next.notified = marker;
        if (this.deps.notifyOn().has(job.status)) announce = next;
      }
      return next;
    });
    if (announce) this.deps.notify(announce);
    if (!after) return 'stop';
    if (job.status === 'unknown') return 'slow';
    if (isTerminal(job.status)) return 'stop';
    return changedFields(before.job, job) ? 'changed' : 'unchanged';
  }

  private checkFailed(key: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.deps.log?.(`Checking ${key} failed: ${message}`);
    this.failedChecks.set(key, message);
    this.changed.fire();
  }

  private watchPollable(): void {
    const watched = new Set(this.scheduler.watched());
    for (const job of this.jobs()) {
      const key = keyOf(job);
      if (isPollable(job) && !watched.has(key)) this.scheduler.watch(key);
    }
  }

  private inScope(job: TrackedJob): boolean {
    return this.scopes.some((scope) => sameScope(scope, job));
  }

  private require(key: string): TrackedJob {
    const job = this.deps.store.get(key);
    if (!job) throw new Error('That job is no longer tracked.');
    return job;
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}

function changedFields(a: AgentJob, b: AgentJob): boolean {
  return a.rawStatus !== b.rawStatus || a.prLink !== b.prLink || a.ref !== b.ref || a.archivedAt !== b.archivedAt;
}

/** A job known only by its id: running, as a job just made is, until its first check. */
function placeholderJob(id: string, now: string): AgentJob {
  return { id, status: 'active', rawStatus: 'active', repository: '', ref: null, model: '', prLink: null, createdAt: now, archivedAt: null };
}
