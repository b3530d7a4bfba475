// The sentences that count visitors and requests for the status bar and the budget's question.
// Plain words, so plain Node tests read them in every language; a page can have a million
// visitors, so those sentences have the form French, Spanish and Portuguese use for millions.
import * as l10n from '@vscode/l10n';
import { compactCount, count, plural } from '../platform/words';
import { analyticsLimitPerHour } from './request-ledger';

/** The status bar's text: "1,234 visitors", "12K visitors". */
export function visitorsShortText(total: number): string {
  const short = compactCount(total);
  return plural(
    total,
    l10n.t('{0} visitor', short),
    l10n.t('{0} visitors', short),
    l10n.t({ message: '{0} visitors', args: [short], comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'] }),
  );
}

/** The status bar's tooltip: "/quickstart: 1,234 unique visitors, in the last 30 days (rank 2 of 40). Click for the chart." */
export function visitorsTooltipText(pagePath: string, total: number, when: string, rank: number | null | undefined, of: number): string {
  const shown = count(total);
  if (!rank) {
    const args = [pagePath, shown, when];
    return plural(
      total,
      l10n.t('{0}: {1} unique visitor, {2}. Click for the chart.', ...args),
      l10n.t('{0}: {1} unique visitors, {2}. Click for the chart.', ...args),
      l10n.t({
        message: '{0}: {1} unique visitors, {2}. Click for the chart.',
        args,
        comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'],
      }),
    );
  }
  const args = [pagePath, shown, when, count(rank), count(of)];
  return plural(
    total,
    l10n.t('{0}: {1} unique visitor, {2} (rank {3} of {4}). Click for the chart.', ...args),
    l10n.t('{0}: {1} unique visitors, {2} (rank {3} of {4}). Click for the chart.', ...args),
    l10n.t({
      message: '{0}: {1} unique visitors, {2} (rank {3} of {4}). Click for the chart.',
      args,
      comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'],
    }),
  );
}

/** What a screen reader says of the status bar: "1,234 visitors to /quickstart, Last 30 days". */
export function visitorsLabelText(total: number, pagePath: string, range: string): string {
  const args = [count(total), pagePath, range];
  return plural(
    total,
    l10n.t('{0} visitor to {1}, {2}', ...args),
    l10n.t('{0} visitors to {1}, {2}', ...args),
    l10n.t({ message: '{0} visitors to {1}, {2}', args, comment: ['Whole millions (French, Spanish, Portuguese: “1 000 000 de …”)'] }),
  );
}

/** The question when only part of a read fits in the hour's budget; `what` starts it ("Reading visitors for the Pages view"). */
export function onlyPartFitsText(what: string, requests: number, room: number): string {
  const args = [what, count(requests), count(room), count(analyticsLimitPerHour)];
  return plural(
    requests,
    l10n.t('{0} needs up to {1} request, and only {2} of the {3} analytics requests this hour are left.', ...args),
    l10n.t('{0} needs up to {1} requests, and only {2} of the {3} analytics requests this hour are left.', ...args),
  );
}
