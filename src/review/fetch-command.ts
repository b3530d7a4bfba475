// Where a fetched change is kept, and the git command that fetches it by hand (Copy Fetch
// Command), pure so plain Node tests run it against a real shell.
import * as l10n from '@vscode/l10n';
import type { TrackedJob } from '../jobs/tracked-job';
import { pasteableCommand } from '../platform/shell-words';
import { changeSourceOf } from './change-ref';
import { jobRefPart } from './job-branch';

/** Where a fetched change is kept: outside refs/heads, so no branch appears until the writer checks one out; one ref per job. */
export function reviewRef(job: Pick<TrackedJob, 'id'>): string {
  // Not refs/docs-agent/: the short name docs-agent/<id> would then be both this ref and the job's branch.
  return `refs/docs-agent-changes/${jobRefPart(job)}`;
}

/** The git command a writer can run by hand for the same fetch, or why none is given. */
export type FetchCommand = { text: string } | { refusal: string };

/** The job's branch comes from the service and may hold `;`, `$` or `#`: every argument is quoted (see shell-words). */
export function fetchCommand(job: TrackedJob, remote = 'origin'): FetchCommand | undefined {
  const source = changeSourceOf(job.job);
  if (!source) return undefined;
  // A command for a shell: stays English.
  const text = pasteableCommand('git fetch', [remote, `+${source.remoteRef}:${reviewRef(job)}`]);
  return text !== undefined
    ? { text }
    : {
        refusal: l10n.t(
          'The job’s branch name holds characters a terminal could run as a command, so no command was copied; pick the branch in your Git tool instead.',
        ),
      };
}
