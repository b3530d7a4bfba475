// Reserving for a read the writer asked for. Its worst case is reserved at once when it fits in
// the hour's budget; when only part fits, the writer is asked first (the read then stops where
// the budget ends and says it read part of the range); when nothing is left it is refused with
// one sentence saying when room frees up. Past the budget the service refuses analytics for the
// rest of the hour, in every tool that uses the key, so no read ever goes there.
import * as l10n from '@vscode/l10n';
import type { RequestLedger } from './request-ledger';
import { Reservation } from '../platform/reserving-ledger';
import { noRoomText } from './read-budget';
import { showWarning } from '../editor/say';
import { onlyPartFitsText } from './visitors-count-text';

/**
 * The reservation for `requests` (its cap), or undefined when the writer declined or nothing is
 * left; `what` starts the sentences and `go` is the button that reads what fits (both translated
 * by the caller).
 */
export async function reserveOrAsk(
  ledger: Pick<RequestLedger, 'reserve' | 'none' | 'committed'>,
  requests: number,
  what: string,
  go: string,
): Promise<Reservation | undefined> {
  if (requests <= 0) return ledger.none();
  const whole = await ledger.reserve(requests);
  if (whole instanceof Reservation) return whole;
  if (whole.room > 0) {
    const answer = await showWarning(
      onlyPartFitsText(what, requests, whole.room),
      {
        modal: true,
        detail: l10n.t(
          "{0} reads what those allow and says what it left out: the hour's budget is never passed, so other tools with this organisation’s key keep working.",
          go,
        ),
      },
      go,
    );
    if (answer !== go) return undefined;
    const part = await ledger.reserve(requests, { least: 1 });
    if (part instanceof Reservation) return part;
    return refuse(what, ledger, part.waitMs);
  }
  return refuse(what, ledger, whole.waitMs);
}

function refuse(what: string, ledger: Pick<RequestLedger, 'committed'>, waitMs: number): undefined {
  void showWarning(noRoomText(what, ledger.committed(), waitMs, false));
  return undefined;
}
