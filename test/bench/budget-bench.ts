// Figure 9: the hourly analytics budget under a race. Three processes on one machine folder,
// each reading four weeks of the 10,000-path site at once (half nobody's reads, half asked for)
// from 60 of 100 used, ten rounds. The emulator's request log counts what was spent.
import { analyticsLimitPerHour } from '../../src/visitors/request-ledger';
import { todayUtc } from '../../src/visitors/date-range';
import { startApiFixture } from '../support/emulator/api-fixture';
import { budgetRace, overspend } from '../support/budget/race';

export interface BudgetFigures {
  rounds: number;
  processes: number;
  readsEach: number;
  usedBefore: number;
  limit: number;
  /** The most any round ended at: the hour's uses before plus its requests. */
  spentMax: number;
  spentMin: number;
  /** Requests past the limit, over every round (target 0). */
  overspend: number;
  /** Slots still held when the rounds ended (target 0: every read gave back what it did not use). */
  heldLeft: number;
  /** Requests the emulator received that no ledger counted (target 0). */
  uncounted: number;
  reads: { whole: number; partial: number; refused: number; failed: number };
  roundMsMax: number;
}

export async function budgetBench(): Promise<BudgetFigures> {
  const today = todayUtc(Date.now());
  const api = await startApiFixture({ today, analyticsLimitPerHour: 1_000_000 });
  try {
    const options = { rounds: 10, processes: 3, readsEach: 4, usedBefore: 60, today };
    const rounds = await budgetRace(api, options);
    const spent = rounds.map((r) => options.usedBefore + r.requests);
    const reads = { whole: 0, partial: 0, refused: 0, failed: 0 };
    for (const outcome of rounds.flatMap((r) => r.outcomes)) reads[outcome.read]++;
    return {
      ...options,
      limit: analyticsLimitPerHour,
      spentMax: Math.max(...spent),
      spentMin: Math.min(...spent),
      overspend: rounds.reduce((sum, r) => sum + overspend(r, options.usedBefore), 0),
      heldLeft: rounds.reduce((sum, r) => sum + r.held, 0),
      uncounted: rounds.reduce((sum, r) => sum + Math.max(0, options.usedBefore + r.requests - r.counted), 0),
      reads,
      roundMsMax: Math.max(...rounds.map((r) => r.wallMs)),
    };
  } finally {
    await api.close();
  }
}
