// Connect's one free request: asking for a job that never exists costs no agent use, and the
// service's answer says whether the key is an admin key it accepts and whether it knows the
// project. Every outcome becomes one sentence a writer can act on.
import * as l10n from '@vscode/l10n';
import type { DocsApiClient } from './client';
import { AuthError, InvalidApiKeyError, NetworkError, NotFoundError, TimeoutError } from './errors';
import { messageOf } from '../platform/checks';

/** A job id that never exists. */
export const probeJobId = 'docs-agent-key-check';

/** What went wrong, for the action offered beside the sentence. */
export type ConnectionProblem = 'key' | 'project' | 'address' | 'unreachable' | 'other';

export type ConnectionVerdict = { ok: true; message: string } | { ok: false; problem: ConnectionProblem; message: string };

/** What a 404 for a job that never exists says, from the service's own words. */
function notFoundVerdict(serverMessage: string | undefined, projectId: string): ConnectionVerdict {
  if (serverMessage && /\bproject\b/i.test(serverMessage)) {
    return {
      ok: false,
      problem: 'project',
      message: l10n.t(
        'The key works, but Mintlify knows no project “{0}”. Copy the project ID from the API keys page of your Mintlify dashboard.',
        projectId,
      ),
    };
  }
  if (serverMessage && /\bjob\b/i.test(serverMessage)) return connected(projectId);
  // A 404 that names neither: the address may not be the API at all, so nothing was proven.
  return {
    ok: false,
    problem: 'address',
    message: l10n.t('The service’s address answered “not found” without naming a job or a project: check the Base URL setting.'),
  };
}

function connected(projectId: string): ConnectionVerdict {
  return { ok: true, message: l10n.t('Connected to project “{0}”. Agent jobs and visitor numbers for this folder use it.', projectId) };
}

/** The verdict for an error the check request ended with. */
export function verdictOfError(error: unknown, projectId: string): ConnectionVerdict {
  if (error instanceof NotFoundError) return notFoundVerdict(error.serverMessage, projectId);
  if (error instanceof InvalidApiKeyError) return { ok: false, problem: 'key', message: error.message };
  if (error instanceof AuthError && error.status === 401) {
    return {
      ok: false,
      problem: 'key',
      message: l10n.t(
        'Mintlify refused the key: it may have expired or been revoked. Make a new one on the API keys page of your Mintlify dashboard.',
      ),
    };
  }
  if (error instanceof AuthError) {
    return {
      ok: false,
      problem: 'key',
      message: l10n.t(
        'Mintlify knows the key but refused the request: the key may not be allowed to run the agent, or it may only work from other network addresses. Check it on the API keys page of your Mintlify dashboard.',
      ),
    };
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return {
      ok: false,
      problem: 'unreachable',
      message: l10n.t(
        'Mintlify could not be reached, so the key and project are not checked yet. They are kept: connect again once you are online.',
      ),
    };
  }
  return { ok: false, problem: 'other', message: l10n.t('The connection could not be checked: {0}', messageOf(error)) };
}

/** Asks the service once, for free, whether `client`'s key and `projectId` work together. */
export async function checkConnection(client: Pick<DocsApiClient, 'getJob'>, projectId: string): Promise<ConnectionVerdict> {
  try {
    await client.getJob(projectId, probeJobId);
    return connected(projectId);
  } catch (error) {
    return verdictOfError(error, projectId);
  }
}
