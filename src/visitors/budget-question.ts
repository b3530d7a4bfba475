// Asking before a read passes the organisation's hourly analytics budget: past it the service
// refuses analytics for the rest of the hour, in every tool that uses the key, so the writer decides.
import { analyticsLimitPerHour, type RequestLedger } from './request-ledger';
import { showWarning } from '../editor/say';

/** True when `requests` fit the hour's budget, or the writer chose to pass it; `what` starts the sentence. */
export async function fitsBudgetOrAsk(
  ledger: Pick<RequestLedger, 'wouldExceed' | 'countLastHour'>,
  requests: number,
  what: string,
  go: string,
): Promise<boolean> {
  if (requests <= 0 || !ledger.wouldExceed(requests)) return true;
  const answer = await showWarning(
    `${what} needs about ${requests} request${requests === 1 ? '' : 's'}, and ${ledger.countLastHour()} of the ${analyticsLimitPerHour} analytics requests an hour are used.`,
    {
      modal: true,
      detail:
        'Past the limit the service refuses analytics requests for the rest of the hour, in every tool that uses this organisation’s key.',
    },
    go,
  );
  return answer === go;
}
