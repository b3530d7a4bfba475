import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Presence } from '../../src/platform/machine/presence';
import { eventually } from '../support/eventually';
import { machineFolder } from '../support/fakes/job-window';

describe('presence: which windows have focus', () => {
  const open: Presence[] = [];
  afterEach(async () => {
    for (const presence of open.splice(0)) await presence.dispose();
  });
  function presence(folder: string, owner: string, options: ConstructorParameters<typeof Presence>[2] = {}): Presence {
    const made = new Presence(folder, owner, options);
    open.push(made);
    return made;
  }
  /** Another window's record as it left it: a live process (this one), focused, written at `at`. */
  function record(folder: string, owner: string, at: number): void {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${owner}.json`), JSON.stringify({ pid: process.pid, focused: true, at }));
  }

  it('a focused record not written again within the bound, or dated ahead (clock stepped back), stops counting', async () => {
    for (const [offset, counts] of [
      [0, true],
      [-10 * 60_000, false],
      [10 * 60_000, false],
    ] as const) {
      const folder = machineFolder();
      record(folder, 'other', Date.now() + offset);
      const mine = presence(folder, 'mine', { focusExpiryMs: 60_000 });
      await mine.read();
      assert.equal(mine.otherFocused(), counts, `a record written ${offset} ms from now`);
    }
  });

  it('a window that hung while focused stops counting by the next rescan, and the others hear of it', async () => {
    const folder = machineFolder();
    record(folder, 'hung', Date.now());
    const mine = presence(folder, 'mine', { focusExpiryMs: 200, rescanMs: 50 });
    await mine.read();
    assert.equal(mine.otherFocused(), true);
    let heard = 0;
    mine.onDidChange(() => heard++);
    await eventually(() => !mine.otherFocused(), 'the hung window’s focus to expire');
    assert.equal(heard, 1);
  });

  it('a focused window writes its record again, so it keeps counting past the bound', async () => {
    const folder = machineFolder();
    const focused = presence(folder, 'focused', { refreshMs: 20 });
    await focused.setFocused(true);
    const file = join(folder, 'focused.json');
    const writtenAt = (): number => (JSON.parse(readFileSync(file, 'utf8')) as { at: number }).at;
    const first = writtenAt();
    await eventually(() => writtenAt() > first + 300, 'the record written again');
    const other = presence(folder, 'other', { focusExpiryMs: 250 });
    await other.read();
    assert.equal(other.otherFocused(), true);
  });
});
