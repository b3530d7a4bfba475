// Figure 5: what several windows on one machine cost. (a) GETs per job-minute with one window
// open and with three, in the real editor (code-server + Chromium, one browser page a window);
// (b) analytics requests for one range across three windows and two reloads, module level on
// the real shared files and read lock; (c) what the job store writes per poll of 200 tracked
// jobs when nothing changed, and when ten finished.
import { join } from 'node:path';
import { presetRange, todayUtc } from '../../src/visitors/date-range';
import { RequestLedger } from '../../src/visitors/request-ledger';
import { VisitorsCache } from '../../src/visitors/visitors-cache';
import { VisitorsService } from '../../src/visitors/visitors-service';
import { maxPageSize } from '../../src/api/visitor-pages';
import { JobStore } from '../../src/jobs/job-store';
import { JobTracker } from '../../src/jobs/job-tracker';
import { systemClock } from '../../src/platform/clock';
import { machineReadAlone } from '../../src/platform/machine/read-alone';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import { startApiFixture } from '../support/emulator/api-fixture';
import { checksSince, getsPerJobMinute } from '../support/emulator/check-pace';
import { machineFolder } from '../support/fakes/job-window';
import { MemoryTextFiles } from '../support/fakes/memory-text-files';
import { visitTruth } from '../support/emulator/visit-truth';
import { Workbench } from '../support/workbench/workbench';

export interface MachineFigures {
  polling: { jobs: number; oneWindowGetsPerJobMinute: number; threeWindowsGetsPerJobMinute: number };
  analytics: { range: string; paths: number; minimumRequests: number; windows: number; reloads: number; requests: number };
  storeWrites: { jobs: number; unchanged: { files: number; bytes: number }; tenFinished: { files: number; bytes: number } };
}

/** GETs per job-minute from the spacing of each job's checks after `since`, once each has `count`. */
async function pace(workbench: Workbench, ids: string[], since: number, count: number): Promise<number> {
  const log = await checksSince(workbench, ids, since, count, 180_000);
  return Math.round(getsPerJobMinute(log, ids, since) * 100) / 100;
}

async function pollingFigures(): Promise<MachineFigures['polling']> {
  const first = await Workbench.open({
    withKey: true,
    userSettings: { 'docsAgent.jobs.confirmBeforeSending': false, 'docsAgent.jobs.maxCheckIntervalSeconds': 5 },
  });
  try {
    await first.openDocsAgentView();
    const prompts = ['Bench job A', 'Bench job B', 'Bench job C'];
    for (const prompt of prompts) {
      await first.newJob(prompt);
      await first.jobRow(prompt).waitFor({ timeout: 30_000 });
    }
    const ids = (await first.control.jobs()).map((j) => j.id);
    await pace(first, ids, 0, 2); // settled into its pace
    const oneMark = Date.now();
    const oneWindow = await pace(first, ids, oneMark, 6);
    for (let i = 0; i < 2; i++) {
      const other = await first.openWindow();
      await other.openDocsAgentView();
      for (const prompt of prompts) await other.jobRow(prompt).waitFor({ timeout: 30_000 });
    }
    const threeMark = Date.now();
    const threeWindows = await pace(first, ids, threeMark, 6);
    return { jobs: ids.length, oneWindowGetsPerJobMinute: oneWindow, threeWindowsGetsPerJobMinute: threeWindows };
  } finally {
    await first.close();
  }
}

async function analyticsFigures(): Promise<MachineFigures['analytics']> {
  const api = await startApiFixture({ analyticsLimitPerHour: 1_000_000 });
  const mementos: SharedMemento[] = [];
  try {
    const folder = machineFolder();
    const files = new MemoryTextFiles();
    const today = todayUtc(Date.now());
    const range = presetRange('30d', today);
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.syntheticProjectId };
    // A window: its own shared-file memento (as each extension host has), the machine's folders and read lock.
    const open = async (): Promise<VisitorsService> => {
      const shared = new SharedMemento(join(folder, 'shared.json'), { watch: false });
      mementos.push(shared);
      await shared.ready;
      const client = api.client();
      return new VisitorsService({
        client: () => client,
        cache: new VisitorsCache(shared, files, systemClock),
        ledger: new RequestLedger(shared, systemClock),
        clock: systemClock,
        readAlone: machineReadAlone(join(folder, 'reading'), 60_000),
      });
    };
    const truth = await visitTruth(api.control, scope.projectId, range.from, range.to);
    await api.control.clearRequests();
    const windows = await Promise.all([open(), open(), open()]);
    await Promise.all(windows.map((w) => w.load(scope, range)));
    for (let i = 0; i < 2; i++) await (await open()).load(scope, range);
    const requests = (await api.control.requests()).filter((r) => r.path.endsWith('/visitors')).length;
    return {
      range: `${range.from}..${range.to}`,
      paths: truth.byPath.size,
      minimumRequests: Math.ceil(truth.byPath.size / maxPageSize),
      windows: 3,
      reloads: 2,
      requests,
    };
  } finally {
    for (const m of mementos) m.dispose();
    await api.close();
  }
}

async function storeFigures(): Promise<MachineFigures['storeWrites']> {
  const api = await startApiFixture({ agentLimitPerHour: 100_000 });
  try {
    const scope = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
    const store = new JobStore(join(machineFolder(), 'jobs'), { watch: false });
    await store.ready;
    const client = api.client();
    const tracker = new JobTracker({ store, client: () => client, clock: systemClock, isFocused: () => true });
    tracker.setScopes([scope]);
    const jobs = 200;
    for (let i = 0; i < jobs; i++) await tracker.create(scope, `Store bench job ${i}`);
    const poll = async (): Promise<{ files: number; bytes: number }> => {
      const [files, bytes] = [store.writes, store.bytesWritten];
      await tracker.refreshAll();
      return { files: store.writes - files, bytes: store.bytesWritten - bytes };
    };
    await poll(); // the first answers fill in what creating left out
    const unchanged = await poll();
    const ids = (await api.control.jobs()).slice(0, 10).map((j) => j.id);
    for (const id of ids) await api.control.finishJob(id);
    const tenFinished = await poll();
    tracker.dispose();
    store.dispose();
    return { jobs, unchanged, tenFinished };
  } finally {
    await api.close();
  }
}

export async function machineBench(): Promise<MachineFigures> {
  const analytics = await analyticsFigures();
  const storeWrites = await storeFigures();
  const polling = await pollingFigures();
  return { polling, analytics, storeWrites };
}
