// A refusal that belongs to one job, not to the machine: the job's stored address is not one the
// key may go to any more (the writer changed their base URL, or removed a confirmed host), or the
// service refused the key for the job's project (403). The job shows it on its row and the others
// go on being checked; a refused key (401) still stops every check. No vscode import.
import * as l10n from '@vscode/l10n';
import { AuthError, InvalidSettingError, withServiceSaid } from '../api/errors';
import type { ProjectScope } from '../api/project-scope';
import { originOf } from '../editor/workspace-base-url';
import { settingId, settingNames } from '../platform/manifest-ids';

export type JobRefusal = 'address' | 'project';

export const jobRefusals: readonly JobRefusal[] = ['address', 'project'];

/** The refusal a check's failure is, when it belongs to that job alone. */
export function jobRefusalOf(error: unknown): JobRefusal | undefined {
  // The client checks the job's own base URL before anything leaves (its host, its form).
  if (error instanceof InvalidSettingError && error.setting === settingId(settingNames.baseUrl)) return 'address';
  if (error instanceof AuthError && error.status === 403) return 'project';
  return undefined;
}

/** What the job's row says: why it is not checked, and what the writer can do. */
export function refusalText(refusal: JobRefusal, job: ProjectScope, error: unknown): string {
  if (refusal === 'address') {
    const address = originOf(job.baseUrl) ?? job.baseUrl;
    return l10n.t(
      'This job was made at {0}, which is not your service address any more, so your API key is not sent there. Stop following it, or confirm that address.',
      address,
    );
  }
  const said = error instanceof AuthError ? error.serverMessage : undefined;
  return withServiceSaid(
    l10n.t(
      'The service does not let your API key see this job’s project ({0}). Stop following it, or check the key’s permissions on your dashboard.',
      job.projectId,
    ),
    said,
  );
}

/** The row's short word for it, beside the status. */
export function refusalWord(refusal: JobRefusal): string {
  return refusal === 'address'
    ? l10n.t({
        message: 'not checked: old address',
        args: [],
        comment: ['A job’s row: it is not checked, since it was made at a service address the writer no longer uses'],
      })
    : l10n.t({
        message: 'not checked: key refused',
        args: [],
        comment: ['A job’s row: the service refuses the writer’s key for this job’s project'],
      });
}

/** The address to confirm so the job is checked again there: one the key may go to once confirmed, else none. */
export function addressToConfirm(job: ProjectScope): string | undefined {
  const origin = originOf(job.baseUrl);
  if (!origin) return undefined;
  const { protocol, hostname } = new URL(origin);
  // Plain http carries the key in clear: only to this machine, as the base URL setting allows.
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname) ? origin : undefined;
}
