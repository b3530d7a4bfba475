// Why a review could not be shown, in one sentence, with the action that helps. Nothing is
// left half-done by any of these: a failed fetch creates no ref and no branch.
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

/** A failed fetch of `ref` from `remote`, told the way a writer can act on it. */
export function fetchFailure(error: unknown, remote: string, what: string): ReviewError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as GitFailure;
  const stderr = failure.stderr ?? failure.message ?? '';
  if (/couldn't find remote ref|not our ref|no such ref/i.test(stderr)) {
    return new ReviewError(`The ${what} is not on ${remote} (yet): the agent may still be pushing it. Try again in a minute.`, ['retry']);
  }
  if (
    failure.gitErrorCode === 'AuthenticationFailed' ||
    /authentication failed|could not read (username|password)|permission denied \(publickey|terminal prompts disabled/i.test(stderr)
  ) {
    return new ReviewError(
      `${remote} asks for credentials git does not have here. Sign in to it (or fetch once in a terminal), then try again.`,
      ['retry', 'copyFetchCommand'],
    );
  }
  if (
    failure.gitErrorCode === 'RemoteConnectionError' ||
    /could not resolve host|unable to access|connection (refused|timed out)|network is unreachable|could not read from remote/i.test(stderr)
  ) {
    return new ReviewError(`Could not reach ${remote} to fetch the ${what}: check the network, then try again.`, [
      'retry',
      'showGitOutput',
    ]);
  }
  return new ReviewError(`Git could not fetch the ${what}: ${firstLine(stderr) || 'no reason given'}.`, ['retry', 'showGitOutput']);
}
