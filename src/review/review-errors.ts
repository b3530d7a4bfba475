// Why a review could not be shown, in one sentence, with the action that helps. Nothing is
// left half-done by any of these: a failed fetch creates no ref and no branch.
import * as l10n from '@vscode/l10n';

export type ReviewAction = 'retry' | 'openFolder' | 'copyFetchCommand' | 'showGitOutput' | 'openSourceControl' | 'gitSettings';

/** What the Git extension says when a command fails (GitError's fields). */
interface GitFailure {
  gitErrorCode?: string;
  stderr?: string;
  message?: string;
}

export class ReviewError extends Error {
  constructor(
    message: string,
    readonly actions: readonly ReviewAction[] = [],
  ) {
    super(message);
  }
}

function firstLine(text: string | undefined): string {
  return (
    text
      ?.split('\n')
      .map((l) => l.replace(/^(fatal|error): /, '').trim())
      .find(Boolean) ?? ''
  );
}

/**
 * A failed fetch of `what` (as the writer reads it, in the display language: "pull request #12")
 * from `remote`, told the way a writer can act on it.
 */
export function fetchFailure(error: unknown, remote: string, what: string): ReviewError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as GitFailure;
  const stderr = failure.stderr ?? failure.message ?? '';
  if (/couldn't find remote ref|not our ref|no such ref/i.test(stderr)) {
    const message = l10n.t({
      message: 'The {0} is not on {1} (yet): the agent may still be pushing it. Try again in a minute.',
      args: [what, remote],
      comment: [
        '{0} is what was fetched: pull request #12, merge request !12, branch docs-agent/1a2b, default branch, or branches',
        '{1} is a git remote (origin)',
      ],
    });
    return new ReviewError(message, ['retry']);
  }
  if (
    failure.gitErrorCode === 'AuthenticationFailed' ||
    /authentication failed|could not read (username|password)|permission denied \(publickey|terminal prompts disabled/i.test(stderr)
  ) {
    return new ReviewError(
      l10n.t('{0} asks for credentials git does not have here. Sign in to it (or fetch once in a terminal), then try again.', remote),
      ['retry', 'copyFetchCommand'],
    );
  }
  if (
    failure.gitErrorCode === 'RemoteConnectionError' ||
    /could not resolve host|unable to access|connection (refused|timed out)|network is unreachable|could not read from remote/i.test(stderr)
  ) {
    const message = l10n.t({
      message: 'Could not reach {0} to fetch the {1}: check the network, then try again.',
      args: [remote, what],
      comment: [
        '{0} is a git remote (origin); {1} is what was fetched: pull request #12, branch docs-agent/1a2b, default branch, or branches',
      ],
    });
    return new ReviewError(message, ['retry', 'showGitOutput']);
  }
  // git's own words are outside text: passed through as written.
  const said = firstLine(stderr);
  const message = said
    ? l10n.t({
        message: 'Git could not fetch the {0}: {1}.',
        args: [what, said],
        comment: [
          '{0} is what was fetched: pull request #12, merge request !12, branch docs-agent/1a2b, default branch, or branches',
          '{1} is git’s own message, as git wrote it',
        ],
      })
    : l10n.t({
        message: 'Git could not fetch the {0}: no reason given.',
        args: [what],
        comment: ['{0} is what was fetched: pull request #12, merge request !12, branch docs-agent/1a2b, default branch, or branches'],
      });
  return new ReviewError(message, ['retry', 'showGitOutput']);
}
