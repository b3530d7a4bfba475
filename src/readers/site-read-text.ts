// What reading the Pages view's missing reports costs, and what it says when the budget stopped
// it early. Plain words, so plain Node tests read them in every language.
import * as l10n from '@vscode/l10n';
import { count, plural } from '../platform/words';
import { analyticsLimitPerHour } from '../visitors/request-ledger';

/** Said when the cap stopped a read before the end of its range. */
export function partText(slots: number): string {
  return plural(
    slots,
    l10n.t(
      "Only part of the range was read: the {0} analytics request set aside ran out first, and a part is not shown as the whole; read again when more of the hour's budget is free.",
      count(slots),
    ),
    l10n.t(
      "Only part of the range was read: the {0} analytics requests set aside ran out first, and a part is not shown as the whole; read again when more of the hour's budget is free.",
      count(slots),
    ),
  );
}

/**
 * "the last 30 days: about 4 requests (estimated from the site's 873 pages) of the 100 an hour (3 used)";
 * `basis` is what the estimate rests on, undefined when nothing is estimated.
 */
export function costText(range: string, requests: number, used: number, basis: string | undefined): string {
  const [about, limit, spent] = [count(requests), count(analyticsLimitPerHour), count(used)];
  if (basis === undefined) {
    return plural(
      requests,
      l10n.t('{0}: about {1} request of the {2} an hour ({3} used)', range, about, limit, spent),
      l10n.t('{0}: about {1} requests of the {2} an hour ({3} used)', range, about, limit, spent),
    );
  }
  return plural(
    requests,
    l10n.t('{0}: about {1} request {2} of the {3} an hour ({4} used)', range, about, basis, limit, spent),
    l10n.t('{0}: about {1} requests {2} of the {3} an hour ({4} used)', range, about, basis, limit, spent),
  );
}
