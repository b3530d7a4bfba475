// The tools an agent follows jobs with, without the editor's views: the jobs followed on this
// computer (status, pull request, preview), and one job's record. Both answer from what Docs
// Agent keeps, so they cost nothing and ask nothing.
import * as l10n from '@vscode/l10n';
import { pullRequestHosts } from '../editor/config';
import type { JobTracker } from '../jobs/job-tracker';
import { sameScope, type TrackedJob } from '../jobs/tracked-job';
import { toolNames } from '../platform/manifest-ids';
import type { PreviewsFeature } from '../previews/previews-feature';
import { failureText, tasks } from './failure-text';
import { type JobPreview, jobListText, jobRecordText } from './job-record-text';
import { unknownJobText } from './job-tool-text';
import { jobScope, trackedJob } from './tool-target';
import type { ToolWork } from './tool-work';

export interface JobListToolDeps {
  tracker: Pick<JobTracker, 'jobs'>;
  previews: Pick<PreviewsFeature, 'store' | 'nameOf'>;
}

/** The newest preview of a job's change, if one is followed. */
function previewOf(deps: JobListToolDeps, job: TrackedJob): JobPreview | undefined {
  const previews = deps.previews.store.all().filter((p) => p.jobId === job.id && sameScope(p, job));
  const preview = previews.sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt))[0];
  return preview && { preview, name: deps.previews.nameOf(preview) };
}

export interface ListJobsInput {
  project?: string;
  folder?: string;
}

export function listJobsTool(deps: JobListToolDeps): ToolWork<ListJobsInput> {
  return {
    name: toolNames.listJobs,
    progress: () => l10n.t('Listing Docs Agent jobs'),
    async run(input) {
      let jobs = deps.tracker.jobs();
      if (input.project || input.folder) {
        const scope = await jobScope(input, {}, jobs);
        if (!('ok' in scope)) return { text: failureText(tasks.listJobs, scope.problem), failed: true };
        jobs = jobs.filter((job) => sameScope(job, scope.ok));
      }
      return { text: jobListText(jobs, (job) => previewOf(deps, job), Date.now(), pullRequestHosts()) };
    },
  };
}

export interface JobRecordInput {
  jobId?: string;
}

export function jobRecordTool(deps: JobListToolDeps): ToolWork<JobRecordInput> {
  return {
    name: toolNames.jobRecord,
    progress: (input) => l10n.t('Reading the record of job {0}', String(input.jobId ?? '')),
    run(input) {
      const id = String(input.jobId ?? '');
      const job = trackedJob(deps.tracker, id);
      if (!job) return Promise.resolve({ text: unknownJobText(id, deps.tracker.jobs()), failed: true });
      return Promise.resolve({ text: jobRecordText(job, previewOf(deps, job), Date.now(), pullRequestHosts()) });
    },
  };
}
