import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReviewThread } from '../../src/review/review-record';
import { markSent, notePending, whyNotSendable } from '../../src/review/review-drafts';
import { reviewedJobsOf, reviewFileName, ReviewStore } from '../../src/review/review-store';
import { machineFolder } from '../support/fakes/job-window';

// A draft review is the writer's work: it must survive a reload, another window commenting at the
// same moment, and a file a newer version wrote.
describe('draft reviews shared by every window', () => {
  const job = 'https://api.example|proj|job-1';
  const thread = (id: string, over: Partial<ReviewThread> = {}): ReviewThread => ({
    id,
    uri: `git:/work/docs/${id}.mdx?{"ref":"abc"}`,
    path: `docs/${id}.mdx`,
    side: 'agent',
    commit: 'abc',
    head: 'abc',
    from: 3,
    to: 3,
    lines: ['A line with `code`'],
    comments: [{ id: `${id}-1`, body: 'Keep the old example.', at: '2026-11-27T08:00:00.000Z' }],
    ...over,
  });
  async function storeOn(folder: string): Promise<ReviewStore> {
    const store = new ReviewStore(folder, { watch: false });
    await store.ready;
    return store;
  }

  it('keeps threads across a reload, and two windows commenting at once keep both', async () => {
    const folder = machineFolder();
    const [windowA, windowB] = await Promise.all([storeOn(folder), storeOn(folder)]);
    await Promise.all(
      ['one', 'two', 'three', 'four'].map((id, i) =>
        (i % 2 ? windowA : windowB).change(job, (review) => ({ ...review, threads: [...review.threads, thread(id)] })),
      ),
    );
    const reloaded = await storeOn(folder);
    assert.deepEqual(
      reloaded
        .get(job)
        ?.threads.map((t) => t.id)
        .sort(),
      ['four', 'one', 'three', 'two'],
    );
    assert.deepEqual(reloaded.get(job)?.threads[0]?.lines, ['A line with `code`']);
    await windowA.reload();
    assert.equal(windowA.get(job)?.threads.length, 4, 'the other window’s threads show after its watch');
  });

  it('tells the jobs which were sent a review, and only when one joins (a comment typed redraws no job row)', async () => {
    const store = await storeOn(machineFolder());
    const reviewed = reviewedJobsOf(store);
    let told = 0;
    const listening = reviewed.onDidChange(() => told++);
    const tracked = { id: 'job-1', baseUrl: 'https://api.example', projectId: 'proj' } as Parameters<typeof reviewed.has>[0];
    const key = JSON.stringify(['https://api.example', 'proj', 'job-1']);
    await store.change(key, (review) => ({ ...review, threads: [thread('one')] }));
    assert.equal(reviewed.has(tracked), false, 'a draft is no review sent');
    assert.equal(told, 0);
    await store.change(key, (review) => ({ ...review, sent: [{ at: '2026-11-27T09:00:00.000Z', commit: 'abc', threads: 1 }] }));
    assert.equal(reviewed.has(tracked), true);
    assert.equal(told, 1);
    await store.change(key, (review) => ({ ...review, threads: [...review.threads, thread('two')] }));
    assert.equal(told, 1, 'another comment changes no row');
    listening.dispose();
  });

  it('marks threads sent without losing them, and records the review', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.change(job, (review) => ({ ...review, threads: [thread('one'), thread('two')] }));
    await store.change(job, (review) => ({
      ...review,
      threads: review.threads.map((t) => ({ ...t, sentAt: '2026-11-27T09:00:00.000Z' })),
      sent: [...review.sent, { at: '2026-11-27T09:00:00.000Z', commit: 'abc', threads: 2 }],
    }));
    const reloaded = (await storeOn(folder)).get(job);
    assert.deepEqual(
      reloaded?.threads.map((t) => [t.id, t.sentAt]),
      [
        ['one', '2026-11-27T09:00:00.000Z'],
        ['two', '2026-11-27T09:00:00.000Z'],
      ],
    );
    assert.deepEqual(reloaded?.sent, [{ at: '2026-11-27T09:00:00.000Z', commit: 'abc', threads: 2 }]);
  });

  it('leaves a review it cannot read alone, and never writes over it', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    const file = join(folder, reviewFileName(job));
    const newer = JSON.stringify({ version: 2, review: { job, comments: 'a shape this version does not know' } });
    writeFileSync(file, newer);
    await store.reload();
    assert.equal(store.get(job), undefined);
    assert.equal(await store.change(job, (review) => ({ ...review, threads: [thread('one')] })), undefined);
    assert.equal(readFileSync(file, 'utf8'), newer);
  });

  it('removes a pruned job’s review', async () => {
    const folder = machineFolder();
    const store = await storeOn(folder);
    await store.change(job, (review) => ({ ...review, threads: [thread('one')] }));
    await store.remove([job]);
    assert.equal((await storeOn(folder)).get(job), undefined);
  });

  it('a review for a job no longer followed (pruned, or Stop Following) is refused in one sentence, and its comments kept', async () => {
    const store = await storeOn(machineFolder());
    await store.change(job, (review) => ({ ...review, threads: [thread('one'), thread('two')] }));
    const drafts = store.get(job)?.threads ?? [];
    assert.deepEqual(whyNotSendable(drafts, false), {
      note: 'This job is no longer followed here, so a review cannot go to it. Your 2 comments are kept.',
      warn: true,
    });
    assert.equal(store.get(job)?.threads.length, 2, 'nothing lost');
    assert.match(whyNotSendable([], true)?.note ?? '', /^No comments to send yet/);
    assert.equal(whyNotSendable(drafts, true), undefined, 'a followed job takes it');
  });

  it('marks sent only the threads the sent draft held; a comment written after stays a draft', async () => {
    const store = await storeOn(machineFolder());
    await store.change(job, (review) => ({ ...review, threads: [thread('one'), thread('two', { head: 'def' })] }));
    await notePending(store, job, 'docs-agent-compose:/r1/Review.md', store.get(job)?.threads ?? []);
    await store.change(job, (review) => ({ ...review, threads: [...review.threads, thread('three')] }));
    assert.equal(await markSent(store, job, 'docs-agent-compose:/other/Draft.md'), 0, 'another draft sent: no review');
    assert.equal(await markSent(store, job, 'docs-agent-compose:/r1/Review.md', new Date('2026-11-27T09:00:00.000Z')), 2);
    const review = store.get(job);
    assert.deepEqual(
      review?.threads.map((t) => [t.id, t.sentAt ?? 'draft']),
      [
        ['one', '2026-11-27T09:00:00.000Z'],
        ['two', '2026-11-27T09:00:00.000Z'],
        ['three', 'draft'],
      ],
    );
    assert.deepEqual(review?.sent, [{ at: '2026-11-27T09:00:00.000Z', commit: 'def', threads: 2 }], 'about the agent’s newest commit');
    assert.equal(review?.pending, undefined);
  });

  it('keeps a review as long as a draft: removed a month untouched, whether its job is still followed or not', async () => {
    const store = await storeOn(machineFolder());
    const old = (id: string): ReviewThread => thread(id, { comments: [{ id, body: 'Old remark.', at: '2026-10-01T08:00:00.000Z' }] });
    await store.change(job, (review) => ({ ...review, threads: [old('one'), thread('two')] }));
    await store.change('other|proj|job-2', (review) => ({ ...review, threads: [old('three')] }));
    assert.equal(await store.pruneUntouchedSince(new Date('2026-10-28T00:00:00.000Z')), 1);
    assert.deepEqual(
      store.all().map((r) => r.job),
      [job],
      'one recent comment keeps the whole review',
    );
  });
});
