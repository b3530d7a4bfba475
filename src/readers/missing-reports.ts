// Reading the reports the Pages view is missing, on the writer's word: what it costs (on the item
// the writer accepts), its worst case reserved first (asking when only part fits the hourly
// budget, never past it), and one clear message when it fails or stops early. Loaded with the
// first such read; the view's cost line (site-report-reads.ts) is drawn at once.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { showError } from '../editor/show-error';
import { pickOne, showWarning, withProgressNote } from '../editor/say';
import { reserveOrAsk } from '../visitors/budget-question';
import type { SiteReport } from './site-readers';
import { capFor, readCost, type SiteReportReadDeps } from './site-report-reads';
import { partText } from './site-read-text';

export async function readMissingReports(deps: SiteReportReadDeps, missing: readonly SiteReport[]): Promise<boolean> {
  if (!missing.length) return true;
  const cap = capFor(deps, missing);
  // The price is on the item the writer accepts; past the hour's budget, reserveOrAsk asks instead.
  if (!deps.ledger.wouldExceed(cap)) {
    const accept = {
      label: l10n.t({ message: 'Read', args: [], comment: ['Button: reads them now'] }),
      description: readCost(deps, missing),
    };
    const picked = await pickOne([accept, { label: l10n.t('Cancel'), description: l10n.t('nothing is read') }], {
      title: l10n.t('Read the visitors of every page (kept for every window)'),
    });
    if (picked !== accept) return false;
  }
  const budget = await reserveOrAsk(deps.ledger, cap, l10n.t('Reading visitors for the Pages view'), l10n.t('Read What Fits'));
  if (!budget) return false;
  try {
    const read = await withProgressNote(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Reading visitors for the Pages view…') },
      () => Promise.all(missing.map((r) => deps.service.load(r.scope, r.range, { budget }))),
    );
    // A range read in part is not kept, so the view would show nothing new without a word.
    if (read.some((r) => r.report.partial)) void showWarning(partText(budget.slots));
    return true;
  } catch (error) {
    showError(error, deps.log, () => readMissingReports(deps, missing));
    return false;
  } finally {
    await budget.release().catch(() => undefined);
  }
}
