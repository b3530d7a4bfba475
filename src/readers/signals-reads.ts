// Reading what readers said for the sites of the open folders, on the writer's word: the most
// it can cost is said before anything is spent, never past the hourly budget without asking,
// and one clear message when it fails.
import * as vscode from 'vscode';
import { showError } from '../editor/show-error';
import { inRange, rangeLabel } from '../visitors/date-range';
import { analyticsLimitPerHour, type RequestLedger } from '../visitors/request-ledger';
import { defaultSignalCaps, maxRequests, type SignalsService } from './signals-service';
import type { SiteReport } from './site-readers';

export interface SignalsReadDeps {
  signals: Pick<SignalsService, 'load'>;
  ledger: Pick<RequestLedger, 'countLastHour' | 'wouldExceed'>;
  log: vscode.LogOutputChannel;
}

export async function readMissingSignals(deps: SignalsReadDeps, missing: readonly Pick<SiteReport, 'scope' | 'range'>[]): Promise<boolean> {
  if (!missing.length) return true;
  const most = missing.length * maxRequests(defaultSignalCaps);
  const used = deps.ledger.countLastHour();
  const range = inRange(rangeLabel(missing[0]?.range ?? { from: '', to: '' }));
  const over = deps.ledger.wouldExceed(most);
  // The cost is on the item the writer accepts: nothing is spent before that.
  const accept = {
    label: over ? 'Read Anyway' : 'Read',
    description: `at most ${most} of the ${analyticsLimitPerHour} analytics requests an hour (${used} used)${over ? ': more than are left, the service may refuse some' : ''}`,
  };
  const picked = await vscode.window.showQuickPick([accept, { label: 'Cancel', description: 'nothing is read' }], {
    title: `Read what readers said ${range}: feedback, searches, assistant questions (kept for every window)`,
  });
  if (picked !== accept) return false;
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Reading what readers said…' }, () =>
      Promise.all(missing.map((r) => deps.signals.load(r.scope, r.range))),
    );
    return true;
  } catch (error) {
    showError(error, deps.log, () => readMissingSignals(deps, missing));
    return false;
  }
}
