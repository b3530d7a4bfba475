// When a job's change reached the remote's default branch, read from git: the commit that
// merged its head (a merge commit, or the head itself when the branch moved forward to it); or,
// when the head never reached the branch (a squash or a rebase on the host), the first commit
// there that names the pull request ("… (#12)", "See merge request acme/docs!12") or replays the
// head (same message and author date, as a rebase keeps them).
import * as l10n from '@vscode/l10n';
import { parsePullRequestLink } from './change-ref';
import type { GitCommit, GitRepository } from './git-api';
import type { JobChange } from './job-change';
import { fetchFailure } from './review-errors';

/** How the change arrived: an id (the caller words it for the writer). */
export type MergeKind = 'merge commit' | 'fast-forward' | 'squash' | 'rebase';

export interface JobMerge {
  /** When the change arrived: the merging commit's committer date (epoch ms). */
  at: number;
  how: MergeKind;
  /** The default branch's commit that brought the change. */
  commit: string;
  /** The branch it reached, as git names it: "origin/main". */
  into: string;
}

type MergeGit = Pick<GitRepository, 'fetch' | 'getCommit' | 'getMergeBase' | 'getRefs' | 'log'>;

const remoteBranchType = 1;

/** The remote's default branch: what `<remote>/HEAD` points at, else `main` or `master`. */
async function defaultBranch(repository: MergeGit, remote: string): Promise<{ ref: string; name: string } | undefined> {
  const refs = await repository.getRefs({ pattern: `refs/remotes/${remote}/` });
  const branches = refs.filter((r) => r.type === remoteBranchType && r.name);
  const head = branches.find((r) => r.name === `${remote}/HEAD`);
  const named = (n: string): (typeof branches)[number] | undefined => branches.find((r) => r.name === `${remote}/${n}`);
  const target =
    (head &&
      (branches.find((r) => r.commit === head.commit && (r.name === `${remote}/main` || r.name === `${remote}/master`)) ??
        branches.find((r) => r.commit === head.commit && r.name !== head.name))) ??
    named('main') ??
    named('master');
  return target?.name ? { ref: `refs/remotes/${target.name}`, name: target.name } : undefined;
}

function dateOf(commit: GitCommit): number {
  return (commit.commitDate ?? commit.authorDate)?.getTime() ?? Number.NaN;
}

/** What names the pull request in a commit message on the default branch, or undefined for a branch job. */
function pullRequestMention(prLink: string | null): RegExp | undefined {
  const pr = prLink ? parsePullRequestLink(prLink) : undefined;
  if (!pr) return undefined;
  return pr.kind === 'github'
    ? new RegExp(`\\(#${pr.number}\\)|\\bpull request #${pr.number}\\b`)
    : new RegExp(`merge request \\S*!${pr.number}\\b`);
}

/** The head is on the branch: the commit whose parent it is, as git lists the branch's descendants of it (oldest first). */
async function mergedHead(repository: MergeGit, head: GitCommit, branchRef: string): Promise<Pick<JobMerge, 'at' | 'how' | 'commit'>> {
  const after = await repository.log({ range: `${head.hash}..${branchRef}`, reverse: true });
  const merging = after.find((c) => c.parents.length > 1 && c.parents.includes(head.hash));
  // `how` is a MergeKind id, not text: stays English (the caller words it for the writer).
  if (merging) return { at: dateOf(merging), how: 'merge commit', commit: merging.hash };
  // The branch moved forward onto the head: git keeps no date of that; the head's own is the nearest.
  return { at: dateOf(head), how: 'fast-forward', commit: head.hash };
}

/** The head is not on the branch: a commit there that names the pull request or replays the head. */
async function landedCopy(
  repository: MergeGit,
  change: Pick<JobChange, 'base'>,
  head: GitCommit,
  branchRef: string,
  mention: RegExp | undefined,
): Promise<Pick<JobMerge, 'at' | 'how' | 'commit'> | undefined> {
  const since = await repository.log({ range: `${change.base}..${branchRef}`, reverse: true });
  const authored = head.authorDate?.getTime();
  const message = head.message.trim();
  for (const commit of since) {
    if (mention?.test(commit.message)) return { at: dateOf(commit), how: 'squash', commit: commit.hash };
    if (authored !== undefined && commit.authorDate?.getTime() === authored && commit.message.trim() === message) {
      return { at: dateOf(commit), how: 'rebase', commit: commit.hash };
    }
  }
  return undefined;
}

export type MergeFinding = { merged: JobMerge } | { notMerged: string };

/**
 * Where the job's change stands on the remote's default branch, fetched fresh. `notMerged` says
 * in a sentence why no merge was found (not merged yet, or merged in a way git cannot tell).
 */
export async function findJobMerge(change: JobChange, prLink: string | null): Promise<MergeFinding> {
  const { repository, remote } = change;
  try {
    await repository.fetch({ remote, silent: true });
  } catch (error) {
    throw fetchFailure(
      error,
      remote,
      l10n.t({ message: 'default branch', args: [], comment: ['What was fetched: the remote’s default branch'] }),
    );
  }
  const branch = await defaultBranch(repository, remote);
  if (!branch) return { notMerged: l10n.t('{0} has no default branch git can name (no {0}/HEAD, main or master).', remote) };
  const head = await repository.getCommit(change.head);
  const onBranch = (await repository.getMergeBase(head.hash, branch.ref).catch(() => undefined)) === head.hash;
  const found = onBranch
    ? await mergedHead(repository, head, branch.ref)
    : await landedCopy(repository, change, head, branch.ref, pullRequestMention(prLink));
  if (!found || Number.isNaN(found.at)) {
    const notMerged = l10n.t({
      message: 'The {0} is not on {1} yet (or it was squashed with a message that does not name it).',
      args: [change.source.label, branch.name],
      comment: [
        '{0} is what holds the change: "pull request #12", "merge request !12" or "branch docs-agent/1a2b"; {1} a branch: "origin/main"',
      ],
    });
    return { notMerged };
  }
  return { merged: { ...found, into: branch.name } };
}
