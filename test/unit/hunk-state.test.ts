import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileHunks } from '../../src/review/file-hunks';
import { hunkAtLine, readHunks, type HunkReading } from '../../src/review/hunk-state';
import { withLineEdit as withEdit } from '../../src/review/page-lines';
import { parseHunks, type Hunk } from '../../src/review/hunks';
import { cliRepository } from '../support/git/cli-repository';
import { commitFile, git } from '../support/git/scratch-remote';
import { gitDiffOfTexts } from '../support/git/text-diff';

const page = (...lines: string[]): string => lines.map((line) => `${line}\n`).join('');

// The base the agent started from, and its version with three hunks: a reworded sentence, a
// paragraph inserted after the second one, and the closing line removed.
const base = page('# Install', '', 'Run the installer.', '', 'Sign in.', '', 'Send a job.', '', 'That is all.');
const agent = page('# Install', '', 'Run the installer for your system.', '', 'Sign in.', '', 'Pick a project.', '', 'Send a job.', '');

/** Applies (or unapplies) hunk `index` of `text`: the edit its reading offers. */
function toggle(hunks: readonly Hunk[], text: string, index: number): string {
  const reading = readHunks(hunks, base, agent, text)[index];
  assert.ok(reading.toggle, `hunk ${index} is ${reading.state}`);
  return withEdit(text, reading.toggle);
}

const states = (hunks: readonly Hunk[], text: string): string[] => readHunks(hunks, base, agent, text).map((r) => r.state);

// Taking the agent's change hunk by hunk: whether each hunk is in the writer's file is read from
// the file's text alone, and applying one writes that hunk and nothing else, wherever the writer's
// own edits moved its lines.
describe('hunk state: taking the agent’s change one hunk at a time', () => {
  const hunks = parseHunks(gitDiffOfTexts(base, agent));

  it('reads git’s hunks of the agent’s commit against the commit it started from', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hunk-state-'));
    try {
      git(root, 'init', '-q', '-b', 'main');
      const from = commitFile(root, 'docs/install.mdx', base, 'base');
      const to = commitFile(root, 'docs/install.mdx', agent, 'the agent’s change');
      const read = await fileHunks(cliRepository(root), from, to, 'docs/install.mdx');
      assert.deepEqual(read, hunks);
      assert.equal(read.length, 3);
      assert.deepEqual(states(read, base), ['notApplied', 'notApplied', 'notApplied']);
      assert.deepEqual(states(read, agent), ['applied', 'applied', 'applied'], 'the agent’s whole file has every hunk in');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('applies the second hunk alone: the base plus that hunk', () => {
    const applied = toggle(hunks, base, 1);
    assert.equal(
      applied,
      page('# Install', '', 'Run the installer.', '', 'Sign in.', '', 'Pick a project.', '', 'Send a job.', '', 'That is all.'),
    );
    assert.deepEqual(states(hunks, applied), ['notApplied', 'applied', 'notApplied']);
    assert.equal(toggle(hunks, applied, 1), base, 'unapplying puts the old side back');
  });

  it('lands at the right place when the writer added lines above, and keeps the writer’s lines', () => {
    const above = (text: string): string =>
      text.replace('# Install\n\n', '# Install\n\nBefore you start, close the editor.\nThen read on.\n\n');
    const applied = toggle(hunks, above(base), 2);
    assert.equal(applied, above(base.replace('That is all.\n', '')));
    assert.deepEqual(states(hunks, applied), ['notApplied', 'notApplied', 'applied']);
  });

  it('keeps a hunk next to others either way: each is applied or not on its own', () => {
    const all = toggle(hunks, toggle(hunks, toggle(hunks, base, 0), 1), 2);
    assert.equal(all, agent);
    const allButFirst = toggle(hunks, all, 0);
    assert.deepEqual(states(hunks, allButFirst), ['notApplied', 'applied', 'applied']);
  });

  it('refuses a hunk whose old lines the writer changed, and leaves the others free', () => {
    const mine = base.replace('Run the installer.', 'Run the installer twice.');
    const readings = readHunks(hunks, base, agent, mine);
    assert.deepEqual(
      readings.map((r) => r.state),
      ['changedByYou', 'notApplied', 'notApplied'],
    );
    assert.equal(readings[0]?.toggle, undefined, 'nothing is offered to write over the writer’s line');
  });

  it('reads a file whose lines end with \\r\\n like one whose lines end with \\n', () => {
    const crlf = toggle(hunks, base, 0).replace(/\n/g, '\r\n');
    assert.deepEqual(states(hunks, crlf), ['applied', 'notApplied', 'notApplied']);
  });

  it('reads an inserted blank line among blank lines as applied, wherever a diff would put it', () => {
    const [from, to] = [page('a', '', '', 'b'), page('a', '', '', '', 'b')];
    const blank = parseHunks(gitDiffOfTexts(from, to));
    const reading = readHunks(blank, from, to, to)[0];
    assert.equal(reading.state, 'applied');
    assert.ok(reading.toggle);
    assert.equal(withEdit(to, reading.toggle), from);
  });

  it('on pages of repeated lines, every mix of hunks applied one by one reads back as that mix', () => {
    // Repeated lines are where git and a diff of the working text may cut or place hunks
    // differently; a fixed seed keeps the pages the same on every run.
    let seed = 7;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const randomPage = (): string => page(...Array.from({ length: 3 + next(6) }, () => ['a', 'b', ''][next(3)] ?? ''));
    let mixes = 0;
    for (let round = 0; round < 120; round++) {
      const [from, to] = [randomPage(), randomPage()];
      const cut = parseHunks(gitDiffOfTexts(from, to));
      if (cut.length < 2 || cut.length > 4) continue;
      for (let mask = 0; mask < 1 << cut.length; mask++) {
        let text = from;
        for (let i = 0; i < cut.length; i++) {
          if (!(mask & (1 << i))) continue;
          const reading: HunkReading = readHunks(cut, from, to, text)[i];
          assert.ok(reading.toggle, `${JSON.stringify({ from, to, mask, i })}: hunk ${i} reads ${reading.state}`);
          text = withEdit(text, reading.toggle);
        }
        const read = readHunks(cut, from, to, text).map((r) => r.state);
        assert.deepEqual(
          read,
          cut.map((_, i) => (mask & (1 << i) ? 'applied' : 'notApplied')),
          JSON.stringify({ from, to, mask }),
        );
        mixes++;
      }
      assert.equal(
        readHunks(cut, from, to, to).every((r) => r.state === 'applied'),
        true,
      );
    }
    assert.ok(mixes > 100, `${mixes} mixes tried`);
  });

  it('with the writer’s own line changed near the hunks, never reads a hunk wrong and keeps the writer’s line', () => {
    // Pages like real ones: many blank lines, a repeated fence, other lines once each.
    let seed = 11;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const line = (): string => (next(10) < 4 ? '' : next(10) < 1 ? '```' : `line ${next(1000)}`);
    let [mixes, refused] = [0, 0];
    for (let round = 0; round < 150; round++) {
      const from = page(...Array.from({ length: 6 + next(20) }, line));
      const to = from.replace(/^.*$/gm, (text) => (next(6) ? text : `agent ${next(99)}`));
      const cut = parseHunks(gitDiffOfTexts(from, to));
      const old = from.split('\n');
      // A line at least one line away from every hunk's old lines.
      const far = [...old.keys()].filter(
        (k) => k < old.length - 1 && cut.every((h) => k < h.oldStart - 2 || k > h.oldStart + h.oldCount - 1),
      );
      if (!cut.length || cut.length > 5 || !far.length) continue;
      const changed = far[next(far.length)];
      const mine = old.map((text, k) => (k === changed ? 'the writer’s line' : text)).join('\n');
      for (let mask = 0; mask < 1 << cut.length; mask++, mixes++) {
        let text: string | undefined = mine;
        for (let i = 0; i < cut.length && text !== undefined; i++) {
          const reading: HunkReading = readHunks(cut, from, to, text)[i];
          if (mask & (1 << i)) text = reading.toggle ? withEdit(text, reading.toggle) : undefined;
        }
        if (text === undefined) {
          refused++;
          continue;
        }
        const read = readHunks(cut, from, to, text).map((r) => r.state);
        read.forEach(
          (state, i) =>
            state === 'changedByYou' ||
            assert.equal(state, mask & (1 << i) ? 'applied' : 'notApplied', JSON.stringify({ from, mine, mask })),
        );
        if (read.includes('changedByYou')) refused++;
        assert.ok(text.includes('the writer’s line'));
      }
    }
    assert.ok(mixes > 500 && refused < mixes / 10, `${refused} of ${mixes} mixes refused`);
  });

  it('reads the state back from the file after a reload', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hunk-reload-'));
    try {
      const file = join(folder, 'install.mdx');
      writeFileSync(file, toggle(hunks, base, 1));
      assert.deepEqual(states(hunks, readFileSync(file, 'utf8')), ['notApplied', 'applied', 'notApplied']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('finds the hunk under the cursor on each side; an insertion belongs to the line before it', () => {
    // Agent's side: line 3 is the reworded sentence, 7 the new paragraph; 10 follows the removed closing line.
    assert.equal(hunkAtLine(hunks, 'agent', 3), 0);
    assert.equal(hunkAtLine(hunks, 'agent', 7), 1);
    assert.equal(hunkAtLine(hunks, 'agent', 10), 2);
    assert.equal(hunkAtLine(hunks, 'agent', 5), undefined);
    // Old side: the insertion goes after old line 6; the closing line removed is 9.
    assert.equal(hunkAtLine(hunks, 'before', 6), 1);
    assert.equal(hunkAtLine(hunks, 'before', 9), 2);
    assert.equal(hunkAtLine(hunks, 'before', 1), undefined);
  });
});
