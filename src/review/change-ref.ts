// Where a job's change lives in git: the pull request's head for the two hosts that publish
// one as a ref (GitHub's `refs/pull/N/head`, GitLab's `refs/merge-requests/N/head`), else
// the branch the job names (a push-to-branch job, or a host that publishes no such ref).
import * as l10n from '@vscode/l10n';
import { parseRepositoryId, type RepositoryId } from './repository-id';

export interface PullRequestLink {
  kind: 'github' | 'gitlab';
  repository: RepositoryId;
  number: number;
}

/** A GitHub or GitLab pull (merge) request link, or undefined for any other. */
export function parsePullRequestLink(link: string): PullRequestLink | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  const path = decodeURIComponent(url.pathname).replace(/\/+$/, '');
  const github = /^\/(.+)\/pull\/(\d+)(?:\/(?:files|commits))?$/.exec(path);
  const gitlab = /^\/(.+)\/-\/merge_requests\/(\d+)(?:\/diffs)?$/.exec(path);
  const match = gitlab ?? github;
  const repository = match?.[1] ? parseRepositoryId(`https://${url.hostname}/${match[1]}`) : undefined;
  const number = Number(match?.[2]);
  if (!repository || !Number.isSafeInteger(number) || number <= 0) return undefined;
  return { kind: gitlab ? 'gitlab' : 'github', repository, number };
}

export interface ChangeSource {
  /** What to ask the remote for. */
  remoteRef: string;
  /** How the user reads it (in the display language): "pull request #12", "branch docs-agent/1a2b". */
  label: string;
  /** A branch pushed to directly: its local copy is the base to compare against. */
  branch?: string;
}

/** What holds a job's change, or undefined when the job names neither a known link nor a branch. */
export function changeSourceOf(job: { prLink: string | null; ref: string | null }): ChangeSource | undefined {
  const pr = job.prLink ? parsePullRequestLink(job.prLink) : undefined;
  // The number is an id, written as the host writes it (no digit grouping).
  if (pr?.kind === 'github') return { remoteRef: `refs/pull/${pr.number}/head`, label: l10n.t('pull request #{0}', String(pr.number)) };
  if (pr?.kind === 'gitlab') {
    return { remoteRef: `refs/merge-requests/${pr.number}/head`, label: l10n.t('merge request !{0}', String(pr.number)) };
  }
  const branch = job.ref?.trim().replace(/^refs\/heads\//, '');
  if (!branch || !isBranchName(branch)) return undefined;
  return { remoteRef: `refs/heads/${branch}`, label: l10n.t('branch {0}', branch), branch };
}

/** git's rules for a ref name, the ones a forged field could break out of (options, ranges, parents). */
export function isBranchName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    !name.startsWith('-') &&
    !name.startsWith('/') &&
    !name.endsWith('/') &&
    !name.endsWith('.lock') &&
    !name.includes('..') &&
    !name.includes('//') &&
    !name.includes('@{') &&
    // eslint-disable-next-line no-control-regex
    !/[\x00-\x20\x7f~^:?*[\\]/.test(name)
  );
}
