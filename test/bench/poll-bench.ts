// Figure 3: what polling costs and how late it notices, in virtual time. The real JobTracker
// (and so the real PollScheduler) and a naive fixed 5-second poller watch the same jobs on the
// real emulator, side by side on one FakeClock; each poller's GETs are told apart in the
// emulator's request log by the client's user agent.
import type { ProjectScope } from '../../src/api/project-scope';
import { JobStore } from '../../src/jobs/job-store';
import { JobTracker } from '../../src/jobs/job-tracker';
import { isTerminal, type TrackedJob } from '../../src/jobs/tracked-job';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { machineFolder } from '../support/fakes/job-window';
import { Lockstep } from './lockstep';
import { NaivePoller } from './naive-poller';
import { round, type Summary, summarize } from './stats';

const hourMs = 3_600_000;

export interface PollerFigures {
  getRequests: number;
  /** Virtual seconds from the emulator finishing a job to the poller seeing it. */
  detectionDelaySeconds: Summary;
}

export interface PollFigures {
  batch: {
    jobs: number;
    durationSeconds: { min: number; max: number };
    virtualMinutes: number;
    scheduler: PollerFigures;
    naive5s: PollerFigures;
    /** Wall time the emulator ran ahead of virtual time at worst: the error bar on the delays. */
    emulatorLeadMaxMs: number;
  };
  hour: {
    jobs: number;
    schedulerFocused: number;
    schedulerUnfocused: number;
    /** Not simulated (36,000 requests): one GET per job every 5 s, whatever the focus. */
    naive5sComputed: number;
  };
}

/** The real store, whose file writes the stepper waits for before time moves on. */
class SteppedStore extends JobStore {
  constructor(
    private readonly step: Lockstep,
    folder: string,
  ) {
    super(folder, { watch: false });
  }

  override updateJob(key: string, update: (job: TrackedJob) => TrackedJob): Promise<TrackedJob | undefined> {
    return this.step.follow(super.updateJob(key, update));
  }
}

/** A polling tracker as one window has it, its client marked by `userAgent` and followed by the stepper. */
async function trackerOn(
  api: ApiFixture,
  step: Lockstep,
  scope: ProjectScope,
  userAgent: string,
  focused: boolean,
  seen?: Map<string, number>,
): Promise<JobTracker> {
  const client = step.track(api.client({ userAgent }));
  const store = new SteppedStore(step, machineFolder());
  await store.ready;
  const tracker = new JobTracker({ store, client: () => client, clock: step.clock, isFocused: () => focused });
  tracker.setScopes([scope]);
  tracker.setPolling(true);
  // The moment each job is first seen finished (the announcement follows from the same change).
  tracker.onDidChange(() => {
    for (const job of store.all()) if (seen && isTerminal(job.job.status) && !seen.has(job.id)) seen.set(job.id, step.clock.now());
  });
  return tracker;
}

async function getsBy(api: ApiFixture, userAgent: string): Promise<number> {
  const log = await api.control.requests();
  // The log keeps its last 10,000 records: a count from a clipped log would be too low.
  if (log.length >= 10_000) throw new Error('the emulator request log overflowed; clear it more often');
  return log.filter((r) => r.method === 'GET' && r.userAgent === userAgent).length;
}

/** Varied prompts, so some jobs fail and some finish without a pull request, as in real use. */
const prompt = (i: number): string => `Bench job ${i}${i % 5 === 4 ? ' [fail]' : i % 7 === 6 ? ' [no-change]' : ''}`;

async function batch(jobs: number): Promise<PollFigures['batch']> {
  // Seeded: the same durations every run.
  const api = await startApiFixture({ seed: 7, jobMinMs: 20_000, jobMaxMs: 1_200_000, agentLimitPerHour: 100_000 });
  try {
    const step = new Lockstep(api.control);
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
    const schedulerSeen = new Map<string, number>();
    const tracker = await trackerOn(api, step, scope, 'bench-scheduler', true, schedulerSeen);
    const ids: string[] = [];
    for (let i = 0; i < jobs; i++) ids.push((await tracker.create(scope, prompt(i))).id);
    const naive = new NaivePoller(step.clock, step.track(api.client({ userAgent: 'bench-naive' })), scope.projectId, ids);
    naive.start();
    await step.anchor();
    const start = step.clock.now();

    const finishAt = new Map<string, number>();
    for (const job of await api.control.jobs()) {
      if (job.dueAt !== null) finishAt.set(job.id, step.toVirtual(job.dueAt));
    }
    const end = await step.runUntil(start + 40 * 60_000, () => schedulerSeen.size === jobs && naive.seenAt.size === jobs);
    tracker.dispose();
    naive.stop();
    if (schedulerSeen.size < jobs || naive.seenAt.size < jobs) throw new Error('not every finish was seen within 40 virtual minutes');

    const delays = (seen: Map<string, number>): Summary =>
      summarize(ids.map((id) => ((seen.get(id) ?? NaN) - (finishAt.get(id) ?? NaN)) / 1000));
    const durations = [...finishAt.values()].map((at) => (at - start) / 1000);
    return {
      jobs,
      durationSeconds: { min: round(Math.min(...durations)), max: round(Math.max(...durations)) },
      virtualMinutes: round((end - start) / 60_000),
      scheduler: { getRequests: await getsBy(api, 'bench-scheduler'), detectionDelaySeconds: delays(schedulerSeen) },
      naive5s: { getRequests: await getsBy(api, 'bench-naive'), detectionDelaySeconds: delays(naive.seenAt) },
      emulatorLeadMaxMs: Math.round(step.maxLeadMs),
    };
  } finally {
    await api.close();
  }
}

async function hour(jobs: number): Promise<PollFigures['hour']> {
  // Every job outlives the hour.
  const api = await startApiFixture({ jobMinMs: 3 * hourMs, jobMaxMs: 3 * hourMs, agentLimitPerHour: 100_000 });
  try {
    const step = new Lockstep(api.control);
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
    const focused = await trackerOn(api, step, scope, 'bench-focused', true);
    const unfocused = await trackerOn(api, step, scope, 'bench-unfocused', false);
    for (let i = 0; i < jobs; i++) {
      await focused.create(scope, prompt(i));
      await unfocused.create(scope, prompt(i));
    }
    await step.anchor();
    await step.runUntil(step.clock.now() + hourMs);
    focused.dispose();
    unfocused.dispose();
    return {
      jobs,
      schedulerFocused: await getsBy(api, 'bench-focused'),
      schedulerUnfocused: await getsBy(api, 'bench-unfocused'),
      naive5sComputed: jobs * Math.floor(hourMs / 5_000),
    };
  } finally {
    await api.close();
  }
}

export async function pollBench(): Promise<PollFigures> {
  return { batch: await batch(40), hour: await hour(50) };
}
