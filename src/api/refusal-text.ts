// What the service's refusals say to the writer: one whole sentence for each thing asked after,
// each limit and each wait, so a translation can put every part where its language wants it.
import * as l10n from '@vscode/l10n';
import { formatWait } from './wait-text';

/** What a call was after, for the sentence a 404 becomes. */
export type Sought = { project: string } | { job: string } | { deployment: string };

/** The limits the platform counts requests against. */
export type Limit = 'agent' | 'analytics' | 'preview';

export function notFoundText(sought: Sought): string {
  if ('job' in sought) return l10n.t('The service could not find job {0}.', sought.job);
  if ('deployment' in sought) return l10n.t('The service could not find deployment {0}.', sought.deployment);
  return l10n.t('The service could not find project {0}.', sought.project);
}

/** A 429: which limit is reached, and when to try again (later, when the service did not say). */
export function rateLimitText(limit: Limit | undefined, retryAfterMs: number | undefined): string {
  const wait = retryAfterMs === undefined ? undefined : formatWait(retryAfterMs);
  switch (limit) {
    case 'agent':
      return wait === undefined
        ? l10n.t('The rate limit for agent jobs (100 a project each hour) is reached. Try again later.')
        : l10n.t('The rate limit for agent jobs (100 a project each hour) is reached. Try again in {0}.', wait);
    case 'analytics':
      return wait === undefined
        ? l10n.t('The rate limit for analytics (100 requests an hour) is reached. Try again later.')
        : l10n.t('The rate limit for analytics (100 requests an hour) is reached. Try again in {0}.', wait);
    case 'preview':
      return wait === undefined
        ? l10n.t('The rate limit for preview deployments (5 a minute per organisation) is reached. Try again later.')
        : l10n.t('The rate limit for preview deployments (5 a minute per organisation) is reached. Try again in {0}.', wait);
    case undefined:
      return wait === undefined
        ? l10n.t('The rate limit for this service is reached. Try again later.')
        : l10n.t('The rate limit for this service is reached. Try again in {0}.', wait);
  }
}

/** Another 4xx: the service's message (else the status) and its details, as it sent them. */
export function refusedText(status: number, message: string | undefined, details: readonly string[]): string {
  const listed = details.join('; ');
  if (message === undefined) {
    return listed
      ? l10n.t('The service refused the request: HTTP {0} ({1}).', String(status), listed)
      : l10n.t('The service refused the request: HTTP {0}.', String(status));
  }
  return listed
    ? l10n.t('The service refused the request: {0} ({1}).', message, listed)
    : l10n.t('The service refused the request: {0}.', message);
}
