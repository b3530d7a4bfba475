import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEditorUri } from '../../src/platform/editor-uri';
import { logSkippedFilesTo } from '../../src/platform/machine/skip-log';
import { parseReviewFile, type ReviewThread, serializeReviewFile } from '../../src/review/review-record';
import { reviewFileName, ReviewStore } from '../../src/review/review-store';
import { machineFolder } from '../support/fakes/job-window';

// Review threads are drawn from the review files every window shares. One file with an address
// the editor refuses used to throw in the middle of drawing, and the threads after it were not
// drawn: a damaged review is now skipped when it is read, and the others are drawn.
describe('a damaged review among good ones', () => {
  const lines: string[] = [];
  beforeEach(() => logSkippedFilesTo((line) => lines.push(line)));
  afterEach(() => {
    logSkippedFilesTo(undefined);
    lines.length = 0;
  });

  const thread = (id: string, over: Partial<ReviewThread> = {}): ReviewThread => ({
    id,
    uri: `git:/work/docs/${id}.mdx?{"ref":"abc"}`,
    path: `docs/${id}.mdx`,
    side: 'agent',
    commit: 'abc',
    head: 'abc',
    from: 3,
    to: 3,
    lines: ['A line'],
    comments: [{ id: `${id}-1`, body: 'Keep the old example.', at: '2026-11-27T08:00:00.000Z' }],
    ...over,
  });
  const stored = (job: string, threads: ReviewThread[]): unknown => JSON.parse(serializeReviewFile({ job, threads, sent: [] })) as unknown;

  it('takes the addresses the editor takes, and no other (vscode.Uri.parse, strict)', () => {
    const taken = [
      'git:/work/docs/page.mdx?{"path":"/work/docs/page.mdx","ref":"abc"}',
      'file:///work/docs/page.mdx',
      'file:page.mdx', // made absolute by the editor
      'untitled:Untitled-1',
      'vscode-remote://ssh-remote%2Bhost/work/docs/page.mdx',
      'git:/work/%E0%A4%A.mdx', // a sequence that does not decode is kept as written
      'git://host', // an authority and no path
      'git:///work/page.mdx', // an empty authority and a path
    ];
    const refused = [
      '/work/docs/page.mdx', // no scheme
      'docs/page.mdx',
      '',
      '-git:/work/docs/page.mdx', // a scheme starts with a letter, a digit or _
      'gi t:/work/docs/page.mdx',
      'git:%2F%2Fhost/page.mdx', // no authority, and a path that decodes to start with //
      'git:////page.mdx', // the same, written plainly
    ];
    assert.deepEqual(
      taken.filter((uri) => !isEditorUri(uri)),
      [],
    );
    assert.deepEqual(
      refused.filter((uri) => isEditorUri(uri)),
      [],
    );
  });

  it('reads a review whose every thread can be drawn, and skips one with an address the editor refuses', () => {
    const job = 'https://api.example|proj|job-1';
    assert.deepEqual(
      parseReviewFile(stored(job, [thread('one'), thread('two')]))?.threads.map((t) => t.id),
      ['one', 'two'],
    );
    assert.equal(parseReviewFile(stored(job, [thread('one'), thread('two', { uri: 'docs/two.mdx' })])), undefined);
    assert.equal(parseReviewFile(stored(job, [thread('one', { comments: [{ id: 'c', body: 'x', at: 'yesterday-ish' }] })])), undefined);
  });

  it('the store lists the good reviews, skips the damaged one, and tells the log once', async () => {
    const folder = machineFolder();
    const jobs = ['job-1', 'job-2', 'job-3'].map((id) => `https://api.example|proj|${id}`);
    for (const [i, job] of jobs.entries()) {
      const damaged = i === 1 ? { uri: 'work/docs/page.mdx' } : {};
      writeFileSync(join(folder, reviewFileName(job)), JSON.stringify(stored(job, [thread(`t${i}`, damaged)])));
    }
    const store = new ReviewStore(folder, { watch: false });
    await store.ready;
    // What the comment threads draw: every thread of every review the store holds.
    const drawn = (): string[] => store.all().flatMap((review) => review.threads.map((t) => `${review.job} ${t.id}`));
    assert.deepEqual(drawn().sort(), [`${jobs[0]} t0`, `${jobs[2]} t2`]);
    // Redraws, rescans and another window read it again: one line all the same.
    drawn();
    await store.reload();
    const other = new ReviewStore(folder, { watch: false });
    await other.ready;
    const damagedFile = join(folder, reviewFileName(jobs[1] ?? ''));
    assert.deepEqual(lines, [`Skipped ${damagedFile}: this version cannot read it (damaged, or a newer version’s).`]);
    store.dispose();
    other.dispose();
  });
});
