// Fetches a job's change into the open clone of its repository (how: change-fetch.ts; the
// command that does the same by hand: fetch-command.ts).
import * as l10n from '@vscode/l10n';
import type { TrackedJob } from '../jobs/tracked-job';
import { fetchChangeAt, type JobChange } from './change-fetch';
import { changeSourceOf } from './change-ref';
import { findJobClone, type JobClone } from './find-repository';
import type { GitApi } from './git-api';
import { ReviewError } from './review-errors';

export type { JobChange };
export { docsPagesFirst } from './change-fetch';
export { reviewRef } from './fetch-command';

/** The open clone of the job's repository, or a ReviewError that says there is none. */
export function jobClone(api: GitApi, job: TrackedJob): JobClone {
  const clone = findJobClone(api.repositories, job.job);
  if (clone) return clone;
  const message = job.job.repository
    ? l10n.t('No open folder is a git clone of {0}.', job.job.repository)
    : l10n.t('No open folder is a git clone of the job’s repository.');
  throw new ReviewError(message, ['openFolder', 'copyFetchCommand']);
}

export async function fetchJobChange(api: GitApi, job: TrackedJob): Promise<JobChange> {
  const source = changeSourceOf(job.job);
  if (!source) throw new ReviewError(l10n.t('This job names neither a pull request nor a branch, so there is no change to fetch.'));
  const clone = jobClone(api, job);
  return fetchChangeAt(clone.repository, clone.remote.name, job, source);
}
