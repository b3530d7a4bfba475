import * as assert from 'node:assert/strict';
import * as iconv from 'iconv-lite';
import { readHunks, type HunkReading } from '../../src/review/hunk-state';
import { parseHunks, type Hunk } from '../../src/review/hunks';
import { inEditorLines, withLineEdit } from '../../src/review/page-lines';
import { decodePage, encodePage, encodingOf } from '../../src/platform/page-encoding';
import { gitDiffOfTexts } from '../support/git/text-diff';

/** git's hunks between two texts, numbered in the editor's lines, as the review reads them. */
const hunksOf = (base: string, agent: string): Hunk[] => inEditorLines(parseHunks(gitDiffOfTexts(base, agent)), base, agent);

/** Applies or unapplies hunk `index` of `text`: the edit its reading offers. */
function toggle(hunks: readonly Hunk[], base: string, agent: string, text: string, index: number): string {
  const reading = readHunks(hunks, base, agent, text)[index];
  assert.ok(reading?.toggle, `hunk ${index} reads ${reading?.state}`);
  return withLineEdit(text, reading.toggle);
}

const states = (hunks: readonly Hunk[], base: string, agent: string, text: string): string[] =>
  readHunks(hunks, base, agent, text).map((r) => r.state);

// Pages as writers' files have them: line breaks of every kind, no break at the end, a byte order
// mark, another encoding. The lines Docs Agent counts are the editor's, and what it writes puts
// back exactly the bytes that were there.
describe('hunk lines: every kind of line break and encoding, byte for byte', () => {
  it('a page with a lone CR: the hunk after it lands on its own line and the writer’s line before it stays', () => {
    const base = '# Keys\n\nKeys expire.\rRotate them.\n\nAsk an admin.\n\nThat is all.\n';
    const agent = base.replace('Ask an admin.', 'Ask an admin for a key.');
    const hunks = hunksOf(base, agent);
    assert.deepEqual(
      parseHunks(gitDiffOfTexts(base, agent)).map((h) => [h.oldStart, h.newStart]),
      [[5, 5]],
    );
    assert.deepEqual(
      hunks.map((h) => [h.oldStart, h.newStart]),
      [[6, 6]],
      'the editor counts the lone CR as a line break: line 6, where git says 5',
    );
    const applied = toggle(hunks, base, agent, base, 0);
    assert.equal(applied, agent, 'the agent’s bytes');
    assert.equal(toggle(hunks, base, agent, applied, 0), base, 'and back, byte for byte');
  });

  it('a page with \\r\\r\\n: read and written as the editor counts its lines', () => {
    const base = 'Title\r\r\nFirst.\r\nSecond.\r\n\r\nThird.\r\n';
    const agent = base.replace('Second.', 'Second, reworded.');
    const hunks = hunksOf(base, agent);
    const applied = toggle(hunks, base, agent, base, 0);
    assert.equal(applied, agent);
    assert.equal(toggle(hunks, base, agent, applied, 0), base);
  });

  it('a page without a final line break: the agent’s last line is its own line, never glued onto the writer’s', () => {
    const base = 'One.\nTwo.\nThree.';
    const agent = 'One.\nTwo.\nThree.\nFour, from the agent.';
    const mine = 'One.\nTwo, the writer’s.\nThree.';
    const hunks = hunksOf(base, agent);
    const applied = toggle(hunks, base, agent, mine, 0);
    assert.equal(applied, 'One.\nTwo, the writer’s.\nThree.\nFour, from the agent.');
    assert.equal(toggle(hunks, base, agent, applied, 0), mine);
  });

  it('no line is written after a last line the writer left without a break: it would have to change', () => {
    const base = 'A.\r\nB.\r\n';
    const agent = 'A.\r\nB.\r\nC.\r\n';
    const mine = 'A.\r\nB.';
    const reading = readHunks(hunksOf(base, agent), base, agent, mine)[0];
    // The writer's last line lost its break: it is theirs, so the hunk is not forced there.
    assert.equal(reading?.state, 'changedByYou');
    assert.equal(reading?.toggle, undefined);
  });

  it('a checkout with CRLF of pages git keeps with LF: the hunk reads as in, and what it writes has CRLF', () => {
    const base = 'Intro.\n\nSteps.\n\nEnd.\n';
    const agent = 'Intro.\n\nSteps, in order.\n\nEnd.\n';
    const working = base.replace(/\n/g, '\r\n');
    const hunks = hunksOf(base, agent);
    const applied = toggle(hunks, base, agent, working, 0);
    assert.equal(applied, agent.replace(/\n/g, '\r\n'), 'no LF line in a CRLF page');
    assert.deepEqual(states(hunks, base, agent, applied), ['applied']);
    assert.equal(toggle(hunks, base, agent, applied, 0), working);
  });

  it('a UTF-8 page with a byte order mark is read without it and written with it', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Café.\r\nThé.\n')]);
    const encoding = encodingOf(bytes, 'utf8');
    assert.deepEqual(encoding, { name: 'utf8', bom: true });
    const text = await decodePage(bytes, encoding);
    assert.equal(text, 'Café.\r\nThé.\n');
    assert.deepEqual(await encodePage(text, encoding), bytes);
  });

  it('a Shift JIS page (files.encoding) reads as the editor shows it: hunks beside Japanese lines are not taken for the writer’s', async () => {
    const base = '# 認証\n\nAPI キーは 90 日で失効します。\n\n管理者に連絡してください。\n';
    const agent = base.replace('管理者に連絡してください。', '管理者にキーを依頼してください。');
    const bytes = new Uint8Array(iconv.encode(base, 'shiftjis'));
    const encoding = encodingOf(bytes, 'shiftjis');
    const working = await decodePage(bytes, encoding);
    assert.equal(working, base);
    const hunks = hunksOf(base, agent);
    assert.deepEqual(states(hunks, base, agent, working), ['notApplied']);
    const applied = toggle(hunks, base, agent, working, 0);
    assert.deepEqual(await encodePage(applied, encoding), new Uint8Array(iconv.encode(agent, 'shiftjis')));
  });

  it('random pages with every kind of line break, random hunks and the writer’s edits: apply and unapply give back the exact bytes, and no line of the writer’s is lost', function () {
    this.timeout(90_000); // 160 pages of work, seconds when the machine is busy: the limit only catches a hang
    let seed = 55;
    const next = (n: number): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65536) % n);
    const lineBreak = (): string => ['\n', '\n', '\r\n', '\r', '\r\r\n'][next(5)] ?? '\n';
    const text = (): string => (next(4) === 0 ? (['', '```', '---'][next(3)] ?? '') : `line ${next(400)}`);
    let [rounds, toggles, refused] = [0, 0, 0];
    for (let round = 0; round < 160; round++) {
      const lines = Array.from({ length: 4 + next(18) }, () => text() + lineBreak());
      if (next(4) === 0) lines[lines.length - 1] = (lines.at(-1) ?? '').replace(/[\r\n]+$/, '');
      const base = lines.join('');
      const agent = lines.map((line) => (next(5) ? line : next(3) === 0 ? '' : `agent ${next(99)}${lineBreak()}`)).join('');
      const hunks = hunksOf(base, agent);
      if (!hunks.length || hunks.length > 6) continue;
      // The writer's own line, where the agent changed nothing near it.
      const far = lines.findIndex((_, k) => k > 0 && hunks.every((h) => k + 1 < h.oldStart - 1 || k + 1 > h.oldStart + h.oldCount));
      const working = far > 0 ? lines.map((line, k) => (k === far ? `the writer’s line\n` : line)).join('') : base;
      rounds++;
      const order = hunks.map((_, i) => i).sort(() => next(3) - 1);
      let now = working;
      const taken: number[] = [];
      for (const i of order) {
        const reading: HunkReading | undefined = readHunks(hunks, base, agent, now)[i];
        if (reading?.state !== 'notApplied' || !reading.toggle) {
          refused++;
          continue;
        }
        now = withLineEdit(now, reading.toggle);
        taken.push(i);
        toggles++;
        assert.equal(readHunks(hunks, base, agent, now)[i]?.state, 'applied', JSON.stringify({ base, agent, working, i }));
        if (far > 0) assert.ok(now.includes('the writer’s line\n'), JSON.stringify({ base, agent, working, i }));
      }
      if (working === base && taken.length === hunks.length) assert.equal(now, agent, JSON.stringify({ base, agent }));
      for (const i of taken.reverse()) {
        const reading = readHunks(hunks, base, agent, now)[i];
        assert.ok(reading?.state === 'applied' && reading.toggle, JSON.stringify({ base, agent, working, i, now }));
        now = withLineEdit(now, reading.toggle);
      }
      assert.equal(now, working, JSON.stringify({ base, agent, working }));
    }
    assert.ok(rounds > 100 && toggles > 150 && refused < toggles / 4, `${rounds} pages, ${toggles} hunks applied, ${refused} refused`);
  });
});
