import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DailyChore } from '../../src/platform/machine/daily-chore';
import { machineFolder } from '../support/fakes/job-window';

describe('daily chore: once a day on the machine', () => {
  const made: DailyChore[] = [];
  afterEach(() => {
    for (const chore of made.splice(0)) chore.dispose();
  });
  /** A window's chore that only runs when asked (its own timer far off). */
  function chore(file: string, work: () => Promise<void>, firstCheckMs = 3_600_000): DailyChore {
    const one = new DailyChore(file, work, { firstCheckMs });
    made.push(one);
    return one;
  }
  function lastRun(ranAt: number): string {
    const folder = machineFolder();
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'last.json');
    writeFileSync(file, JSON.stringify({ ranAt }));
    return file;
  }

  it('three windows asking at once run it once, and nobody again the same day', async () => {
    const file = join(machineFolder(), 'last.json');
    let runs = 0;
    const work = (): Promise<void> => Promise.resolve(void runs++);
    const windows = [chore(file, work), chore(file, work), chore(file, work)];
    const ran = await Promise.all(windows.map((w) => w.runIfDue()));
    assert.equal(ran.filter(Boolean).length, 1);
    assert.equal(runs, 1);
    assert.equal(await chore(file, work).runIfDue(), false, 'a window opened later the same day');
  });

  it('is due again a day after the last run, and when the last run is dated ahead (the clock was stepped back)', async () => {
    const hour = 3_600_000;
    const noop = (): Promise<void> => Promise.resolve();
    assert.equal(await chore(lastRun(Date.now() - hour), noop).runIfDue(), false);
    assert.equal(await chore(lastRun(Date.now() - 25 * hour), noop).runIfDue(), true);
    assert.equal(await chore(lastRun(Date.now() + 48 * hour), noop).runIfDue(), true);
  });

  it('runs by itself a while after the window starts', async () => {
    const file = join(machineFolder(), 'last.json');
    await new Promise<void>((resolve) => chore(file, () => Promise.resolve(resolve()), 10));
  });

  it('a window in Restricted Mode leaves the day’s turn to another window', async () => {
    const file = join(machineFolder(), 'last.json');
    let runs = 0;
    const work = (): Promise<void> => Promise.resolve(void runs++);
    const restricted = new DailyChore(file, work, { firstCheckMs: 3_600_000, mayRun: () => false });
    made.push(restricted);
    assert.equal(await restricted.runIfDue(), false);
    assert.equal(runs, 0);
    assert.equal(await chore(file, work).runIfDue(), true, 'a trusted window still has its turn today');
    assert.equal(runs, 1);
  });
});
