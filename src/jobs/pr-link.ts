// A pull request link comes from the service, and the service's answer can be wrong or forged:
// a link is opened only when it is https, carries no user name or password (which show one host
// and open another), and goes to the repository's own host, or, when the job names no host, to
// github.com, gitlab.com or a host the user allowed. Anything else is shown as refused text with
// the reason, never opened.
import * as l10n from '@vscode/l10n';
import { count, listOf, plural } from '../platform/words';

/** Hosts a link may go to when the job's repository names none. */
export const defaultPullRequestHosts: readonly string[] = ['github.com', 'gitlab.com'];

/** Longer links are refused: no real pull request address comes near it. */
export const maxLinkLength = 2048;

export type LinkVerdict = { url: string } | { refused: string };

/** The host a repository field names ("https://host/…", "host/owner/repo", "git@host:owner/repo"), if any. */
export function repositoryHost(repository: string): string | undefined {
  const text = repository.trim();
  const scp = /^[\w.-]+@([^:/\s]+):/.exec(text);
  const candidate = scp
    ? scp[1]
    : /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
      ? text
      : /^[^/\s]+\.[^/\s]+\//.test(text)
        ? `https://${text}`
        : undefined;
  if (!candidate) return undefined;
  try {
    return new URL(candidate.includes('://') ? candidate : `https://${candidate}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** A host as the browser would go to it (lower case, IDN as punycode), or undefined. */
function canonicalHost(host: string): string | undefined {
  try {
    return new URL(`https://${host.trim()}`).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** "the link is too long (2,049 characters)". */
export function tooLongText(n: number): string {
  return plural(n, l10n.t('the link is too long ({0} character)', count(n)), l10n.t('the link is too long ({0} characters)', count(n)));
}

/** Whether to open `link` for a job of `repository`; `allowedHosts` come from the user's settings only. */
export function checkPullRequestLink(link: string, repository: string, allowedHosts: readonly string[] = []): LinkVerdict {
  const text = link.trim();
  if (text.length > maxLinkLength) {
    return { refused: tooLongText(text.length) };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { refused: l10n.t('the link is not a web address') };
  }
  if (url.protocol !== 'https:') {
    return {
      refused:
        url.protocol === 'http:'
          ? l10n.t('the link is http://, which travels in clear')
          : l10n.t('the link is a {0} link, not a web address', url.protocol),
    };
  }
  if (url.username || url.password)
    return { refused: l10n.t('the link carries a user name or password, which can show one host and open another') };
  const host = url.hostname.toLowerCase();
  const repoHost = repositoryHost(repository);
  if (repoHost) {
    return host === repoHost
      ? { url: url.toString() }
      : { refused: l10n.t('the link goes to {0}, not to {1}, where the repository is', host, repoHost) };
  }
  const allowed = [...defaultPullRequestHosts, ...allowedHosts].map(canonicalHost);
  return allowed.includes(host)
    ? { url: url.toString() }
    : {
        refused: l10n.t(
          'the link goes to {0}, which is not {1} or a host allowed in {2}',
          host,
          listOf(defaultPullRequestHosts, 'disjunction'),
          'docsAgent.pullRequestHosts',
        ),
      };
}

/** The verdict for a job's answer, or undefined when it has no link. */
export function pullRequestLink(
  job: { prLink: string | null; repository: string },
  allowedHosts: readonly string[] = [],
): LinkVerdict | undefined {
  return job.prLink ? checkPullRequestLink(job.prLink, job.repository, allowedHosts) : undefined;
}

/** The address to open, or undefined (no link, or a refused one). */
export function webLink(job: { prLink: string | null; repository: string }, allowedHosts: readonly string[] = []): string | undefined {
  const verdict = pullRequestLink(job, allowedHosts);
  return verdict && 'url' in verdict ? verdict.url : undefined;
}
