// How the service's answers change a tracked job, as plain functions over plain data: the
// tracker keeps the bookkeeping, these keep the rules. No vscode import.
import { CancelledError, RateLimitedError } from '../api/errors';
import type { AgentJob } from '../api/types';
import { isBlockingError, isOfflineError } from './poll-timing';
import { awaitFollowUpMs, isTerminal, type TrackedJob } from './tracked-job';
import { finishEvent, withEvent } from './job-history';
import { jobRefusalOf, refusalText } from './job-refusal';

/** What a user sees changing: the status, the pull request, the branch, archiving. */
export function changedFields(a: AgentJob, b: AgentJob): boolean {
  return a.rawStatus !== b.rawStatus || a.prLink !== b.prLink || a.ref !== b.ref || a.archivedAt !== b.archivedAt;
}

/**
 * The stored record with the service's answer at `now` (ms). A finish seen running again starts
 * a new round (a follow-up), so its next finish is announced; a lost follow-up stops being
 * awaited once the job runs again, or after a while still finished (it never arrived).
 */
export function withAnswer(saved: TrackedJob, job: AgentJob, now: number): TrackedJob {
  const running = !isTerminal(job.status);
  const next: TrackedJob = { ...saved, job: { ...job, createdAt: job.createdAt ?? saved.job.createdAt }, notFound: false };
  delete next.checkError;
  delete next.refused;
  if (running && isTerminal(saved.job.status)) next.round = saved.round + 1;
  const awaited = saved.awaitingSince !== undefined && !running && now - Date.parse(saved.awaitingSince) < awaitFollowUpMs;
  if (!awaited) delete next.awaitingSince;
  if (changedFields(saved.job, next.job)) next.changedAt = new Date(now).toISOString();
  const finish = finishEvent(saved.job, next.job, new Date(now).toISOString(), (j) => isTerminal(j.status));
  if (finish) next.history = withEvent(saved.history, finish);
  return next;
}

/** Not the network, the key, the rate limit or a cancel, which stop every check alike. */
export function concernsThisJobOnly(error: unknown): error is Error {
  return (
    error instanceof Error &&
    !(error instanceof CancelledError || error instanceof RateLimitedError || isOfflineError(error) || isBlockingError(error))
  );
}

/** The stored record after a failure of its check alone: why, in words for its row (a refusal says what to do). */
export function withCheckError(saved: TrackedJob, error: Error): TrackedJob {
  const { refused: _before, ...rest } = saved;
  const refused = jobRefusalOf(error);
  return refused ? { ...rest, checkError: refusalText(refused, saved, error), refused } : { ...rest, checkError: error.message };
}

/** A job known only by its id: running, as a job just made is, until its first check. */
export function placeholderJob(id: string): AgentJob {
  return {
    id,
    status: 'active',
    rawStatus: 'active',
    repository: '',
    ref: null,
    model: '',
    prLink: null,
    createdAt: null,
    archivedAt: null,
  };
}
