// The jobs service: creates jobs, sends follow-ups, and keeps every tracked job current through the poll scheduler, in
// the one window of the machine that holds the polling lease (any window may still check a job on demand). It records
// each finish as a new round; announcing it is the FinishAnnouncer's job. No vscode import: the UI adapters listen to it.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import type { CallOptions, DocsApiClient } from '../api/client';
import { MalformedResponseError, NotFoundError } from '../api/errors';
import type { AgentJob } from '../api/types';
import { Emitter } from '../platform/emitter';
import { PollScheduler } from './poll-scheduler';
import { type CheckVerdict, defaultPollSettings, pacedWaits, type PollSettings, type PollStatus } from './poll-timing';
import { type Clock } from '../platform/clock';
import { changedFields, concernsThisJobOnly, placeholderJob, withAnswer, withCheckError } from './job-answers';
import { NotFoundStreaks } from './not-found-streaks';
import type { JobStore } from './job-store';
import { isHidden, isPollable, jobKey, jobKeyOf, newTrackedJob, shownAmong, type TrackedJob, followedUp } from './tracked-job';
import { CheckTimes } from './check-times';
import type { JobEvent } from './job-history';
import { messageOf } from '../platform/checks';

export type JobsClient = Pick<DocsApiClient, 'createJob' | 'getJob' | 'sendFollowUp'>;

export interface TrackerDeps {
  store: JobStore;
  /** The client for a scope's base URL (settings may change between calls). */
  client: (scope: ProjectScope) => JobsClient;
  clock: Clock;
  /** Whether any window on the machine has focus (the poller's cadence follows the machine). */
  isFocused: () => boolean;
  pollSettings?: Partial<PollSettings>;
  /** The poll settings' waits pass this many times faster (tests only: platform/test-pace.ts). */
  pace?: number;
  /** Finished jobs older than this many days leave the view (0: never). */
  hideFinishedAfterDays?: () => number;
  /** A base URL that is not the writer's service now: the open projects' unfinished jobs made there show too (with why they are not checked). */
  notTheService?: (baseUrl: string) => boolean;
  /** Whether a lost answer to a follow-up may still have reached the service. */
  mayHaveArrived?: (error: unknown) => boolean;
  log?: (message: string) => void;
}

export class JobTracker {
  private readonly scheduler: PollScheduler;
  private scopes: ProjectScope[] = [];
  private polling = false;
  private reported: PollStatus | undefined;
  private readonly changed = new Emitter<void>();
  /** Jobs changed (in this window or another) or the polling state changed. */
  readonly onDidChange = this.changed.event;
  private readonly storeListener;
  private readonly checkedAt = new CheckTimes();
  private readonly missing = new NotFoundStreaks();
  /** The round each watched job had when last seen, to wake it when another window restarts it. */
  private readonly rounds = new Map<string, number>();

  constructor(private readonly deps: TrackerDeps) {
    this.scheduler = new PollScheduler({
      clock: deps.clock,
      check: (key, signal) => this.check(key, signal),
      isFocused: deps.isFocused,
      settings: pacedWaits({ ...defaultPollSettings, ...deps.pollSettings }, deps.pace ?? 1),
      onStateChange: () => this.changed.fire(),
      onCheckError: (key, error) => deps.log?.(`Checking ${key} failed: ${messageOf(error)}`),
    });
    this.storeListener = deps.store.onDidChange(() => {
      this.watchPollable();
      this.changed.fire();
    });
  }

  /** How checking goes on the machine: this window's own state when it polls, else what the poller reported. */
  get pollStatus(): PollStatus {
    if (!this.polling) return this.reported ?? { kind: 'idle' };
    const state = this.scheduler.state;
    return {
      kind: state.kind,
      ...('until' in state ? { until: state.until } : {}),
      ...('error' in state ? { reason: state.error.message } : {}),
    };
  }

  /** What the polling window reported (another window), shown here as it is there. */
  setReportedStatus(status: PollStatus | undefined): void {
    if (JSON.stringify(status) === JSON.stringify(this.reported)) return;
    this.reported = status;
    this.changed.fire();
  }

  /** This window became (or stopped being) the one that polls for the machine. */
  setPolling(polling: boolean): void {
    if (polling === this.polling) return;
    this.polling = polling;
    if (polling) this.watchPollable();
    else for (const key of this.scheduler.watched()) this.scheduler.unwatch(key);
    this.changed.fire();
  }

  /** The projects of the open workspace: only their jobs are shown. */
  setScopes(scopes: ProjectScope[]): void {
    this.scopes = scopes;
    this.changed.fire();
  }

  /** Newest first: the open workspace's projects, without finished jobs past the view's age limit. */
  jobs(): TrackedJob[] {
    const now = this.deps.clock.now();
    const days = this.deps.hideFinishedAfterDays?.() ?? 0;
    return this.deps.store.all().filter((job) => this.inScope(job) && !isHidden(job, now, days));
  }

  get(key: string): TrackedJob | undefined {
    return this.deps.store.get(key);
  }

  /** When this window last had an answer for the job, if it did. */
  lastCheckedAt(key: string): number | undefined {
    return this.checkedAt.get(key);
  }

  /** `startedBy`: the agent that asked for it through a tool (an MCP client), kept with the job. */
  async create(scope: ProjectScope, prompt: string, options: CallOptions = {}, marks: { startedBy?: string } = {}): Promise<TrackedJob> {
    const job = await this.deps
      .client(scope)
      .createJob(scope.projectId, prompt, options)
      .catch((error: unknown) => {
        // The job exists even though its answer was unreadable: track it by the id, and let the
        // first check fill in the rest, rather than lose a job that will open a pull request.
        if (!(error instanceof MalformedResponseError) || error.reportedId === undefined) throw error;
        this.deps.log?.(`Creating a job got an unreadable answer (${error.message}); tracking ${error.reportedId} by its ID.`);
        return placeholderJob(error.reportedId);
      });
    const tracked = await this.deps.store.track(newTrackedJob(scope, job, prompt, this.now(), marks.startedBy));
    this.wake(jobKeyOf(tracked));
    return tracked;
  }

  async followUp(key: string, prompt: string, options: CallOptions = {}): Promise<TrackedJob> {
    const current = this.require(key);
    let job: AgentJob;
    try {
      job = await this.deps.client(current).sendFollowUp(current.projectId, current.id, prompt, options);
    } catch (error) {
      // The follow-up may have reached the service: watch the job, so its next finish is announced.
      if (this.deps.mayHaveArrived?.(error)) {
        await this.deps.store.updateJob(key, (saved) => ({ ...followedUp(saved, prompt, this.now()), awaitingSince: this.now() }));
        this.wake(key);
      }
      throw error;
    }
    const sentAt = this.now();
    const updated = await this.deps.store.updateJob(key, (saved) =>
      followedUp(withAnswer(saved, job, this.deps.clock.now()), prompt, sentAt),
    );
    this.wake(key);
    return updated ?? current;
  }

  /** Rewrites the job's record of what happened here: a follow-up noted as a review, how much of its change the writer took. */
  noteInHistory = (key: string, change: (history: readonly JobEvent[] | undefined) => JobEvent[] | undefined): Promise<unknown> =>
    this.deps.store.updateJob(key, (saved) => ({ ...saved, history: change(saved.history) }));

  /** Starts tracking a job made elsewhere (the API cannot list jobs, so the id is all we have). */
  async trackById(scope: ProjectScope, id: string, options: CallOptions = {}): Promise<TrackedJob> {
    const key = jobKey(scope, id);
    // Known already (perhaps out of the view for its age): show it again.
    const existing = await this.deps.store.updateJob(key, (saved) => ({ ...saved, trackedAt: this.now() }));
    if (existing) return existing;
    const job = await this.deps.client(scope).getJob(scope.projectId, id, options);
    const tracked = await this.deps.store.track(newTrackedJob(scope, job, '', this.now()));
    if (isPollable(tracked)) this.wake(jobKeyOf(tracked));
    return tracked;
  }

  /** A manual refresh: asks the service now, whatever the job's state, in whichever window. */
  refresh(key: string): Promise<void> {
    return this.scheduler.checkNow(key);
  }

  /** Re-reads the store (other windows) and asks about every unfinished job now. */
  async refreshAll(): Promise<void> {
    await this.deps.store.reload();
    this.scheduler.resume();
    const pollable = this.jobs().filter(isPollable);
    await Promise.all(pollable.map((job) => this.scheduler.checkNow(jobKeyOf(job))));
  }

  /** The key or settings changed: polling may work again. */
  resume(): void {
    this.scheduler.resume();
  }

  /** Any window's focus changed: the poller's cadence follows (and catches up on refocus). */
  setFocused(focused: boolean): void {
    this.scheduler.setFocused(focused);
  }

  updatePollSettings(settings: Partial<PollSettings>): void {
    this.scheduler.updateSettings(pacedWaits(settings, this.deps.pace ?? 1));
  }

  async stopTracking(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.forget(key);
    await this.deps.store.remove(keys);
  }

  /** Finished jobs of the open projects (not-found ones only when asked); returns how many went. */
  async clearFinished(includeNotFound: boolean): Promise<number> {
    const done = this.jobs()
      .filter((job) => !isPollable(job) && (includeNotFound || !job.notFound))
      .map(jobKeyOf);
    await this.stopTracking(done);
    return done.length;
  }

  /** Jobs of the open projects the service has not found for minutes. */
  notFoundJobs(): TrackedJob[] {
    return this.jobs().filter((job) => job.notFound);
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
    } catch (error) {
      if (error instanceof NotFoundError) return this.notFound(key, before);
      // A failure of this job's check alone (an unreadable answer, its address refused) shows on the job, in every window.
      if (concernsThisJobOnly(error)) await this.deps.store.updateJob(key, (saved) => withCheckError(saved, error)).catch(() => undefined);
      throw error;
    }
    this.missing.clear(key);
    const shownTimeMoved = this.checkedAt.record(key, this.deps.clock.now());
    const after = await this.deps.store.updateJob(key, (saved) => withAnswer(saved, job, this.deps.clock.now()));
    if (shownTimeMoved) this.changed.fire();
    if (!after) return 'stop';
    this.rounds.set(key, after.round);
    if (!isPollable(after)) return 'stop';
    if (job.status === 'unknown') return 'slow';
    return changedFields(before.job, job) ? 'changed' : 'unchanged';
  }

  /** One 404 may pass; a run of them over minutes means the service no longer knows the job. */
  private async notFound(key: string, before: TrackedJob): Promise<CheckVerdict> {
    const proof = this.missing.record(key, this.deps.clock.now());
    if (!proof) return 'unchanged';
    if (!before.notFound) {
      await this.deps.store.updateJob(key, (saved) => ({ ...saved, notFound: true, changedAt: this.now() }));
      this.deps.log?.(
        `Job ${before.id} was not found by the service ${proof.count} times over ${proof.minutes} min; it is kept and checked slowly.`,
      );
    }
    return 'slow';
  }

  /** Polls a job soon (when this window polls): just made, followed up, or restarted elsewhere. */
  private wake(key: string): void {
    if (this.polling) this.scheduler.watch(key);
  }

  private forget(key: string): void {
    this.scheduler.unwatch(key);
    this.missing.clear(key);
    this.checkedAt.delete(key);
    this.rounds.delete(key);
  }

  /** The poller watches every unfinished job on the machine, whichever window made it. */
  private watchPollable(): void {
    if (!this.polling) return;
    const watched = new Set(this.scheduler.watched());
    for (const job of this.deps.store.all()) {
      const key = jobKeyOf(job);
      if (!isPollable(job)) continue;
      // A new job, or one another window restarted (a follow-up): checked soon, not at the old pace.
      if (!watched.has(key) || this.rounds.get(key) !== job.round) this.scheduler.watch(key);
      this.rounds.set(key, job.round);
    }
  }

  private inScope(job: TrackedJob): boolean {
    return shownAmong(job, this.scopes, this.deps.notTheService);
  }

  private require(key: string): TrackedJob {
    const job = this.deps.store.get(key);
    if (!job) throw new Error(l10n.t('That job is no longer tracked.'));
    return job;
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}
