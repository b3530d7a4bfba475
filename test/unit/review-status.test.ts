import * as assert from 'node:assert/strict';
import { parseHunks, wholeFileHunk } from '../../src/review/hunks';
import { threadStatus } from '../../src/review/review-status';
import type { ReviewThread } from '../../src/review/review-record';
import { gitDiffOfTexts } from '../support/git/text-diff';

const text = (...lines: string[]): string => lines.map((l) => `${l}\n`).join('');
/** git's hunks from one version to the next. */
const hunks = (before: string, after: string): ReturnType<typeof parseHunks> => parseHunks(gitDiffOfTexts(before, after));
const on = (from: number, to = from, side: ReviewThread['side'] = 'agent'): Pick<ReviewThread, 'side' | 'from' | 'to'> => ({
  side,
  from,
  to,
});

// After the agent's next commit, each sent comment says whether the agent changed its place
// (addressed) or not (still open), so the writer looks only at what is left. The place is where
// the comment is, not wherever the same words are.
describe('whether a sent comment was addressed', () => {
  const reviewed = text('---', 'title: "Webhooks"', '---', '', 'Acme calls your endpoint.', '> Edited by the agent.', '', 'Retries.');
  const status = (thread: Pick<ReviewThread, 'side' | 'from' | 'to'>, after: string): string =>
    threadStatus(thread, { reviewed: [], since: hunks(reviewed, after) });

  it('a comment on the agent’s lines is still open while the agent changed nothing there, wherever else it worked', () => {
    assert.equal(status(on(6), reviewed.replace('Retries.', 'Retries, three of them.')), 'open');
    // Lines added above move it down; it is still the same line.
    assert.equal(status(on(6), `Intro.\n\n${reviewed}`), 'open');
    assert.equal(status(on(5, 6), reviewed.replace('---\n\n', '---\n')), 'open');
  });

  it('is addressed once the agent replaced a line of it, or wrote lines right beside it', () => {
    assert.equal(status(on(6), reviewed.replace('agent.', 'agent, and why.')), 'addressed');
    assert.equal(status(on(5, 6), reviewed.replace('Acme', 'Globex')), 'addressed');
    assert.equal(status(on(6), reviewed.replace('agent.\n', 'agent.\n> Because readers asked.\n')), 'addressed', 'just after');
    assert.equal(status(on(6), reviewed.replace('> Edited', '> First this.\n> Edited')), 'addressed', 'just before');
    assert.equal(status(on(5, 6), reviewed.replace('endpoint.\n', 'endpoint.\nIn between.\n')), 'addressed', 'between its lines');
    assert.equal(status(on(8), reviewed.replace('endpoint.\n', 'endpoint.\nIn between.\n')), 'open', 'two lines up is elsewhere');
  });

  it('a comment on a blank line is addressed by what the agent wrote there, however git places the blank lines', () => {
    // Inserting "Example.\n\n" after line 4 and "\nExample." before line 5 are the same change: git picks one.
    assert.equal(status(on(4), reviewed.replace('---\n\n', '---\n\nAn example.\n\n')), 'addressed');
    assert.equal(status(on(7), reviewed.replace('agent.\n\n', 'agent.\n\nAn example.\n\n')), 'addressed');
    assert.equal(status(on(4), reviewed.replace('agent.\n\n', 'agent.\n\nAn example.\n\n')), 'open', 'the other blank line');
  });

  it('a comment on a file the agent then deleted is addressed', () => {
    assert.equal(threadStatus(on(6), { reviewed: [], since: [wholeFileHunk(reviewed, undefined)] }), 'addressed');
  });

  describe('on the old side', () => {
    // The change as reviewed removed "Keep this example." (old line 6) and replaced old line 3.
    const old = text('# Title', '', 'Old intro.', '', 'Text.', 'Keep this example.', 'More text.', '', 'Keep this example.');
    const asReviewed = text('# Title', '', 'New intro.', '', 'Text.', 'More text.', '', 'Keep this example.');
    const status = (from: number, after: string): string =>
      threadStatus(on(from, from, 'before'), { reviewed: hunks(old, asReviewed), since: hunks(asReviewed, after) });

    it('a removed line is still open while its place is untouched, though the same words are elsewhere', () => {
      assert.equal(status(6, asReviewed.replace('# Title', '# A title')), 'open');
    });

    it('a removed line is addressed once the agent wrote there: put it back, or rewrote a line beside the gap', () => {
      assert.equal(status(6, asReviewed.replace('Text.\n', 'Text.\nKeep this example.\n')), 'addressed');
      assert.equal(status(6, asReviewed.replace('More text.', 'More text, with the example.')), 'addressed');
      assert.equal(status(6, asReviewed.replace('New intro.', 'Newer intro.')), 'open');
    });

    it('a replaced line is addressed once the agent changed what replaced it; a kept line, once it changed that line', () => {
      assert.equal(status(3, asReviewed.replace('New intro.', 'Newer intro.')), 'addressed');
      assert.equal(status(3, asReviewed.replace('Text.', 'Some text.')), 'open');
      assert.equal(status(7, asReviewed.replace('More text.', 'Less text.')), 'addressed', 'old line 7 is line 6 as reviewed');
      assert.equal(status(7, asReviewed.replace('Text.', 'Some text.')), 'open');
    });
  });
});
