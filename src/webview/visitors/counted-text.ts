// The panel's sentences that count (votes, requests, whole weeks, pages read), apart from the
// DOM that shows them so plain Node tests read each in every language.
import * as l10n from '@vscode/l10n';
import type { MergeCompare, ToPage } from '../../visitors/protocol';
import { count, plural } from '../../platform/words';

export type TrendCost = Extract<ToPage, { type: 'trendCost' }>;

/** "41 readers found it helpful · 9 did not". */
export function helpfulText(up: number, down: number): string {
  const args = [count(up), count(down)];
  return plural(
    up,
    l10n.t('{0} reader found it helpful · {1} did not', ...args),
    l10n.t('{0} readers found it helpful · {1} did not', ...args),
  );
}

/** The button: "Show weekly trend", "Reload before and after the merge", "… (cached)", "… (costs about 4 requests)". */
export function trendCostText(cost: TrendCost | null, shown: boolean): string {
  const label = cost?.mark
    ? shown
      ? l10n.t('Reload before and after the merge')
      : l10n.t('Show before and after the merge')
    : shown
      ? l10n.t('Reload weekly trend')
      : l10n.t('Show weekly trend');
  if (!cost) return label;
  if (cost.requests === 0) return l10n.t({ message: '{0} (cached)', args: [label], comment: ['A button’s label: it costs nothing'] });
  const requests = count(cost.requests);
  return plural(
    cost.requests,
    l10n.t('{0} (costs about {1} request)', label, requests),
    l10n.t('{0} (costs about {1} requests)', label, requests),
  );
}

/** Under the chart: "Read with 4 requests." */
export function readWithText(requests: number): string {
  return plural(requests, l10n.t('Read with {0} request.', count(requests)), l10n.t('Read with {0} requests.', count(requests)));
}

/** One side of the merge: "120 a week (3 whole weeks)". */
export function weeklyText(side: MergeCompare['before']): string {
  if (side.perWeek === null) return l10n.t('no whole week yet');
  const [perWeek, weeks] = [count(side.perWeek), count(side.fullWeeks)];
  return plural(
    side.fullWeeks,
    l10n.t('{0} a week ({1} whole week)', perWeek, weeks),
    l10n.t('{0} a week ({1} whole weeks)', perWeek, weeks),
  );
}

/** "Loading visitors… 3 pages read (about 6)": what the read has done so far, and what it expects. */
export function loadingText(pagesRead: number, estimatedPages: number | undefined): string {
  const [read, about] = [count(pagesRead), count(estimatedPages ?? 0)];
  const estimated = estimatedPages !== undefined && estimatedPages > 0;
  if (pagesRead <= 0) return estimated ? l10n.t('Loading visitors… (about {0})', about) : l10n.t('Loading visitors…');
  if (!estimated)
    return plural(pagesRead, l10n.t('Loading visitors… {0} page read', read), l10n.t('Loading visitors… {0} pages read', read));
  return plural(
    pagesRead,
    l10n.t('Loading visitors… {0} page read (about {1})', read, about),
    l10n.t('Loading visitors… {0} pages read (about {1})', read, about),
  );
}
