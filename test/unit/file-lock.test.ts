import * as assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '../../src/platform/machine/file-lock';
import { machineFolder } from '../support/fakes/job-window';

describe('file lock: stale holders', () => {
  /** A live process's lock (this one's), so only its age can make it stale, dated `ageMs` ago. */
  function heldLock(ageMs: number): string {
    const folder = machineFolder();
    mkdirSync(folder, { recursive: true });
    const path = join(folder, 'thing.json.lock');
    writeFileSync(path, `${process.pid}-hung`);
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  }

  it('breaks a hung holder’s lock past staleMs either way (older, or dated ahead after the clock was stepped back), and waits for one within it', async () => {
    const options = { staleMs: 1_000, timeoutMs: 3_000 };
    assert.equal(await withLock(heldLock(60_000), () => Promise.resolve('ran'), options), 'ran', 'a minute old');
    assert.equal(await withLock(heldLock(-60_000), () => Promise.resolve('ran'), options), 'ran', 'a minute ahead');
    await assert.rejects(
      withLock(heldLock(0), () => Promise.resolve('ran'), { staleMs: 60_000, timeoutMs: 300 }),
      /locked for too long/,
    );
  });
});
