// Where a tool's numbers came from, said with every answer: read now (how many requests, and the
// hour's use on this machine) or a kept read (how old), so the model never passes off stale
// numbers as fresh ones.
import { relativeTime } from '../platform/relative-time';
import type { RequestLedger } from '../visitors/request-ledger';

/** `partial`: a read stopped where its reserved requests ran out, before the end of its range. */
export type ReadSource = { cachedAgo: string } | { requests: number; used: number; partial?: boolean };

export function readSource(
  results: readonly { report: { requests: number; fetchedAt: number; partial?: true }; fromCache: boolean }[],
  ledger: Pick<RequestLedger, 'countLastHour'>,
): ReadSource {
  const read = results.filter((r) => !r.fromCache);
  const partial = read.some((r) => r.report.partial) ? { partial: true } : {};
  if (read.length) return { requests: read.reduce((sum, r) => sum + r.report.requests, 0), used: ledger.countLastHour(), ...partial };
  const oldest = Math.min(...results.map((r) => r.report.fetchedAt));
  return { cachedAgo: relativeTime(new Date(oldest).toISOString(), Date.now()) };
}
