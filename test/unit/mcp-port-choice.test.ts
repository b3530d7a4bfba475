// The MCP server's address stays where agents were set up: the setting's port, else last time's.
import * as assert from 'node:assert/strict';
import { chooseAddress } from '../../src/mcp/port-choice';

/** Ports held by other programs; anything else is free. `listen` falls back to the next free one. */
function machine(taken: number[]) {
  const tried: number[] = [];
  let next = 50_000;
  const listen = (port: number) => {
    tried.push(port);
    const isTaken = taken.includes(port);
    while (taken.includes(next)) next += 1;
    const actual = isTaken ? next++ : port;
    return Promise.resolve({ port: actual, wantedPortTaken: isTaken, close: () => Promise.resolve() });
  };
  return { listen, tried };
}

describe('MCP server port choice', () => {
  it('takes the setting’s port when it is free, and tells no one', async () => {
    const { listen } = machine([]);
    const choice = await chooseAddress(47291, undefined, listen);
    assert.equal(choice.server.port, 47291);
    assert.equal(choice.moved, false);
  });

  it('moves to a free port when the setting’s is taken, says so once, and remembers it', async () => {
    const { listen } = machine([47291]);
    const choice = await chooseAddress(47291, undefined, listen);
    assert.equal(choice.server.port, 50_000);
    assert.equal(choice.moved, true);
    assert.deepEqual(choice.memo, { wanted: 47291, used: 50_000 });
  });

  it('goes back to last time’s port when the setting’s is still taken, without telling again', async () => {
    const { listen, tried } = machine([47291, 50_000]);
    const choice = await chooseAddress(47291, { wanted: 47291, used: 51_234 }, listen);
    assert.equal(choice.server.port, 51_234);
    assert.equal(choice.moved, false);
    assert.deepEqual(tried, [47291, 51_234]);
  });

  it('tells the writer when last time’s port is taken too', async () => {
    const { listen } = machine([47291, 51_234]);
    const choice = await chooseAddress(47291, { wanted: 47291, used: 51_234 }, listen);
    assert.equal(choice.moved, true);
    assert.notEqual(choice.server.port, 51_234);
  });

  it('forgets a memo made for another setting', async () => {
    const { listen, tried } = machine([47000]);
    const choice = await chooseAddress(47000, { wanted: 47291, used: 51_234 }, listen);
    assert.deepEqual(tried, [47000]);
    assert.equal(choice.moved, true);
  });
});
