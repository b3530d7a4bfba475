import * as assert from 'node:assert/strict';
import { prepareChange, readHunks, readHunksInSlices, type HunkReading } from '../../src/review/hunk-state';
import { withLineEdit } from '../../src/review/page-lines';
import { parseHunks } from '../../src/review/hunks';
import { gitDiffOfTexts } from '../support/git/text-diff';
import { hardPages, type HunkPage } from '../support/hunk-pages';

/** CPU time this process has spent, ms: a turn's work, not the time a busy machine kept the thread waiting. */
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Reads the page's hunks as the extension host does, and the most the thread worked in one turn
 * meanwhile: measured in CPU time, so that a machine busy with other work (a test run beside it)
 * does not count its waiting as the reading's.
 */
async function readWatched(page: HunkPage): Promise<{ readings: HunkReading[]; totalMs: number; longestTurnMs: number }> {
  const prepared = prepareChange(parseHunks(gitDiffOfTexts(page.base, page.agent)), page.base, page.agent);
  let [last, longest, done] = [cpuMs(), 0, false];
  const tick = (): void => {
    const now = cpuMs();
    longest = Math.max(longest, now - last);
    last = now;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const started = cpuMs();
  const readings = await readHunksInSlices(prepared, page.working);
  const totalMs = cpuMs() - started;
  done = true;
  return { readings, totalMs, longestTurnMs: longest };
}

// The pages that froze the editor for seconds to minutes (24 s, 88 s, 8.9 s, 0.5 s, and more for
// 10,000 lines): each is read with bounded work, giving the thread back between steps. The bounds
// here are far above what a read takes (tens of milliseconds; `npm run bench` has the figures) so
// a busy machine never fails them, and far below what the unbounded reading took.
describe('hunk reading on the pages writers really have: bounded, never holding the editor', () => {
  for (const page of hardPages()) {
    it(`${page.name}: read in well under a second, the thread never held for long`, async () => {
      const { readings, totalMs, longestTurnMs } = await readWatched(page);
      assert.ok(totalMs < 2000, `read in ${totalMs.toFixed(0)} ms of CPU`);
      assert.ok(longestTurnMs < 250, `the thread worked ${longestTurnMs.toFixed(0)} ms (CPU) in one turn`);
      assert.equal(readings.length, parseHunks(gitDiffOfTexts(page.base, page.agent)).length);
    });
  }

  it('a page the writer re-indented or rewrote around the hunks reads as changed a lot, not as a guess', async () => {
    const [reindented, , rewritten] = hardPages();
    for (const page of [reindented, rewritten]) {
      const { readings } = await readWatched(page);
      assert.ok(
        readings.every((r) => r.state === 'changedByYou' && r.muchChanged && !r.toggle),
        JSON.stringify(readings),
      );
    }
  });

  it('on the long table pages, every hunk whose rows the writer left alone can be applied', async () => {
    for (const page of hardPages().slice(3)) {
      const { readings } = await readWatched(page);
      const [base, working] = [page.base.split('\n'), page.working.split('\n')];
      const hunks = parseHunks(gitDiffOfTexts(page.base, page.agent));
      hunks.forEach((hunk, i) => {
        const at = hunk.oldStart - 1;
        const untouched = base.slice(at, at + hunk.oldCount).every((row, k) => working[at + k] === row);
        if (untouched) assert.equal(readings[i]?.state, 'notApplied', `hunk ${i} of ${page.name}`);
      });
      assert.ok(readings.filter((r) => r.state === 'notApplied').length >= hunks.length / 2, page.name);
    }
  });

  it('a page the agent rewrote whole (1,500 lines, one change) reads in bounds, and its apply and unapply are exact', async () => {
    const lines = (mark: string): string => Array.from({ length: 1500 }, (_, i) => `${mark} line ${i} of the page.\n`).join('');
    const page: HunkPage = { name: 'rewritten whole', base: lines('Old'), agent: lines('New'), working: lines('Old') };
    const hunks = parseHunks(gitDiffOfTexts(page.base, page.agent));
    const { readings, totalMs, longestTurnMs } = await readWatched(page);
    assert.ok(totalMs < 2000 && longestTurnMs < 250, `read in ${totalMs.toFixed(0)} ms, held ${longestTurnMs.toFixed(0)} ms`);
    const [reading] = readings;
    assert.equal(reading?.state, 'notApplied');
    assert.ok(reading.toggle);
    const applied = withLineEdit(page.working, reading.toggle);
    assert.equal(applied, page.agent);
    const back = readHunks(hunks, page.base, page.agent, applied)[0];
    assert.ok(back?.state === 'applied' && back.toggle);
    assert.equal(withLineEdit(applied, back.toggle), page.base);
  });
});
