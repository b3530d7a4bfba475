// Version 1 kept the analytics budget, the cache's index and whole reports in global state,
// which each window caches on its own. The budget's last hour moves to the file every window
// shares; the index and the reports are not needed (report files are found by name and
// indexed again when read; a report is read again on demand). Then the old keys go.
import type { Clock } from '../platform/clock';
import type { Memento } from '../platform/memento';
import { legacyStateKeys } from '../platform/storage-layout';
import type { RequestLedger } from './request-ledger';

const hourMs = 3_600_000;
const analyticsKeys = [legacyStateKeys.analyticsRequests, legacyStateKeys.visitorsIndex, legacyStateKeys.visitorsReports];

export async function moveEarlierAnalytics(
  globalState: Pick<Memento, 'get' | 'update'>,
  ledger: RequestLedger,
  clock: Pick<Clock, 'now'>,
): Promise<void> {
  const times = globalState.get<unknown>(legacyStateKeys.analyticsRequests);
  if (Array.isArray(times)) {
    const now = clock.now();
    const recent = times.filter((t): t is number => typeof t === 'number' && t > now - hourMs && t <= now);
    for (const at of recent) await ledger.recordAt(at);
  }
  for (const key of analyticsKeys) {
    if (globalState.get<unknown>(key) !== undefined) await globalState.update(key, undefined);
  }
}
