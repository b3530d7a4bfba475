import * as assert from 'node:assert/strict';
import { MalformedResponseError, NetworkError, RateLimitedError } from '../../src/api/errors';
import type { AgentJob } from '../../src/api/types';
import { AgentUses, countingAgentUses } from '../../src/jobs/agent-uses';
import type { JobsClient } from '../../src/jobs/job-tracker';
import { HourlyLedger } from '../../src/platform/hourly-ledger';
import { FakeClock } from '../support/fakes/fake-clock';
import { MemoryMemento } from '../support/fakes/memory-memento';

const acme = { baseUrl: 'https://api.mintlify.com', projectId: 'acme' };
const other = { baseUrl: 'https://api.mintlify.com', projectId: 'other' };
const answer: AgentJob = {
  id: 'j1',
  status: 'active',
  rawStatus: 'active',
  repository: 'acme/docs',
  ref: null,
  model: 'm',
  prLink: null,
  createdAt: null,
  archivedAt: null,
};

describe('the agent uses this machine spent', () => {
  it('counts creates and follow-ups per project, over the last hour only', async () => {
    const clock = new FakeClock(1_000_000);
    const uses = new AgentUses(new MemoryMemento(), clock);
    const fails: Error[] = [];
    const client: JobsClient = {
      createJob: () => {
        const failure = fails.shift();
        return failure ? Promise.reject(failure) : Promise.resolve(answer);
      },
      sendFollowUp: () => Promise.resolve(answer),
      getJob: () => Promise.resolve(answer),
    };
    const counted = countingAgentUses(client, acme, uses, (e) => e instanceof NetworkError);
    await counted.createJob('acme', 'a');
    await counted.sendFollowUp('acme', 'j1', 'b');
    await counted.getJob('acme', 'j1');
    assert.equal(await uses.usedLastHour(acme), 2, 'a check is not a use');
    assert.equal(await uses.usedLastHour(other), 0, 'another project has its own hour');

    fails.push(new RateLimitedError('limit', 1000, 0));
    await assert.rejects(counted.createJob('acme', 'c'));
    assert.equal(await uses.usedLastHour(acme), 2, 'a refusal is not a use');
    fails.push(new NetworkError('lost', 'ECONNRESET'), new MalformedResponseError('odd', 'id', 201));
    await assert.rejects(counted.createJob('acme', 'd'));
    await assert.rejects(counted.createJob('acme', 'e'));
    assert.equal(await uses.usedLastHour(acme), 4, 'a lost or unreadable answer may have been a use');

    await clock.advance(3_600_001);
    assert.equal(await uses.usedLastHour(acme), 0);
  });

  it('says how long until a read fits under the hourly limit', async () => {
    const clock = new FakeClock(0);
    const ledger = new HourlyLedger(new MemoryMemento(), 'k', clock);
    await ledger.record(60);
    await clock.advance(600_000);
    await ledger.record(39);
    assert.equal(ledger.msUntilRoom(1, 100), 0);
    assert.equal(ledger.msUntilRoom(2, 100), 3_000_000, 'the first use leaves the hour 50 minutes from now');
    assert.equal(ledger.msUntilRoom(62, 100), 3_600_000, 'then the second batch, an hour from now');
  });
});
