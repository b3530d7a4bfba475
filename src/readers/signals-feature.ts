// Builds the reading of what readers said: its report cache beside the visitors' (same shared
// file for the index, its own folder of reports), the shared budget and one read per machine;
// and the thumbs read around a merge, kept the same way (their code loaded with the first such read).
import type { ClientProvider } from '../editor/client-provider';
import { systemClock } from '../platform/clock';
import { folderFiles } from '../platform/machine/folder-files';
import type { StoragePaths } from '../platform/storage-layout';
import { maxReportFileBytes } from '../visitors/cache-entries';
import { ReportCache } from '../visitors/report-cache';
import type { MergeVotesSource } from '../visitors/trend-relay';
import type { VisitorsFeature } from '../visitors/visitors-feature';
import { loadOnce } from '../platform/load-once';
import { signalsKind } from './signals-report';
import { SignalsService } from './signals-service';
import { readerCaps } from '../editor/config-readers';

function createSignalsService(
  storage: StoragePaths,
  visitors: Pick<VisitorsFeature, 'shared' | 'readAlone' | 'ledger'>,
  clients: Pick<ClientProvider, 'forBaseUrl'>,
): SignalsService {
  return new SignalsService({
    client: (scope) => clients.forBaseUrl(scope.baseUrl),
    cache: new ReportCache(signalsKind, visitors.shared, folderFiles(storage.signalsReports, maxReportFileBytes), systemClock),
    ledger: visitors.ledger,
    clock: systemClock,
    caps: readerCaps,
    readAlone: visitors.readAlone,
  });
}

/** What readers said, and a page's thumbs per window around a merge (kept beside it). */
export function createSignalReads(
  storage: StoragePaths,
  visitors: Pick<VisitorsFeature, 'shared' | 'readAlone' | 'ledger'>,
  clients: Pick<ClientProvider, 'forBaseUrl'>,
): { signals: SignalsService; votes: MergeVotesSource } {
  const signals = createSignalsService(storage, visitors, clients);
  // Asked for only by a trend split at a merge: loaded then.
  const votes = loadOnce(async () => {
    const { MergeVotes, votesKind } = await import('./merge-votes');
    return new MergeVotes({
      client: (scope) => clients.forBaseUrl(scope.baseUrl),
      cache: new ReportCache(votesKind, visitors.shared, folderFiles(storage.votesReports, maxReportFileBytes), systemClock),
      signals,
      ledger: visitors.ledger,
      clock: systemClock,
      readAlone: visitors.readAlone,
    });
  });
  return {
    signals,
    votes: {
      cost: async (...args) => (await votes()).cost(...args),
      read: async (...args) => (await votes()).read(...args),
    },
  };
}
