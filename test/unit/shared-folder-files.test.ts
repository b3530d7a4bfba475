import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobFileName, JobStore, journalName } from '../../src/jobs/job-store';
import { serializeJobFile } from '../../src/jobs/job-record';
import { jobKeyOf } from '../../src/jobs/tracked-job';
import { readJson } from '../../src/platform/machine/atomic-file';
import { DailyChore } from '../../src/platform/machine/daily-chore';
import { withLock } from '../../src/platform/machine/file-lock';
import { folderFiles } from '../../src/platform/machine/folder-files';
import { Lease } from '../../src/platform/machine/lease';
import { Presence } from '../../src/platform/machine/presence';
import { fileCaps, readShared, RefusedFile } from '../../src/platform/machine/shared-file';
import { SharedMemento } from '../../src/platform/machine/shared-memento';
import { logSkippedFilesTo } from '../../src/platform/machine/skip-log';
import { PreviewStore } from '../../src/previews/preview-store';
import { serializeReviewFile } from '../../src/review/review-record';
import { reviewFileName, ReviewStore } from '../../src/review/review-store';
import { maxReportFileBytes } from '../../src/visitors/cache-entries';
import { machineFolder } from '../support/fakes/job-window';
import { trackedJob } from '../support/fakes/tracked-jobs';
import { makeFifo, makeLink, releaseFifos, within } from '../support/odd-files';

// Any process of this user can put anything into the extension's shared storage folder. A FIFO,
// a link to /dev/zero or a huge file named like a record must neither hang a view nor hide the
// records beside it; each is skipped, and told to the log once.
describe('odd files in the machine’s shared folder', function () {
  /** Long enough for a loaded machine to read a few files; a reader that waits for ever fails here, with its name. */
  const deadlineMs = 3_000;
  // The deadline fails first (a test still running after mocha's timeout would make more FIFOs nobody lets go).
  this.timeout(4 * deadlineMs);
  const job = 'https://api.example|proj|job-1';
  const lines: string[] = [];
  const open: { dispose(): unknown }[] = [];

  beforeEach(() => logSkippedFilesTo((line) => lines.push(line)));
  afterEach(async () => {
    logSkippedFilesTo(undefined);
    lines.length = 0;
    releaseFifos();
    for (const made of open.splice(0)) await made.dispose();
  });

  function review(jobKey: string, id: string): string {
    const thread = {
      id,
      uri: `git:/work/docs/${id}.mdx?{"ref":"abc"}`,
      path: `docs/${id}.mdx`,
      side: 'agent' as const,
      commit: 'abc',
      head: 'abc',
      from: 3,
      to: 3,
      lines: ['A line'],
      comments: [{ id: `${id}-1`, body: 'Keep the old example.', at: '2026-11-27T08:00:00.000Z' }],
    };
    return serializeReviewFile({ job: jobKey, threads: [thread], sent: [] });
  }

  /** A reviews folder holding one good review (of `job`). */
  function reviewsFolder(): string {
    const folder = machineFolder();
    writeFileSync(join(folder, reviewFileName(job)), review(job, 'good'));
    return folder;
  }

  async function readyStore(folder: string): Promise<ReviewStore> {
    const store = new ReviewStore(folder, { watch: false });
    open.push(store);
    await within(deadlineMs, 'the review store', store.ready);
    return store;
  }

  it('a FIFO named like a review does not keep the reviews from loading, and is told once', async () => {
    const folder = reviewsFolder();
    const fifo = makeFifo(join(folder, 'a.json'));
    const store = await readyStore(folder);
    assert.deepEqual(
      store.all().map((r) => r.job),
      [job],
    );
    await within(deadlineMs, 'a rescan', store.reload());
    await readyStore(folder); // another window of the same process
    assert.deepEqual(
      lines.filter((line) => line.includes(fifo)),
      [`Skipped ${fifo}: it is not a regular file.`],
    );
  });

  it('every reader of the shared folder passes over a FIFO where its file should be', async () => {
    const root = machineFolder();
    const readers: { what: string; file: string; read: (folder: string, path: string) => Promise<unknown> }[] = [
      { what: 'jobs', file: 'a.json', read: async (folder) => (await storeReady(new JobStore(folder, { watch: false }))).all() },
      { what: 'previews', file: 'a.json', read: async (folder) => (await storeReady(new PreviewStore(folder, { watch: false }))).all() },
      { what: 'a shared memento', file: 'shared.json', read: (_, path) => track(new SharedMemento(path, { watch: false })).ready },
      { what: 'the windows', file: 'other.json', read: (folder) => track(new Presence(folder, 'mine', { rescanMs: 0 })).read() },
      { what: 'the lease', file: 'poller.lease', read: (folder) => track(new Lease(folder, 'poller', { owner: 'me' })).check() },
      { what: 'the daily chore', file: 'chore.json', read: (_, path) => track(new DailyChore(path, () => Promise.resolve())).runIfDue() },
      { what: 'a report', file: 'report.json', read: (folder) => folderFiles(folder, maxReportFileBytes).read('report.json') },
      // Not a lock anybody holds: it goes once stale, like a lock whose holder died.
      { what: 'a lock', file: 'record.json.lock', read: (_, path) => withLock(path, () => Promise.resolve(), { staleMs: 50 }) },
    ];
    for (const { what, file, read } of readers) {
      const folder = join(root, what.replace(/ /g, '-'));
      await within(deadlineMs, what, read(folder, makeFifo(join(folder, file))));
    }
  });

  it('a FIFO named like the jobs’ change journal holds up no change to a job', async () => {
    const folder = machineFolder();
    makeFifo(join(folder, journalName));
    const store = await within(deadlineMs, 'the job store', storeReady(new JobStore(folder, { watch: false })));
    await within(deadlineMs, 'tracking a job', store.track(trackedJob('one', '2026-11-20T10:00:00Z')));
    assert.deepEqual(
      store.all().map((j) => j.id),
      ['one'],
    );
  });

  function track<T extends { dispose(): unknown }>(made: T): T {
    open.push(made);
    return made;
  }
  async function storeReady<T extends { ready: Promise<void>; dispose(): unknown }>(store: T): Promise<T> {
    await track(store).ready;
    return store;
  }

  it('a link to /dev/zero named like a review is skipped without being read', async () => {
    const folder = reviewsFolder();
    const link = makeLink(join(folder, 'zero.json'), '/dev/zero');
    const store = await readyStore(folder);
    assert.deepEqual(
      store.all().map((r) => r.job),
      [job],
    );
    await assert.rejects(within(deadlineMs, 'the link', readShared(link, fileCaps.review)), RefusedFile);
    assert.ok(lines.includes(`Skipped ${link}: it is a link, which is not followed.`), lines.join('\n'));
  });

  it('a link to a good review elsewhere is not followed', async () => {
    const folder = reviewsFolder();
    const elsewhere = join(machineFolder(), 'other.json');
    writeFileSync(elsewhere, review('https://api.example|proj|job-2', 'linked'));
    makeLink(join(folder, reviewFileName('https://api.example|proj|job-2')), elsewhere);
    const store = await readyStore(folder);
    assert.deepEqual(
      store.all().map((r) => r.job),
      [job],
    );
  });

  it('a file larger than its kind may be is skipped, and the records beside it still load', async () => {
    const reviews = reviewsFolder();
    const big = join(reviews, reviewFileName('https://api.example|proj|job-2'));
    // Good JSON, but past the cap: only damage or mischief makes a review this large.
    writeFileSync(big, review('https://api.example|proj|job-2', 'big') + ' '.repeat(fileCaps.review));
    const store = await readyStore(reviews);
    assert.deepEqual(
      store.all().map((r) => r.job),
      [job],
    );
    assert.ok(lines.includes(`Skipped ${big}: it is larger than this kind of file may be.`), lines.join('\n'));

    const jobs = machineFolder();
    const good = await storeReady(new JobStore(jobs, { watch: false }));
    await good.track(trackedJob('kept', '2026-11-20T10:00:00Z'));
    const large = trackedJob('large', '2026-11-21T10:00:00Z');
    const largeFile = join(jobs, jobFileName(jobKeyOf(large)));
    writeFileSync(largeFile, serializeJobFile({ key: jobKeyOf(large), job: large }) + ' '.repeat(fileCaps.record));
    const reloaded = await storeReady(new JobStore(jobs, { watch: false }));
    assert.deepEqual(
      reloaded.all().map((j) => j.id),
      ['kept'],
    );
    assert.equal(await readJson(largeFile, fileCaps.record), undefined);
  });
});
