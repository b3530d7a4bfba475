// Reading what readers said for the sites of the open folders, on the writer's word: the most
// it can cost is said and reserved before anything is spent; when only part fits the hourly
// budget the writer is asked (it then stops where the budget ends, never past it), and one clear
// message says when it fails.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { count } from '../platform/words';
import { showError } from '../editor/show-error';
import { inRange, rangeLabel } from '../visitors/date-range';
import { analyticsLimitPerHour, type RequestLedger } from '../visitors/request-ledger';
import { Reservation } from '../platform/reserving-ledger';
import { noRoomText } from '../visitors/read-budget';
import type { SignalsService } from './signals-service';
import type { SiteReport } from './site-readers';
import { pickOne, showWarning, withProgressNote } from '../editor/say';

export interface SignalsReadDeps {
  signals: Pick<SignalsService, 'load' | 'mostRequests' | 'fromCacheOnly'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'wouldExceed' | 'reserve' | 'committed'>;
  log: vscode.LogOutputChannel;
}

/** "at most 7 of the 100 analytics requests an hour (3 used)": what reading `sites` sites would cost. */
export function signalsCost(deps: Pick<SignalsReadDeps, 'signals' | 'ledger'>, sites: number): string {
  return l10n.t(
    'at most {0} of the {1} analytics requests an hour ({2} used)',
    count(sites * deps.signals.mostRequests()),
    count(analyticsLimitPerHour),
    count(deps.ledger.countLastHour()),
  );
}

export async function readMissingSignals(
  deps: SignalsReadDeps,
  missing: readonly Pick<SiteReport, 'scope' | 'range'>[],
  /** false: the writer clicked a row that stated the cost, so ask only past the budget. */
  options: { askUnderBudget: boolean } = { askUnderBudget: true },
): Promise<boolean> {
  if (!missing.length) return true;
  const most = missing.length * deps.signals.mostRequests();
  const range = inRange(rangeLabel(missing[0]?.range ?? { from: '', to: '' }));
  const over = deps.ledger.wouldExceed(most);
  // The cost is on the item the writer accepts: nothing is spent before that.
  const cost = signalsCost(deps, missing.length);
  const accept = {
    label: over ? l10n.t('Read What Fits') : l10n.t({ message: 'Read', args: [], comment: ['Button: reads them now'] }),
    description: over ? l10n.t('{0}: more than are left, so it stops where the hour’s budget ends', cost) : cost,
  };
  if (over || options.askUnderBudget) {
    const picked = await pickOne([accept, { label: l10n.t('Cancel'), description: l10n.t('nothing is read') }], {
      title: l10n.t({
        message: 'Read what readers said {0}: feedback, searches, assistant questions (kept for every window)',
        args: [range],
        comment: ['{0} is a range inside a sentence: "in the last 30 days"'],
      }),
    });
    if (picked !== accept) return false;
  }
  // Accepted: whatever fits is reserved (a read stopped early says which parts it left out).
  const budget = await deps.ledger.reserve(most, { least: 1 });
  if (!(budget instanceof Reservation)) {
    void showWarning(
      noRoomText(
        l10n.t({ message: 'What readers said {0}', args: [range], comment: ['{0} is a range inside a sentence: "in the last 30 days"'] }),
        deps.ledger.committed(),
        budget.waitMs,
        false,
      ),
    );
    return false;
  }
  try {
    await withProgressNote({ location: vscode.ProgressLocation.Notification, title: l10n.t('Reading what readers said…') }, () =>
      Promise.all(missing.map((r) => deps.signals.load(r.scope, r.range, { budget }))),
    );
    return true;
  } catch (error) {
    showError(error, deps.log, () => readMissingSignals(deps, missing));
    return false;
  } finally {
    await budget.release().catch(() => undefined);
  }
}
