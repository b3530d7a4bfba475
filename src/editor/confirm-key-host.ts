// The one question before the API key may go to a host that is not the writer's service: a
// modal that names the host. A yes is kept in the user settings (docsAgent.confirmedBaseUrlHosts),
// where the writer can remove it.
import * as l10n from '@vscode/l10n';
import { confirmedBaseUrlHosts, setConfirmedBaseUrlHosts } from './config';
import { showWarning } from './say';

/** Who asks for the host: a workspace's settings file (by its path), or jobs made there. */
export type HostAskedBy = { file: string } | 'jobs';

/** Asks, modally, before the key may go to `host`; resolves with whether the writer agreed (and it is kept). */
export async function confirmKeyHost(host: string, askedBy: HostAskedBy): Promise<boolean> {
  const send = l10n.t('Send My Key There');
  const where = 'docsAgent.confirmedBaseUrlHosts';
  const answer = await showWarning(
    l10n.t('Send your Docs Agent API key to {0}?', host),
    {
      modal: true,
      detail:
        askedBy === 'jobs'
          ? l10n.t(
              'Jobs made at that address are checked there again. Agree only if you run or know this service. Docs Agent remembers this host in your user settings ({0}), where you can remove it.',
              where,
            )
          : l10n.t(
              '{0} asks for it. Agree only if you run or know this service. Docs Agent remembers this host in your user settings ({1}), where you can remove it.',
              askedBy.file,
              where,
            ),
    },
    send,
  );
  if (answer !== send) return false;
  await setConfirmedBaseUrlHosts([...new Set([...confirmedBaseUrlHosts(), host])]);
  return true;
}
