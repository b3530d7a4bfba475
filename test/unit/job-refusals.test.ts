import type { ProjectScope } from '../../src/api/project-scope';
import * as assert from 'node:assert/strict';
import type { DocsApiClient } from '../../src/api/client';
import { guardedKey, type KeyRules } from '../../src/editor/key-guard';
import { originOf } from '../../src/editor/workspace-base-url';
import { jobKeyOf } from '../../src/jobs/tracked-job';
import { systemClock } from '../../src/platform/clock';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { eventually } from '../support/eventually';
import { type JobWindow, machineFolder, openJobWindow } from '../support/fakes/job-window';

// The poller checks every job on the machine. A refusal that belongs to one job (its address is
// not the writer's service any more, or the service refuses the key for its project) is that
// job's state, shown on its row; the other jobs go on being checked. A refused key stops all.
describe('job tracker: one job refused, the others checked on', () => {
  let api: ApiFixture;
  /** The emulator under two addresses: the base URL the writer had, and the one they changed it to. */
  let former: ProjectScope;
  let current: ProjectScope;
  const opened: JobWindow[] = [];
  // Checks every few milliseconds on the real clock; a refused job waits a minute.
  const fast = { firstDelayMs: 5, baseIntervalMs: 10, maxIntervalMs: 20, slowIntervalMs: 60_000 };

  before(async () => {
    api = await startApiFixture();
    former = { baseUrl: api.emulator.baseUrl, projectId: api.emulator.projectId };
    current = { ...former, baseUrl: api.emulator.baseUrl.replace('127.0.0.1', 'localhost') };
  });
  after(() => api.close());
  beforeEach(() => api.control.reset());
  afterEach(() => {
    for (const w of opened.splice(0)) w.dispose();
  });

  /** A polling window whose clients ask `rules` before the key leaves, as the editor's do. */
  async function windowWith(rules: KeyRules, service: () => string, scopes: ProjectScope[], folder = machineFolder()): Promise<JobWindow> {
    const clients = new Map<string, DocsApiClient>();
    const clientFor = (scope: ProjectScope): DocsApiClient => {
      const made =
        clients.get(scope.baseUrl) ??
        api.client({ baseUrl: scope.baseUrl, getApiKey: () => guardedKey(scope.baseUrl, rules, () => api.emulator.key) });
      clients.set(scope.baseUrl, made);
      return made;
    };
    const w = await openJobWindow(folder, {
      client: api.client(),
      clientFor,
      clock: systemClock,
      scopes,
      pollSettings: fast,
      notTheService: (baseUrl) => originOf(baseUrl) !== originOf(service()),
    });
    opened.push(w);
    return w;
  }

  const getsOf = async (id: string): Promise<number> =>
    (await api.control.requests()).filter((r) => r.method === 'GET' && r.path.endsWith(`/${id}`)).length;

  it('a job made at the base URL the writer changed says so on its row, unsent; the other is checked on and its finish announced', async () => {
    let service = former.baseUrl;
    let confirmed = false;
    let refusedChecks = 0;
    const rules: KeyRules = {
      trusted: () => true,
      allowed: (baseUrl) => {
        const ok = originOf(baseUrl) === originOf(service) || confirmed;
        if (!ok) refusedChecks++;
        return ok;
      },
    };
    const folder = machineFolder();
    const w = await windowWith(rules, () => service, [former], folder);
    const old = await w.tracker.create(former, 'Made at the old address');
    await eventually(() => w.tracker.lastCheckedAt(jobKeyOf(old)) !== undefined, 'the first check of the old job', 15_000);
    // The writer changes docsAgent.baseUrl (the settings listener does this much).
    service = current.baseUrl;
    w.tracker.setScopes([current]);
    w.tracker.resume();
    const sentBefore = await getsOf(old.id);
    const fresh = await w.tracker.create(current, 'Made at the new address');
    await eventually(() => w.tracker.get(jobKeyOf(old))?.refused === 'address', 'the old job refused for its address', 15_000);
    await api.control.finishJob(fresh.id);
    await eventually(() => w.announced.length > 0, 'the new job’s finish announced', 15_000);
    await w.announcer.settled();

    assert.deepEqual(
      w.announced.map((j) => j.prompt),
      ['Made at the new address'],
    );
    assert.equal(w.tracker.pollStatus.kind, 'polling', 'one job’s refusal stops nobody');
    const row = w.tracker.jobs().find((j) => j.id === old.id);
    assert.ok(row, 'the old job still shows in its project’s view');
    assert.match(
      row.checkError ?? '',
      new RegExp(`made at ${originOf(former.baseUrl)}, which is not your service address any more.*Stop following it, or confirm`),
    );
    assert.equal(await getsOf(old.id), sentBefore, 'nothing was sent to the old address');
    assert.ok(refusedChecks <= 2, `the refused job is checked slowly: ${refusedChecks} times`);

    // Another window reads the refusal from the machine's store.
    const other = await openJobWindow(folder, { client: api.client(), clock: systemClock, scopes: [current], polling: false });
    opened.push(other);
    assert.equal(other.tracker.get(jobKeyOf(old))?.refused, 'address');

    // The writer confirms the old address: the job is checked there again, and its refusal goes.
    confirmed = true;
    w.tracker.resume();
    await eventually(() => w.tracker.get(jobKeyOf(old))?.refused === undefined, 'the old job checked again', 15_000);
    assert.equal(w.tracker.get(jobKeyOf(old))?.checkError, undefined);
  });

  it('a job whose project the service refuses the key for (403) says so; the other job is checked on and finishes', async () => {
    const w = await windowWith({ trusted: () => true, allowed: () => true }, () => former.baseUrl, [former]);
    const refused = await w.tracker.create(former, 'Refused for its project');
    await api.control.fault({ kind: 'status', status: 403, count: 1000, match: { method: 'GET', path: refused.id } });
    const other = await w.tracker.create(former, 'Checked on');
    await eventually(() => w.tracker.get(jobKeyOf(refused))?.refused === 'project', 'the 403 on the job’s row', 15_000);
    await api.control.finishJob(other.id);
    await eventually(() => w.tracker.get(jobKeyOf(other))?.job.status === 'completed', 'the other job seen finished', 15_000);
    assert.equal(w.tracker.pollStatus.kind, 'polling');
    assert.match(w.tracker.get(jobKeyOf(refused))?.checkError ?? '', /does not let your API key see this job’s project/);
  });

  it('a refused key (401) still stops every check', async () => {
    const w = await windowWith({ trusted: () => true, allowed: () => true }, () => former.baseUrl, [former]);
    const one = await w.tracker.create(former, 'First');
    await w.tracker.create(former, 'Second');
    await eventually(() => w.tracker.lastCheckedAt(jobKeyOf(one)) !== undefined, 'a first check', 15_000);
    await api.control.fault({ kind: 'status', status: 401, count: 1000, match: { method: 'GET' } });
    await eventually(() => w.tracker.pollStatus.kind === 'blocked', 'every check stopped', 15_000);
    assert.ok(
      w.tracker.jobs().every((j) => j.refused === undefined && j.checkError === undefined),
      'no job blamed for the key',
    );
  });
});
