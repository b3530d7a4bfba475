// Several processes on one machine folder race for the last of the hour's analytics budget:
// each reads several weeks of the 10,000-path site at once, half nobody's reads, half asked for.
// Every round ends at or below the budget, with every request counted and nothing left held.
import * as assert from 'node:assert/strict';
import { analyticsLimitPerHour } from '../../src/visitors/request-ledger';
import { type ApiFixture, startApiFixture } from '../support/emulator/api-fixture';
import { budgetRace, overspend } from '../support/budget/race';

const TODAY = '2026-11-20';
const options = { rounds: 4, processes: 3, readsEach: 4, usedBefore: 60, today: TODAY };

describe('the hourly budget: several processes racing near its end', function () {
  this.timeout(180_000);
  let api: ApiFixture;
  before(async () => {
    api = await startApiFixture({ today: TODAY, analyticsLimitPerHour: 1_000_000 });
  });
  after(() => api.close());

  it(`${options.processes} processes × ${options.readsEach} reads from ${options.usedBefore} used, ${options.rounds} rounds: never past ${analyticsLimitPerHour}`, async () => {
    const rounds = await budgetRace(api, options);
    for (const [i, round] of rounds.entries()) {
      const kinds = round.outcomes.reduce<Record<string, number>>((n, o) => ({ ...n, [o.read]: (n[o.read] ?? 0) + 1 }), {});
      console.log(
        `      round ${i + 1}: ${options.usedBefore} + ${round.requests} = ${round.counted} of ${analyticsLimitPerHour}, ${JSON.stringify(kinds)}, ${round.wallMs} ms`,
      );
      assert.equal(overspend(round, options.usedBefore), 0, `round ${i + 1} spent ${options.usedBefore + round.requests}`);
      assert.equal(round.counted, options.usedBefore + round.requests, `round ${i + 1}: every request counted`);
      assert.equal(round.held, 0, `round ${i + 1}: every read gave back what it held`);
      assert.ok(round.requests > 0, `round ${i + 1}: some reads were made`);
      assert.equal(round.outcomes.filter((o) => o.read === 'failed').length, 0, JSON.stringify(round.outcomes));
    }
  });
});
