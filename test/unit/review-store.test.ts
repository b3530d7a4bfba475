import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReviewThread } from '../../src/review/review-record';
import { reviewFileName, ReviewStore } from '../../src/review/review-store';
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
});
