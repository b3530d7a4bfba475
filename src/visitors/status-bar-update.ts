// What the visitors status bar item says for the open page (see visitors-status-bar.ts): read
// from the cache; the only request it ever causes is the first read of a range nobody has read
// yet, a read nobody asked for: it reserves its cap inside the budget's unasked share, or is not
// made. Loaded the first time a file of the open folders is the active editor's.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { scopeFor, visitorsDefaultRange, visitorsStatusBar } from '../editor/config';
import type { ApiKeyStore } from '../editor/api-key-store';
import { pageInfo } from './chart-data';
import { presetRange, rangeInSentence, rangeLabel, todayUtc } from './date-range';
import { resolvePage } from './page-resolver';
import type { PageInfo, RangeChoice } from './protocol';
import { type RequestLedger, unaskedCeiling } from './request-ledger';
import { readingText, unaskedStopText } from './read-budget';
import { OverBudgetError } from '../api/errors';
import type { VisitorsService } from './visitors-service';
import { count } from '../platform/words';
import { visitorsLabelText, visitorsShortText, visitorsTooltipText } from './visitors-count-text';

function showTotal(item: vscode.StatusBarItem, info: PageInfo, pagePath: string, range: RangeChoice): void {
  const total = info.rows[0]?.total ?? 0;
  // Says what it counts: a bare number beside git's and the problems' counts reads as theirs.
  item.text = `$(eye) ${visitorsShortText(total)}`;
  item.tooltip = visitorsTooltipText(pagePath, total, rangeInSentence(range), info.rank, info.of);
  item.accessibilityInformation = { label: visitorsLabelText(total, pagePath, rangeLabel(range)) };
  item.show();
}

function showOverBudget(item: vscode.StatusBarItem, pagePath: string, range: RangeChoice, cap: number, used: number): void {
  item.text = `$(eye) ${l10n.t('Visitors not read')}`;
  const why = unaskedStopText(readingText(range, true), cap, used);
  item.tooltip = l10n.t('{0}: {1} Click to open the panel.', pagePath, why);
  item.accessibilityInformation = { label: l10n.t('Visitors to {0} not read: it would pass the hourly budget', pagePath) };
  item.show();
}

function showPartial(item: vscode.StatusBarItem, pagePath: string, range: RangeChoice, cap: number): void {
  item.text = `$(eye) ${l10n.t('Visitors read in part')}`;
  item.tooltip = l10n.t(
    '{0}: only part of {1} was read, the {2} requests set aside ran out. Click to open the panel.',
    pagePath,
    rangeInSentence(range),
    count(cap),
  );
  item.accessibilityInformation = { label: l10n.t('Visitors to {0} read in part only', pagePath) };
  item.show();
}

export interface StatusBarDeps {
  service: VisitorsService;
  ledger: RequestLedger;
  keys: ApiKeyStore;
}

/** What shows the active editor's page on `item`: call it whenever what it shows may have changed. */
export function statusBarUpdater(item: vscode.StatusBarItem, { service, ledger, keys }: StatusBarDeps): () => Promise<void> {
  const attempted = new Set<string>();
  let current: vscode.Uri | undefined;

  const update = async (): Promise<void> => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    current = uri;
    const enabled = visitorsStatusBar();
    // Only a file of the open folders can be a page (not a draft to the agent, a diff's side, an output).
    const inFolder = uri && vscode.workspace.getWorkspaceFolder(uri);
    const page = uri && inFolder && enabled ? await resolvePage(uri) : undefined;
    if (uri !== current) return; // the editor moved on while we looked
    if (!page?.pagePath) {
      item.hide();
      return;
    }
    const scope = scopeFor(uri);
    const range = presetRange(visitorsDefaultRange(), todayUtc(Date.now()));
    const report = service.cached(scope, range);
    if (!report) {
      item.hide();
      const id = JSON.stringify([scope, range]);
      const canRead = scope.projectId !== '' && (await keys.usable());
      if (!canRead || attempted.has(id)) return;
      const cap = service.isCached(scope, range) ? 0 : service.cap(scope, range);
      // Never past the unasked share (the service checks again as it reserves): the panel asks.
      const pagePath = page.pagePath;
      const overBudget = (): void => showOverBudget(item, pagePath, range, cap, ledger.committed());
      if (ledger.wouldExceed(cap, unaskedCeiling)) return overBudget();
      attempted.add(id);
      service.load(scope, range).then(
        ({ report: read }) => (read.partial && uri === current ? showPartial(item, pagePath, range, cap) : update()),
        (error: unknown) => {
          if (!(error instanceof OverBudgetError) || uri !== current) return;
          attempted.delete(id);
          overBudget();
        },
      );
      return;
    }
    showTotal(item, pageInfo(report.rows, page.file, { pagePath: page.pagePath }), page.pagePath, range);
  };

  return update;
}
