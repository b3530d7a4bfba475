// Which jobs have a change to fetch, and fetching one with a progress notification while git works.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { TrackedJob } from '../jobs/tracked-job';
import { changeSourceOf } from '../review/change-ref';
import { type GitApi, loadGitApi } from '../review/git-api';
import { fetchJobChange, type JobChange } from '../review/job-change';
import { withProgressNote } from '../editor/say';

export function canReview(job: TrackedJob): boolean {
  return job.job.status === 'completed' && changeSourceOf(job.job) !== undefined;
}

export async function fetchWithProgress(job: TrackedJob): Promise<{ api: GitApi; change: JobChange }> {
  const api = await loadGitApi();
  const source = changeSourceOf(job.job);
  const change = await withProgressNote(
    {
      location: vscode.ProgressLocation.Notification,
      title: source
        ? l10n.t({
            message: 'Fetching the {0}…',
            args: [source.label],
            comment: ['{0} is the change’s source: “pull request #12”, “merge request !3” or “branch fix-typo”'],
          })
        : l10n.t('Fetching the change…'),
    },
    () => fetchJobChange(api, job),
  );
  return { api, change };
}
