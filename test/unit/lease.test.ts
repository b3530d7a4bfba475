import * as assert from 'node:assert/strict';
import { existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Lease, leaseStep } from '../../src/platform/machine/lease';
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

  it('the rule of a step: a window that may not hold it never takes it, and lets go of its own', () => {
    const steps: string[] = [];
    for (const mayHold of [true, false])
      for (const mine of [true, false])
        for (const free of [true, false])
          for (const renew of [true, false])
            steps.push(
              `${mayHold ? 'may' : 'may not'} ${mine ? 'mine' : free ? 'free' : 'held'} ${renew ? 'beat' : 'event'}: ${leaseStep({ mayHold, mine, free, renew })}`,
            );
    assert.deepEqual(steps, [
      'may mine beat: renew',
      'may mine event: keep',
      'may mine beat: renew',
      'may mine event: keep',
      'may free beat: take',
      'may free event: take',
      'may held beat: leave',
      'may held event: leave',
      'may not mine beat: release',
      'may not mine event: release',
      'may not mine beat: release',
      'may not mine event: release',
      'may not free beat: leave',
      'may not free event: leave',
      'may not held beat: leave',
      'may not held event: leave',
    ]);
  });

  it('a window in Restricted Mode never takes it, even free, and a trusted one does: the machine never waits on it', async () => {
    const folder = machineFolder();
    let trusted = false;
    const restricted = new Lease(folder, 'poller', { owner: 'restricted', heartbeatMs: 100, mayHold: () => trusted });
    open.push(restricted);
    const holder = lease(folder, 'holder');
    await holder.check();
    await holder.dispose();
    // Free now: the window in Restricted Mode leaves it, step after step.
    for (let step = 0; step < 3; step++) assert.equal(await restricted.check(), false);
    assert.equal(existsSync(join(folder, 'poller.lease')), false, 'it wrote no lease');
    const trustedWindow = lease(folder, 'trusted');
    assert.equal(await trustedWindow.check(), true);
    await trustedWindow.dispose();

    // Trusted, it may take it; back in Restricted Mode, it lets go at its next step and another takes over at once.
    trusted = true;
    assert.equal(await restricted.check(), true);
    const other = lease(folder, 'other');
    assert.equal(await other.check(), false);
    const tookOver = new Promise<void>((resolve) => other.onDidChange((held) => held && resolve()));
    trusted = false;
    assert.equal(await restricted.check(), false);
    await tookOver;
    assert.equal(restricted.held, false);
  });
});
