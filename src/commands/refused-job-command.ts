// What a job's row offers when that job alone is refused (its address is not the writer's service
// any more, or the service refuses the key for its project): why, then Stop Following, or for an
// address, the confirmation that names the host. Nothing here sends the key anywhere unconfirmed.
import * as l10n from '@vscode/l10n';
import { confirmKeyHost } from '../editor/confirm-key-host';
import { showWarning } from '../editor/say';
import { addressToConfirm, refusalText } from '../jobs/job-refusal';
import { jobKeyOf } from '../jobs/tracked-job';
import { commandIds } from '../platform/manifest-ids';
import type { CommandDeps } from './deps';
import { resolveJobs } from './job-picker';
import type { RefusedJobCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';

/** What the writer chose: the job no longer followed, its address confirmed, or nothing. */
type Outcome = 'stopped' | 'confirmed' | undefined;

async function resolveRefusedJob(deps: CommandDeps, arg: unknown): Promise<Outcome> {
  const [job] = await resolveJobs(deps, arg, undefined, (j) => j.refused !== undefined);
  const refused = job?.refused;
  if (!job || !refused) return undefined;
  const stop = l10n.t({ message: 'Stop Following', args: [], comment: ['Button: stops tracking the job'] });
  const host = refused === 'address' ? addressToConfirm(job) : undefined;
  const useIt = host ? l10n.t({ message: 'Use {0}…', args: [host], comment: ['Button: {0} is a web address (https://host)'] }) : undefined;
  const said = job.checkError ?? refusalText(refused, job, undefined);
  const answer = await showWarning(said, { modal: true }, stop, ...(useIt ? [useIt] : []));
  if (answer === stop) {
    await deps.tracker.stopTracking([jobKeyOf(job)]);
    return 'stopped';
  }
  // The modal that names the host; a yes changes the settings, and every job is checked again.
  if (answer !== undefined && answer === useIt && host && (await confirmKeyHost(host, 'jobs'))) return 'confirmed';
  return undefined;
}

export function refusedJobCommands(deps: CommandDeps): CommandHandlers<RefusedJobCommandId> {
  return {
    [commandIds.resolveRefusedJob]: (arg: unknown) => resolveRefusedJob(deps, arg),
  };
}
