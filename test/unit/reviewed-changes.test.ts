import * as assert from 'node:assert/strict';
import { changeKey, reviewedKeysOf, withReviewed } from '../../src/review/change-keys';
import { parseHunks } from '../../src/review/hunks';
import { inEditorLines } from '../../src/review/page-lines';
import { ReviewStore } from '../../src/review/review-store';
import { markSent, notePending } from '../../src/review/review-drafts';
import type { ReviewThread } from '../../src/review/review-record';
import { reviewedCountOf, withReviewedCount, type JobEvent } from '../../src/jobs/job-history';
import { gitDiffOfTexts } from '../support/git/text-diff';
import { machineFolder } from '../support/fakes/job-window';

const page = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');
const keysOf = (path: string, base: string, agent: string): string[] =>
  inEditorLines(parseHunks(gitDiffOfTexts(base, agent)), base, agent).map((hunk) => changeKey(path, hunk));

async function storeOn(folder: string): Promise<ReviewStore> {
  const store = new ReviewStore(folder, { watch: false });
  await store.ready;
  return store;
}

// Reviewed, change by change: what the writer marked is kept for every window and reload, and
// belongs to the change's text, so the agent's next version keeps the marks of what it left alone.
describe('reviewed changes: kept for every window, by what each change is', () => {
  const job = 'https://api.example|proj|job-1';
  const base = page('# Install', '', 'Run the installer.', '', 'Sign in.', '', 'Send a job.', '', 'That is all.');
  const first = page('# Install', '', 'Run the installer for your system.', '', 'Sign in.', '', 'Pick a project.', '', 'Send a job.', '');

  it('a change is known by its file and text, whatever its line breaks or place', () => {
    const [reworded] = keysOf('docs/install.mdx', base, first);
    assert.ok(reworded);
    assert.deepEqual(keysOf('docs/install.mdx', base.replace(/\n/g, '\r\n'), first.replace(/\n/g, '\r\n'))[0], reworded);
    const moved = keysOf('docs/install.mdx', `# Title\n\n${base}`, `# Title\n\n${first}`)[0];
    assert.equal(moved, reworded, 'the same change two lines lower');
    assert.notEqual(keysOf('docs/other.mdx', base, first)[0], reworded, 'another file');
  });

  it('marks made in one window are there in another and after a reload; unmarking takes one out', async () => {
    const folder = machineFolder();
    const [windowA, windowB] = await Promise.all([storeOn(folder), storeOn(folder)]);
    const keys = keysOf('docs/install.mdx', base, first);
    assert.equal(keys.length, 3);
    await windowA.change(job, (review) => withReviewed(review, [keys[0] ?? ''], true, '2026-11-29T08:00:00.000Z'));
    await windowB.change(job, (review) => withReviewed(review, [keys[2] ?? ''], true, '2026-11-29T08:01:00.000Z'));
    const reloaded = await storeOn(folder);
    assert.deepEqual([...reviewedKeysOf(reloaded.get(job))].sort(), [keys[0], keys[2]].sort());
    await reloaded.change(job, (review) => withReviewed(review, [keys[0] ?? ''], false, '2026-11-29T08:02:00.000Z'));
    assert.deepEqual([...reviewedKeysOf((await storeOn(folder)).get(job))], [keys[2]]);
  });

  it('after a follow-up, a change the agent left as it was stays reviewed and one it rewrote is not', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    const before = keysOf('docs/install.mdx', base, first);
    await store.change(job, (review) => withReviewed(review, before, true, '2026-11-29T08:00:00.000Z'));
    // The follow-up's version: the new paragraph reworded, the rest as it was.
    const second = first.replace('Pick a project.', 'Pick the project you work on.');
    const after = keysOf('docs/install.mdx', base, second);
    const reviewed = reviewedKeysOf((await storeOn(folder)).get(job));
    assert.deepEqual(
      after.map((key) => reviewed.has(key)),
      [true, false, true],
    );
  });

  it('sending a review keeps the marks: the follow-up it starts is checked against them', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.change(job, (review) => withReviewed(review, ['k1', 'k2'], true, '2026-11-29T08:00:00.000Z'));
    const thread: ReviewThread = {
      id: 't1',
      uri: 'git:/work/docs/install.mdx?{"ref":"abc"}',
      path: 'docs/install.mdx',
      side: 'agent',
      commit: 'abc',
      head: 'abc',
      from: 3,
      to: 3,
      lines: ['Run the installer for your system.'],
      comments: [{ id: 'c1', body: 'Shorter.', at: '2026-11-29T08:01:00.000Z' }],
    };
    await store.change(job, (review) => ({ ...review, threads: [thread] }));
    await notePending(store, job, 'docs-agent-compose:/d1/Review.md', [thread]);
    assert.equal(await markSent(store, job, 'docs-agent-compose:/d1/Review.md'), 1);
    const sent = (await storeOn(folder)).get(job);
    assert.equal(sent?.pending, undefined);
    assert.deepEqual([...reviewedKeysOf(sent)], ['k1', 'k2']);
  });

  it('a review holding only marks is kept as long as a commented one (marked is touched)', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.change(job, (review) => withReviewed(review, ['k1'], true, '2026-11-29T08:00:00.000Z'));
    assert.equal(await store.pruneUntouchedSince(new Date('2026-11-20T00:00:00.000Z')), 0);
    assert.equal(await store.pruneUntouchedSince(new Date('2026-12-30T00:00:00.000Z')), 1);
  });

  it('the job’s record keeps one count, the newest', () => {
    const at = '2026-11-29T08:00:00.000Z';
    let history: JobEvent[] = [{ kind: 'finished', at, status: 'completed' }];
    history = withReviewedCount(history, { kind: 'reviewed', at, reviewed: 1, total: 7 });
    history = withReviewedCount(history, { kind: 'reviewed', at, reviewed: 3, total: 7 });
    assert.equal(history.filter((e) => e.kind === 'reviewed').length, 1);
    assert.deepEqual(reviewedCountOf(history), { kind: 'reviewed', at, reviewed: 3, total: 7 });
  });
});
