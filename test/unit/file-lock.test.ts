import * as assert from 'node:assert/strict';
import {
  constants,
  mkdirSync,
  type PathLike,
  readFileSync,
  renameSync,
  type StatOptions,
  utimesSync,
  writeFileSync,
  type Mode,
} from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createRequire } from 'node:module';
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

describe('file lock: a stale lock replaced while it is being judged', () => {
  type FsPromises = typeof fsPromises;
  type Patchable = { -readonly [K in 'open' | 'stat' | 'readFile']: FsPromises[K] };
  // The module object the lock's code calls through, so the replacement lands between its reads.
  const fs = createRequire(__filename)('node:fs/promises') as Patchable;
  const real: Patchable = { open: fs.open, stat: fs.stat, readFile: fs.readFile };
  afterEach(() => Object.assign(fs, real));

  /**
   * Replaces the lock at `path` (a minute old, stale) with a live holder's fresh one right after
   * the waiting window first opens it or reads its age, and holds back any read of its content by
   * path until then: the interleaving where the old file's age and the new holder's token met.
   */
  function replaceWhileJudged(path: string, liveToken: string): void {
    let replaced: (() => void) | undefined;
    const done = new Promise<void>((resolve) => (replaced = resolve));
    const replace = (): void => {
      if (!replaced) return;
      writeFileSync(`${path}.new`, liveToken);
      renameSync(`${path}.new`, path);
      replaced();
      replaced = undefined;
    };
    const isLock = (target: unknown): boolean => target === path;
    // Opened to be read (not created): by name or by flags without a writing mode.
    const forReading = (flags?: string | number): boolean =>
      flags === undefined || flags === 'r' || (typeof flags === 'number' && (flags & (constants.O_WRONLY | constants.O_RDWR)) === 0);
    fs.open = async (target: PathLike, flags?: string | number, mode?: Mode) => {
      const handle = await real.open(target, flags, mode);
      if (isLock(target) && forReading(flags)) replace();
      return handle;
    };
    fs.stat = (async (target: PathLike, options?: StatOptions) => {
      const info = await real.stat(target, options);
      if (isLock(target)) replace();
      return info;
    }) as Patchable['stat'];
    fs.readFile = (async (target: PathLike | FileHandle, options?: Parameters<FsPromises['readFile']>[1]) => {
      if (isLock(target)) await done;
      return real.readFile(target, options);
    }) as Patchable['readFile'];
  }

  it('the live holder that replaced it keeps its lock: the waiting window judges one file, by its own age', async () => {
    const folder = machineFolder();
    const path = join(folder, 'thing.json.lock');
    writeFileSync(path, `${process.pid}-old`);
    const minuteAgo = (Date.now() - 60_000) / 1000;
    utimesSync(path, minuteAgo, minuteAgo);
    const live = `${process.pid}-live`;
    replaceWhileJudged(path, live);
    let ran = false;
    const waiting = withLock(
      path,
      () => {
        ran = true;
        return Promise.resolve();
      },
      { staleMs: 1_000, timeoutMs: 300 },
    );
    await assert.rejects(waiting, /locked for too long/, 'the waiting window waits for the live holder');
    assert.equal(ran, false, 'never two holders at once');
    assert.equal(readFileSync(path, 'utf8'), live, 'the live holder’s lock is where it was');
  });
});
