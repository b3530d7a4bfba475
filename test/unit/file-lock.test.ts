import * as assert from 'node:assert/strict';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from '../../src/platform/machine/file-lock';
import { machineFolder } from '../support/fakes/job-window';

describe('file lock: stale holders', () => {
  function heldLock(ageMs: number): string {
    const folder = machineFolder();
    mkdirSync(folder, { recursive: true });
    const path = join(folder, 'thing.json.lock');
    // A live process's lock (this one's), so only its age can make it stale.
    writeFileSync(path, `${process.pid}-hung`);
    const at = (Date.now() - ageMs) / 1000;
    utimesSync(path, at, at);
    return path;
  }

  it('breaks a live but hung holder’s lock once it is older than staleMs', async () => {
    const ran = await withLock(heldLock(60_000), () => Promise.resolve('ran'), { staleMs: 1_000, timeoutMs: 3_000 });
    assert.equal(ran, 'ran');
  });

  it('breaks it too when the clock was stepped back, so the lock looks made in the future', async () => {
    const ran = await withLock(heldLock(-60_000), () => Promise.resolve('ran'), { staleMs: 1_000, timeoutMs: 3_000 });
    assert.equal(ran, 'ran');
  });

  it('waits for a live holder within staleMs, and times out with an error', async () => {
    await assert.rejects(
      withLock(heldLock(0), () => Promise.resolve('ran'), { staleMs: 60_000, timeoutMs: 300 }),
      /locked for too long/,
    );
  });
});
