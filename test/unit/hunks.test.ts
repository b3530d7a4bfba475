import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapSpan, linesSpan } from '../../src/review/hunk-places';
import { parseDiff, parseHunks, wholeFileHunk, type Hunk } from '../../src/review/hunks';
import { gitDiffOfTexts } from '../support/git/text-diff';
import { commitFile, git } from '../support/git/scratch-remote';

const lines = (...names: string[]): string => names.map((n) => `${n}\n`).join('');
const hunk = (fields: Partial<Hunk> & Pick<Hunk, 'oldStart' | 'oldCount' | 'newStart' | 'newCount'>): Hunk => ({
  oldLines: [],
  newLines: [],
  oldNoNewlineAtEnd: false,
  newNoNewlineAtEnd: false,
  ...fields,
});

// The agent's change as git cuts it into hunks (`git diff -U0`): where each run of changed lines
// is, what it removed and what it put there. What was addressed since a review, and taking the
// change hunk by hunk, are decided from these.
describe('hunks: the agent’s change as git’s own hunks', () => {
  const six = lines('l1', 'l2', 'l3', 'l4', 'l5', 'l6');

  it('reads a pure insertion, numbered after the line it follows', () => {
    const diff = gitDiffOfTexts(six, lines('l1', 'l2', 'l3', 'l4', 'l5', 'n1', 'n2', 'l6'));
    assert.match(diff, /^@@ -5,0 \+6,2 @@/m);
    assert.deepEqual(parseHunks(diff), [hunk({ oldStart: 5, oldCount: 0, newStart: 6, newCount: 2, newLines: ['n1', 'n2'] })]);
  });

  it('reads a deletion, numbered after the new line it follows', () => {
    const diff = gitDiffOfTexts(six, lines('l1', 'l2', 'l5', 'l6'));
    assert.match(diff, /^@@ -3,2 \+2,0 @@/m);
    assert.deepEqual(parseHunks(diff), [hunk({ oldStart: 3, oldCount: 2, newStart: 2, newCount: 0, oldLines: ['l3', 'l4'] })]);
  });

  it('reads a count git leaves out as one line', () => {
    const diff = gitDiffOfTexts(
      lines('l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8'),
      lines('l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'L7', 'l8'),
    );
    assert.match(diff, /^@@ -7 \+7 @@/m);
    assert.deepEqual(parseHunks(diff), [hunk({ oldStart: 7, oldCount: 1, newStart: 7, newCount: 1, oldLines: ['l7'], newLines: ['L7'] })]);
  });

  it('knows which side ends the file with no line break', () => {
    const added = gitDiffOfTexts('a\nb', 'a\nb\n');
    assert.match(added, /^\\ No newline at end of file$/m);
    assert.deepEqual(parseHunks(added), [
      hunk({ oldStart: 2, oldCount: 1, newStart: 2, newCount: 1, oldLines: ['b'], newLines: ['b'], oldNoNewlineAtEnd: true }),
    ]);
    assert.deepEqual(parseHunks(gitDiffOfTexts('a\nb\n', 'a\nc')), [
      hunk({ oldStart: 2, oldCount: 1, newStart: 2, newCount: 1, oldLines: ['b'], newLines: ['c'], newNoNewlineAtEnd: true }),
    ]);
  });

  it('takes a changed line that reads like a diff header for a line', () => {
    const before = lines('# Notes', '-- signed, the team', '++ more', 'end');
    const after = lines('# Notes', '++ added', 'end');
    assert.deepEqual(parseHunks(gitDiffOfTexts(before, after)), [
      hunk({ oldStart: 2, oldCount: 2, newStart: 2, newCount: 1, oldLines: ['-- signed, the team', '++ more'], newLines: ['++ added'] }),
    ]);
  });

  it('gives the same hunks from a diff with context lines (the Git extension’s) as from -U0, blank context lines too', () => {
    const before = lines(
      '# Title',
      '',
      'One.',
      'Two.',
      '',
      'Three.',
      'Four.',
      'Five.',
      '',
      'Six.',
      'Seven.',
      'Eight.',
      'Nine.',
      '',
      'Ten.',
    );
    const after = lines(
      '# Title',
      '',
      'One, and a half.',
      'Two.',
      '',
      'Four.',
      'Five.',
      'New.',
      '',
      '',
      'Six.',
      'Seven.',
      'Eight.',
      'Nine.',
      '',
      'Ten!',
    );
    const exact = parseHunks(gitDiffOfTexts(before, after));
    assert.equal(exact.length, 4);
    assert.deepEqual(parseHunks(gitDiffOfTexts(before, after, 3)), exact);
    assert.deepEqual(parseHunks(gitDiffOfTexts(before, after, 5, ['diff.suppressBlankEmpty=true'])), exact);
  });

  describe('a diff of several files', () => {
    let repo: string;
    before(() => {
      repo = mkdtempSync(join(tmpdir(), 'hunks-'));
      git(repo, 'init', '-q');
      commitFile(repo, 'docs/gone.mdx', lines('# Gone', 'Bye.'), 'gone');
      commitFile(repo, 'docs/blank.mdx', '', 'blank');
      commitFile(repo, 'docs/old-name.mdx', lines('# Guide', 'One.', 'Two.', 'Three.', 'Four.', 'Five.'), 'old');
      commitFile(repo, 'docs/moved.mdx', lines('# Moved'), 'moved');
      commitFile(repo, 'docs/page.mdx', lines('# Page', 'Text.'), 'page');
    });
    after(() => rmSync(repo, { recursive: true, force: true }));

    it('an added, deleted or renamed file is one entry, with what git says of its paths and lines', () => {
      const start = git(repo, 'rev-parse', 'HEAD');
      git(repo, 'rm', '-q', 'docs/gone.mdx');
      git(repo, 'mv', 'docs/old-name.mdx', 'docs/new-name.mdx');
      git(repo, 'mv', 'docs/moved.mdx', 'docs/café guide.mdx');
      commitFile(repo, 'docs/new-name.mdx', lines('# Guide', 'One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.'), 'rename');
      commitFile(repo, 'docs/added.mdx', '# Added\nNo break at the end.', 'added');
      commitFile(repo, 'docs/empty.mdx', '', 'empty');
      commitFile(repo, 'docs/page.mdx', lines('# Page', 'More text.'), 'edit');
      const files = parseDiff(git(repo, 'diff', '-U0', start, 'HEAD'));
      const summary = files.map((f) => [f.kind, f.oldPath, f.newPath, f.hunks.length]);
      assert.deepEqual(summary, [
        ['added', undefined, 'docs/added.mdx', 1],
        ['renamed', 'docs/moved.mdx', 'docs/café guide.mdx', 0],
        ['added', undefined, 'docs/empty.mdx', 0],
        ['deleted', 'docs/gone.mdx', undefined, 1],
        ['renamed', 'docs/old-name.mdx', 'docs/new-name.mdx', 1],
        ['modified', 'docs/page.mdx', 'docs/page.mdx', 1],
      ]);
      // A whole file's hunk, as git numbers it.
      assert.deepEqual(files[0]?.hunks, [wholeFileHunk(undefined, '# Added\nNo break at the end.')]);
      assert.deepEqual(files[3]?.hunks, [wholeFileHunk(lines('# Gone', 'Bye.'), undefined)]);
      assert.deepEqual(files[3]?.hunks[0], hunk({ oldStart: 1, oldCount: 2, newStart: 0, newCount: 0, oldLines: ['# Gone', 'Bye.'] }));
      assert.deepEqual(files[4]?.hunks, [hunk({ oldStart: 6, oldCount: 0, newStart: 7, newCount: 1, newLines: ['Six.'] })]);
      // An empty file deleted (apart, or git would take it and the empty one added for a rename).
      git(repo, 'rm', '-q', 'docs/blank.mdx');
      git(repo, 'commit', '-q', '-m', 'blank gone');
      assert.deepEqual(parseDiff(git(repo, 'diff', '-U0', 'HEAD~1', 'HEAD')), [
        { kind: 'deleted', oldPath: 'docs/blank.mdx', newPath: undefined, binary: false, hunks: [] },
      ]);
    });
  });

  it('finds a place of the old version in the new one: moved by lines added or removed above, replaced lines standing in for it', () => {
    const old = lines('a', 'b', 'c', 'd', 'e', 'f', 'g');
    const hunks = parseHunks(gitDiffOfTexts(old, lines('new', 'a', 'c', 'D', 'e', 'f', 'g')));
    assert.deepEqual(mapSpan(linesSpan(5, 6), hunks), linesSpan(5, 6), 'e–f: one line added and one removed above');
    assert.deepEqual(mapSpan(linesSpan(1, 1), hunks), linesSpan(2, 2), 'a: one line added above');
    assert.deepEqual(mapSpan(linesSpan(4, 4), hunks), linesSpan(4, 4), 'd: its replacement');
    assert.deepEqual(mapSpan(linesSpan(2, 2), hunks), { begin: 2, end: 2 }, 'b: removed, the gap after a');
    assert.deepEqual(mapSpan(linesSpan(2, 4), hunks), linesSpan(3, 4), 'b–d: from the gap to d’s replacement');
  });
});
