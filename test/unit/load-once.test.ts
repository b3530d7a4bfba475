import * as assert from 'node:assert/strict';
import { loadOnce } from '../../src/platform/load-once';

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
