import * as assert from 'node:assert/strict';
import { loadOnce } from '../../src/platform/load-once';
import { LazyPart } from '../../src/platform/lazy-part';

// The code behind on-first-use commands and chat tools: loaded once for every caller, and a load
// that failed (a file the editor could not read) does not leave those commands dead for the session.
describe('code loaded on first use', () => {
  it('loads once for callers that come together and later', async () => {
    let loads = 0;
    const part = loadOnce(() => Promise.resolve({ n: ++loads }));
    const [a, b] = await Promise.all([part(), part()]);
    const c = await part();
    assert.equal(loads, 1);
    assert.ok(a === b && b === c, 'every caller gets the same loaded part');
  });

  it('tries again on the next call after a failed load', async () => {
    let loads = 0;
    const part = loadOnce(() => (++loads === 1 ? Promise.reject(new Error('EIO')) : Promise.resolve('loaded')));
    await assert.rejects(part(), /EIO/);
    assert.equal(await part(), 'loaded');
    assert.equal(await part(), 'loaded');
    assert.equal(loads, 2);
  });
});

// A part activation names but does not load (the review's comments, the composer, the visitors
// panel): it goes with the extension whether it loaded or not, and never outlives it.
describe('a part loaded on first use', () => {
  const part = (): { disposed: number; dispose(): void } => ({
    disposed: 0,
    dispose() {
      this.disposed++;
    },
  });

  it('is not loaded until asked for, then is the one part every caller gets', async () => {
    let loads = 0;
    const lazy = new LazyPart(() => Promise.resolve({ ...part(), n: ++loads }));
    const before = lazy.loaded;
    assert.equal(before, undefined);
    const [a, b] = await Promise.all([lazy.get(), lazy.get()]);
    assert.equal(loads, 1);
    const after = lazy.loaded;
    assert.ok(a === b && after === a);
    lazy.dispose();
    assert.equal(a.disposed, 1);
  });

  it('disposes a part that finishes loading after the extension went', async () => {
    let finish: (value: ReturnType<typeof part>) => void = () => undefined;
    const lazy = new LazyPart(() => new Promise<ReturnType<typeof part>>((resolve) => (finish = resolve)));
    const loading = lazy.get();
    lazy.dispose();
    const late = part();
    finish(late);
    await loading;
    assert.equal(late.disposed, 1);
    assert.equal(lazy.loaded, undefined);
  });
});
