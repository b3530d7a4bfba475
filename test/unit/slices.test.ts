// Long work in slices: however many slicers run at once, one turn of the event loop holds only
// one slice's budget of their steps, so the extension host answers between them.
import * as assert from 'node:assert/strict';
import { runInSlices } from '../../src/platform/slices';

/** A step that keeps the thread for `ms` (work, not a wait). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('work in slices', () => {
  it('two slicers started in one turn share its budget: no turn holds much more than one slice of their steps', async () => {
    // Which turn each step ran in: a ticker moves on once per turn of the loop.
    let turn = 0;
    let ticking = true;
    const tick = (): void => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const stepsInTurn = new Map<number, number>();
    function* steps(count: number): Generator<void, number> {
      for (let i = 0; i < count; i++) {
        busy(2);
        stepsInTurn.set(turn, (stepsInTurn.get(turn) ?? 0) + 1);
        yield;
      }
      return count;
    }
    const done = await Promise.all([runInSlices(steps(20), 8), runInSlices(steps(20), 8)]);
    ticking = false;
    assert.deepEqual(done, [20, 20], 'both ran to their end');
    // One slice is 8 ms, and the step that passes it ends it: at most 5 steps of 2 ms a turn (a
    // busy machine makes steps longer, so fewer). Two slicers each taking a slice of their own
    // would run 10 in the first turn.
    const most = Math.max(...stepsInTurn.values());
    assert.ok(most <= 5, `a turn ran ${most} steps`);
  });
});
