// What the job list and a job's record read as, for an agent that follows jobs without the
// editor's views: each job's state, its preview, and its record (what was asked, each follow-up
// or review, each finish). The prompts are the writer's own (or ones the writer allowed); the
// service's statuses and links are plain values. Pure, so unit tests check it.
import * as l10n from '@vscode/l10n';
import type { JobEvent } from '../jobs/job-history';
import { createdAtOf, type TrackedJob } from '../jobs/tracked-job';
import { relativeTime } from '../platform/relative-time';
import { count, plural } from '../platform/words';
import type { TrackedPreview } from '../previews/tracked-preview';
import { jobStatusText } from './job-tool-text';
import { previewStatusText } from './preview-tool-text';

/** A job's preview, by the name previews give it. */
export interface JobPreview {
  preview: TrackedPreview;
  name: string;
}

function eventLine(event: JobEvent, now: number): string {
  const when = relativeTime(event.at, now);
  if (event.kind === 'finished') {
    const link = event.prLink ? l10n.t(', pull request {0}', event.prLink) : '';
    return l10n.t('{0}: finished, {1}{2}', when, event.status, link);
  }
  if (event.review)
    return l10n.t(
      '{0}: review sent ({1}):\n{2}',
      when,
      plural(event.review, l10n.t('{0} comment', count(event.review)), l10n.t('{0} comments', count(event.review))),
      event.text,
    );
  return l10n.t('{0}: follow-up:\n{1}', when, event.text);
}

/** One job with its preview, as the list gives it. */
function listedJob(job: TrackedJob, preview: JobPreview | undefined, now: number, hosts: readonly string[]): string {
  const status = jobStatusText(job, now, hosts);
  return preview ? `${status}\n${previewStatusText(preview.preview, preview.name, now)}` : status;
}

export function jobListText(
  jobs: readonly TrackedJob[],
  previewOf: (job: TrackedJob) => JobPreview | undefined,
  now: number,
  hosts: readonly string[],
): string {
  if (!jobs.length) return l10n.t('No Docs Agent jobs are followed on this computer for that project.');
  const n = count(jobs.length);
  const head = plural(
    jobs.length,
    l10n.t('{0} Docs Agent job followed on this computer, newest first:', n),
    l10n.t('{0} Docs Agent jobs followed on this computer, newest first:', n),
  );
  return [head, ...jobs.map((job) => listedJob(job, previewOf(job), now, hosts))].join('\n\n');
}

/** The whole record: the job's state and preview, the prompt as sent, then each follow-up and finish. */
export function jobRecordText(job: TrackedJob, preview: JobPreview | undefined, now: number, hosts: readonly string[]): string {
  const asked = l10n.t('{0}: asked:\n{1}', relativeTime(createdAtOf(job), now), job.prompt);
  const events = job.history ?? job.followUps.map((text): JobEvent => ({ kind: 'followUp', at: createdAtOf(job), text }));
  return [listedJob(job, preview, now, hosts), l10n.t('Record, oldest first:'), asked, ...events.map((e) => eventLine(e, now))].join(
    '\n\n',
  );
}
