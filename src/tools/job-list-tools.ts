// The job list and job record tools: what an agent needs to follow its jobs without the editor's
// views. Both answer from what this machine follows (the tracker and the previews' store), ask
// the service nothing and cost nothing, so neither asks the writer first.
import * as l10n from '@vscode/l10n';
import type { ProjectScope } from '../api/project-scope';
import { pullRequestHosts } from '../editor/config';
import { recordEntriesOf } from '../jobs/job-record-entries';
import type { JobTracker } from '../jobs/job-tracker';
import { sameScope, type TrackedJob } from '../jobs/tracked-job';
import { toolNames } from '../platform/manifest-ids';
import type { PreviewsFeature } from '../previews/previews-feature';
import { failureText, InputProblem, tasks } from './failure-text';
import { jobListText, jobRecordText, type ListedJob } from './job-list-tool-text';
import { unknownJobText } from './job-tool-text';
import type { ToolDefinition } from './tool-definition';
import { described } from './tool-schemas';
import { type Caller, jobScope, type Target, trackedJob } from './tool-target';

export interface JobListDeps {
  tracker: Pick<JobTracker, 'jobs'>;
  previews: Pick<PreviewsFeature, 'store' | 'nameOf'>;
}

export interface JobListInput {
  project?: string;
  folder?: string;
}

/** The preview of the job's change: started for the job, or of its branch. */
function listed(deps: JobListDeps, job: TrackedJob): ListedJob {
  const previews = deps.previews.store.all().filter((p) => sameScope(p, job));
  const preview = previews.find((p) => p.jobId === job.id) ?? (job.job.ref ? previews.find((p) => p.branch === job.job.ref) : undefined);
  return preview ? { job, preview } : { job };
}

/** The project the list is narrowed to: the one named, else an outside agent's roots' (when they hold one), else none. */
function projectAsked(input: JobListInput, caller: Caller): Target<ProjectScope | undefined> {
  if (input.project || input.folder) return jobScope(input, caller);
  if (caller.client === undefined) return { ok: undefined };
  const roots = jobScope({}, caller);
  return { ok: 'ok' in roots ? roots.ok : undefined };
}

export function listJobsTool(deps: JobListDeps): ToolDefinition<JobListInput> {
  return {
    ...described(toolNames.listJobs),
    progress: () => l10n.t('Listing Docs Agent jobs'),
    run(input, call) {
      const scope = projectAsked(input, call);
      if (!('ok' in scope)) return Promise.resolve({ text: failureText(tasks.listJobs, scope.problem), failed: true });
      const project = scope.ok;
      const jobs = deps.tracker.jobs().filter((job) => !project || sameScope(job, project));
      const text = jobListText(
        jobs.map((job) => listed(deps, job)),
        Date.now(),
        pullRequestHosts(),
        project?.projectId,
      );
      return Promise.resolve({ text });
    },
  };
}

export interface JobRecordInput {
  jobId: string;
}

export function jobRecordTool(deps: JobListDeps): ToolDefinition<JobRecordInput> {
  return {
    ...described(toolNames.jobRecord),
    progress: (input) => l10n.t('Reading the record of Docs Agent job {0}', String(input.jobId ?? '')),
    run(input) {
      const id = String(input.jobId ?? '').trim();
      if (!id)
        return Promise.resolve({ text: failureText(tasks.readRecord, new InputProblem(l10n.t('name a job (jobId).'))), failed: true });
      const job = trackedJob(deps.tracker, id);
      if (!job) return Promise.resolve({ text: unknownJobText(id, deps.tracker.jobs()), failed: true });
      const text = jobRecordText(listed(deps, job), recordEntriesOf(job), (p) => deps.previews.nameOf(p), Date.now(), pullRequestHosts());
      return Promise.resolve({ text });
    },
  };
}
