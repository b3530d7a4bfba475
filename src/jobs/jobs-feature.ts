// Builds the agent-jobs feature on the machine-wide store: the job files, the polling lease,
// the windows' presence, the finish announcer, the tracker and its views. Everything shared
// lives in folders under the extension's global storage, which every window of this user on
// this machine shares.
import { rm } from 'node:fs/promises';
import * as vscode from 'vscode';
import { defaultBaseUrl, hideFinishedAfterDays, notifyOn, pollSettings, userBaseUrl } from '../editor/config';
import { isServiceAddress } from '../editor/workspace-base-url';
import { mayWorkForMachine } from '../editor/machine-duties';
import { Claims } from '../platform/machine/claims';
import { defaultHeartbeatMs, Lease } from '../platform/machine/lease';
import { Presence } from '../platform/machine/presence';
import { thisWindowId } from '../platform/machine/window-id';
import type { FeatureServices } from '../editor/feature-services';
import { readText } from '../platform/machine/atomic-file';
import { fileCaps } from '../platform/machine/shared-file';
import { leftoverFolders, legacyStateKeys, type StoragePaths } from '../platform/storage-layout';
import { lostAnswerNote } from '../editor/error-text';
import { FinishAnnouncer } from './finish-announcer';
import { announceFinishedJob } from './job-notifier';
import { createJobsStatusBar } from './job-status-bar';
import { type LegacyJobs, JobStore } from './job-store';
import { migrateStoredJobs } from './job-store-migration';
import { JobTracker } from './job-tracker';
import { dailyPrune } from './job-pruning';
import { lastClaimedRound } from './job-retention';
import type { DailyChore } from '../platform/machine/daily-chore';
import { createJobsView, type JobTreeProvider } from './job-tree';
import { connectTracker } from './job-wiring';
import { systemClock } from '../platform/clock';
import { SharedMemento } from '../platform/machine/shared-memento';
import { testPace } from '../platform/test-pace';
import type { StartupTimes } from '../platform/startup-times';
import { AgentUses, countingAgentUses } from './agent-uses';
import { jobKeyOf, type TrackedJob } from './tracked-job';
import { noReviewedJobs, type ReviewedJobs } from './reviewed-jobs';

export interface JobsFeature extends vscode.Disposable {
  tracker: JobTracker;
  /** The agent's uses this machine spent in the last hour, per project. */
  uses: AgentUses;
  provider: JobTreeProvider;
  /** Settles once the job files were first read: the rows a window opens on. */
  firstRead: Promise<void>;
  /** The machine-wide parts later features follow too: who polls, which windows have focus, finish claims. */
  machine: { lease: Lease; presence: Presence; claims: Claims };
  /** Lets go of the lease and this window's presence, so another window takes over at once. */
  release(): Promise<void>;
}

/** What version 1 kept: a list in global state and its copy in a file; the newer record of each job wins. */
function legacyJobs(globalState: vscode.Memento, legacyJobsFile: string): LegacyJobs {
  const legacyStorageKey = legacyStateKeys.trackedJobs;
  let unreadable: unknown[] = [];
  return {
    async read() {
      const stored = migrateStoredJobs(globalState.get<unknown>(legacyStorageKey));
      unreadable = stored.unreadable;
      const fromState = stored.jobs;
      const text = await readText(legacyJobsFile, fileCaps.legacyJobs).catch(() => undefined);
      let fromFile: TrackedJob[] = [];
      try {
        fromFile = text ? migrateStoredJobs(JSON.parse(text) as unknown).jobs : [];
      } catch {
        // a damaged copy: global state alone is all there is
      }
      const jobs = new Map<string, TrackedJob>();
      for (const job of [...fromState, ...fromFile]) {
        const known = jobs.get(jobKeyOf(job));
        if (!known || known.changedAt < job.changedAt) jobs.set(jobKeyOf(job), job);
      }
      return [...jobs.values()];
    },
    async clear() {
      // Records this version could not read stay where they were, for a version that can.
      await globalState.update(legacyStorageKey, unreadable.length ? { version: 1, jobs: [], unreadable } : undefined);
      await rm(legacyJobsFile, { force: true });
    },
  };
}

/**
 * The polling window publishes how checking goes beside its lease, so every window can say it.
 * A window in Restricted Mode checks nothing, so it never holds it.
 */
function pollerLease(storage: StoragePaths, tracker: JobTracker, pace: number): Lease {
  return new Lease(storage.lease, 'poller', {
    owner: thisWindowId,
    note: () => tracker.pollStatus,
    heartbeatMs: defaultHeartbeatMs / pace,
    mayHold: mayWorkForMachine,
  });
}

/** The jobs every window shares; a job followed again numbers its finishes past its claims still on the machine. */
function machineJobStore(globalState: vscode.Memento, storage: StoragePaths, claims: Claims): JobStore {
  return new JobStore(storage.jobs, {
    legacy: legacyJobs(globalState, storage.legacyJobsFile),
    lastClaimedRound: async (jobFile) => lastClaimedRound(await claims.names(), jobFile),
  });
}

/** Once a day on the machine, by a window that may work for it (not one in Restricted Mode). */
function jobPruning(storage: StoragePaths, store: JobStore, claims: Claims, log: FeatureServices['log']): DailyChore {
  const input = { store, claims, leftoverFolders: leftoverFolders(storage), hideFinishedAfterDays };
  return dailyPrune(storage.lastPrune, input, log, mayWorkForMachine);
}

/** The view's first answer waits for the jobs on disk; each moment of it goes in the window's start-up line. */
function windowStart(store: JobStore, startup: StartupTimes | undefined): Parameters<typeof createJobsView>[2] {
  return { read: store.firstRead.then(() => startup?.mark('jobsRead')), mark: (step) => startup?.mark(step) };
}

/** One notification per finish on the machine: the window that claims it first, where the writer is. */
function finishAnnouncer(
  store: JobStore,
  machine: { claims: Claims; presence: Presence; lease: Lease },
  reviewed: ReviewedJobs,
): FinishAnnouncer {
  return new FinishAnnouncer({
    store,
    claim: (name) => machine.claims.claim(name),
    notify: (job) => void announceFinishedJob(job, reviewed.has(job)),
    notifyOn,
    thisWindowFocused: () => vscode.window.state.focused,
    otherWindowFocused: () => machine.presence.otherFocused(),
    isPoller: () => machine.lease.held,
  });
}

export function createJobsFeature(
  globalState: vscode.Memento,
  storage: StoragePaths,
  { keys, clients, log }: FeatureServices,
  /** The jobs the writer sent a review (their finish leads to what changed since); the window's start-up line. */
  { reviewed = noReviewedJobs, startup }: { reviewed?: ReviewedJobs; startup?: StartupTimes } = {},
): JobsFeature {
  const claims = new Claims(storage.claims);
  const store = machineJobStore(globalState, storage, claims);
  const presence = new Presence(storage.windows, thisWindowId);
  const usesFile = new SharedMemento(storage.agentUses);
  const uses = new AgentUses(usesFile, systemClock);
  const mayHaveArrived = (error: unknown): boolean => lostAnswerNote(error, 'followUp') !== undefined;
  const tracker = new JobTracker({
    store,
    client: (scope) => countingAgentUses(clients.forBaseUrl(scope.baseUrl), scope, uses, mayHaveArrived),
    clock: systemClock,
    isFocused: () => presence.anyFocused(),
    pollSettings: pollSettings(),
    pace: testPace(),
    hideFinishedAfterDays,
    mayHaveArrived,
    notTheService: (baseUrl) => !isServiceAddress(baseUrl, { userBaseUrl: userBaseUrl(), defaultBaseUrl }),
    log: (message) => log.warn(message),
  });
  // The view first: its registration leaves for the workbench at activation's first pause.
  const view = createJobsView(tracker, reviewed, windowStart(store, startup));
  const lease = pollerLease(storage, tracker, testPace());
  const announcer = finishAnnouncer(store, { claims, presence, lease }, reviewed);
  const parts = vscode.Disposable.from(
    view,
    createJobsStatusBar(tracker),
    connectTracker(tracker, keys, clients, { lease, presence, announcer }),
    announcer,
    jobPruning(storage, store, claims, log),
    tracker,
    store,
    usesFile,
  );
  let released: Promise<void> | undefined;
  const release = (): Promise<void> => (released ??= Promise.all([lease.dispose(), presence.dispose()]).then(() => undefined));
  return {
    tracker,
    uses,
    provider: view.provider,
    firstRead: store.firstRead,
    machine: { lease, presence, claims },
    release,
    dispose: () => {
      parts.dispose();
      void release();
    },
  };
}
