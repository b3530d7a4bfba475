// Which tracked jobs a command is about, however it was invoked.
import * as l10n from '@vscode/l10n';
import { JobTreeItem } from '../jobs/job-tree-item';
import { createdAtOf, jobKeyOf, titleOf, type TrackedJob } from '../jobs/tracked-job';
import { relativeTime } from '../platform/relative-time';
import type { CommandDeps } from './deps';
import { pickOne, showInfo } from '../editor/say';

function isTrackedJob(value: unknown): value is TrackedJob {
  return typeof value === 'object' && value !== null && 'id' in value && 'baseUrl' in value && 'job' in value;
}

/**
 * The jobs a command is about: the tree's selection (several when many are selected), a job
 * handed over by a notification, a job id, or else one the user picks.
 */
export async function resolveJobs(
  deps: CommandDeps,
  arg: unknown,
  selection: unknown,
  filter: (job: TrackedJob) => boolean = () => true,
): Promise<TrackedJob[]> {
  const fromTree = (value: unknown): TrackedJob | undefined =>
    value instanceof JobTreeItem ? value.job : isTrackedJob(value) ? value : undefined;
  if (Array.isArray(selection) && selection.length > 0) return selection.map(fromTree).filter((j): j is TrackedJob => !!j);
  const one = fromTree(arg) ?? (typeof arg === 'string' ? deps.tracker.jobs().find((j) => j.id === arg || jobKeyOf(j) === arg) : undefined);
  if (one) return [deps.tracker.get(jobKeyOf(one)) ?? one];
  const candidates = deps.tracker.jobs().filter(filter);
  if (!candidates.length) {
    void showInfo(l10n.t('No tracked agent job fits.'));
    return [];
  }
  const picked = await pickOne(
    candidates.map((job) => ({
      label: titleOf(job),
      description: `${job.job.rawStatus} · ${relativeTime(createdAtOf(job), Date.now())}`,
      detail: job.id,
      job,
    })),
    { placeHolder: l10n.t('Which agent job?'), matchOnDetail: true },
  );
  return picked ? [picked.job] : [];
}
