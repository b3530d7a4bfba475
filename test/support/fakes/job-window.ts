// One window's jobs machinery as the extension builds it, minus the editor: the store on a
// shared folder, the tracker, and the finish announcer with real claims. Several of these on
// one folder stand for several windows on one machine.
import type { ProjectScope } from '../../../src/api/project-scope';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FinishAnnouncer } from '../../../src/jobs/finish-announcer';
import { type LegacyJobs, JobStore } from '../../../src/jobs/job-store';
import { lastClaimedRound } from '../../../src/jobs/job-retention';
import { type JobsClient, JobTracker } from '../../../src/jobs/job-tracker';
import { type Clock } from '../../../src/platform/clock';
import type { PollSettings } from '../../../src/jobs/poll-timing';
import type { TrackedJob } from '../../../src/jobs/tracked-job';
import { Claims } from '../../../src/platform/machine/claims';

export function machineFolder(): string {
  return mkdtempSync(join(tmpdir(), 'docs-agent-machine-'));
}

export interface JobWindowOptions {
  client: JobsClient;
  /** A client per job's address, instead of `client` for all (as the editor's client provider does). */
  clientFor?: (scope: ProjectScope) => JobsClient;
  /** Faster polling for tests that let the scheduler run on a real clock. */
  pollSettings?: Partial<PollSettings>;
  notTheService?: (baseUrl: string) => boolean;
  clock: Clock;
  scopes: ProjectScope[];
  notifyOn?: string[];
  focused?: boolean;
  polling?: boolean;
  legacy?: LegacyJobs;
  hideFinishedAfterDays?: number;
  mayHaveArrived?: (error: unknown) => boolean;
}

export interface JobWindow {
  store: JobStore;
  tracker: JobTracker;
  announcer: FinishAnnouncer;
  /** Finishes this window showed, in order. */
  announced: TrackedJob[];
  dispose(): void;
}

export async function openJobWindow(folder: string, options: JobWindowOptions): Promise<JobWindow> {
  const claims = new Claims(join(folder, 'claims'));
  const store = new JobStore(join(folder, 'jobs'), {
    watch: false,
    lastClaimedRound: async (jobFile) => lastClaimedRound(await claims.names(), jobFile),
    ...(options.legacy ? { legacy: options.legacy } : {}),
  });
  await store.ready;
  const focused = options.focused ?? true;
  const tracker = new JobTracker({
    store,
    client: (scope) => options.clientFor?.(scope) ?? options.client,
    clock: options.clock,
    isFocused: () => focused,
    hideFinishedAfterDays: () => options.hideFinishedAfterDays ?? 30,
    ...(options.mayHaveArrived ? { mayHaveArrived: options.mayHaveArrived } : {}),
    ...(options.pollSettings ? { pollSettings: options.pollSettings } : {}),
    ...(options.notTheService ? { notTheService: options.notTheService } : {}),
  });
  tracker.setScopes(options.scopes);
  tracker.setPolling(options.polling ?? true);
  const announced: TrackedJob[] = [];
  const notifyOn = new Set(options.notifyOn ?? ['completed', 'failed']);
  const announcer = new FinishAnnouncer({
    store,
    claim: (name) => claims.claim(name),
    notify: (job) => announced.push(job),
    notifyOn: () => notifyOn,
    thisWindowFocused: () => focused,
    otherWindowFocused: () => false,
    isPoller: () => options.polling ?? true,
  });
  return {
    store,
    tracker,
    announcer,
    announced,
    dispose() {
      announcer.dispose();
      tracker.dispose();
      store.dispose();
    },
  };
}
