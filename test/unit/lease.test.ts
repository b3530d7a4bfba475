import * as assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Lease } from '../../src/platform/machine/lease';
import { eventually } from '../support/eventually';
import { machineFolder } from '../support/fakes/job-window';

describe('polling lease: one holder on the machine', () => {
  const open: Lease[] = [];
  afterEach(async () => {
    for (const lease of open.splice(0)) await lease.dispose();
  });
  function lease(folder: string, owner: string, note?: () => unknown): Lease {
    const made = new Lease(folder, 'poller', { owner, heartbeatMs: 100, ...(note ? { note } : {}) });
    open.push(made);
    return made;
  }

  it('one of two windows holds it; when it lets go, the other takes over within two heartbeats', async () => {
    const folder = machineFolder();
    const a = lease(folder, 'a');
    await a.check();
    const b = lease(folder, 'b');
    await b.check();
    assert.deepEqual([a.held, b.held], [true, false]);
    const tookOver = new Promise<number>((resolve) => {
      const started = Date.now();
      b.onDidChange((held) => held && resolve(Date.now() - started));
    });
    await a.dispose();
    const ms = await tookOver;
    assert.ok(ms <= 200, `took ${ms} ms`);
  });

  it('takes over from a holder whose process is gone, or whose heartbeat is further than the expiry either way', async () => {
    for (const stale of [
      { pid: 2 ** 22 + 7, renewedAt: Date.now() },
      { pid: process.pid, renewedAt: Date.now() - 60_000 },
      // The clock was stepped back a minute after a holder hung: its heartbeat is in the future.
      { pid: process.pid, renewedAt: Date.now() + 60_000 },
    ]) {
      const folder = machineFolder();
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'poller.lease'), JSON.stringify({ owner: 'gone', ...stale }));
      const mine = lease(folder, 'mine');
      assert.equal(await mine.check(), true, JSON.stringify(stale));
    }
  });

  it('keeps a live holder’s lease, and shows the others what the holder publishes', async () => {
    const folder = machineFolder();
    let state = 'polling';
    const holder = lease(folder, 'holder', () => ({ kind: state }));
    await holder.check();
    const other = lease(folder, 'other');
    await other.check();
    assert.equal(other.held, false);
    assert.deepEqual(other.record?.note, { kind: 'polling' });
    state = 'offline';
    holder.publish();
    await eventually(
      () => JSON.stringify(other.record?.note) === JSON.stringify({ kind: 'offline' }),
      'the other window to see the new note',
    );
  });
});
