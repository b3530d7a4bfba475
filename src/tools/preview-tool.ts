// #docsAgentPreview: starts a preview deployment of an agent job's branch (or a branch named)
// and says how it goes and where it is. Starting takes one of the organisation's 5 preview
// requests a minute, so it is confirmed first, naming the project and the branch; asking how a
// preview goes costs nothing (it answers from what this machine follows).
import * as l10n from '@vscode/l10n';
import type * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import type { JobTracker } from '../jobs/job-tracker';
import { messageOf } from '../platform/checks';
import { toolNames } from '../platform/manifest-ids';
import { count } from '../platform/words';
import type { PreviewsFeature } from '../previews/previews-feature';
import { previewKey } from '../previews/tracked-preview';
import { loadGitApi } from '../review/git-api';
import { jobPreviewBranch } from '../review/job-preview-branch';
import { failureText, InputProblem, tasks } from './failure-text';
import { previewStatusText } from './preview-tool-text';
import { projectsCovered, type ToolDefinition } from './tool-definition';
import { described } from './tool-schemas';
import { type Caller, jobScope, type Target, trackedJob } from './tool-target';

export interface PreviewToolInput {
  jobId?: string;
  branch?: string;
  project?: string;
  action?: 'start' | 'status';
}

export interface PreviewToolDeps {
  tracker: Pick<JobTracker, 'jobs'>;
  previews: Pick<PreviewsFeature, 'tracker' | 'store' | 'nameOf' | 'notInPlan'>;
  log: vscode.LogOutputChannel;
}

interface PreviewTarget {
  scope: ProjectScope;
  branch: string;
  jobId?: string;
}

async function targetOf(deps: PreviewToolDeps, input: PreviewToolInput, caller: Caller): Promise<Target<PreviewTarget>> {
  if (input.jobId) {
    const job = trackedJob(deps.tracker, String(input.jobId));
    if (!job) return { problem: new InputProblem(l10n.t('no tracked job has the ID “{0}”.', input.jobId)) };
    try {
      const { branch } = await jobPreviewBranch(loadGitApi, job);
      return { ok: { scope: job, branch, jobId: job.id } };
    } catch (error) {
      return { problem: new InputProblem(messageOf(error)) };
    }
  }
  if (!input.branch?.trim()) return { problem: new InputProblem(l10n.t('name a job (jobId) or a branch to preview.')) };
  const scope = jobScope(input, caller);
  return 'ok' in scope ? { ok: { scope: scope.ok, branch: input.branch.trim() } } : scope;
}

/** What the preview tool answers once it knows its target: the status, or the preview it started. */
async function previewAnswer(
  deps: PreviewToolDeps,
  input: PreviewToolInput,
  target: PreviewTarget,
): Promise<{ text: string; failed?: boolean }> {
  const { scope, branch, jobId } = target;
  const { previews } = deps;
  const known = previews.store.get(previewKey(scope, branch));
  if (input.action === 'status') {
    return known
      ? { text: previewStatusText(known, previews.nameOf(known), Date.now()) }
      : { text: l10n.t('No preview of branch {0} is followed here; ask to start one.', branch) };
  }
  if (previews.notInPlan(scope))
    return {
      text: l10n.t("Docs Agent did not start a preview: project {0}'s plan has no preview deployments.", scope.projectId),
      failed: true,
    };
  try {
    const started = await previews.tracker.start({ scope, branch, ...(jobId ? { jobId } : {}) });
    deps.log.info(`Preview of ${branch} started from a tool (${started.statusId}).`);
    const text = [
      l10n.t('Started a preview deployment.'),
      previewStatusText(started, previews.nameOf(started), Date.now()),
      l10n.t({
        message: 'Ask again with action "status" to follow it; a notification says when it is ready.',
        args: [],
        comment: ['"status" is the tool’s input value: keep it as written'],
      }),
    ].join('\n');
    return { text };
  } catch (error) {
    return { text: failureText(tasks.startPreview, error), failed: true };
  }
}

export function previewTool(deps: PreviewToolDeps): ToolDefinition<PreviewToolInput> {
  /** The target the question named: run uses it, so a pull request's branch is not fetched twice. */
  let prepared: { input: string; target: Promise<Target<PreviewTarget>> } | undefined;
  const targetFor = (input: PreviewToolInput, caller: Caller, keep: boolean): Promise<Target<PreviewTarget>> => {
    const key = JSON.stringify([input, caller.client, caller.roots, caller.editor]);
    const target = (prepared?.input === key ? prepared.target : undefined) ?? targetOf(deps, input, caller);
    prepared = keep ? { input: key, target } : undefined;
    return target;
  };
  return {
    ...described(toolNames.preview),
    progress(input) {
      const branch = input.jobId ? trackedJob(deps.tracker, String(input.jobId))?.job.ref : input.branch?.trim();
      return input.action === 'status' || !branch ? l10n.t('Checking the Docs Agent preview') : l10n.t('Starting a preview of {0}', branch);
    },
    async consent(input, call) {
      const target = await targetFor(input, call, true);
      if (input.action === 'status' || !('ok' in target)) return undefined;
      const { scope, branch } = target.ok;
      return {
        covers: projectsCovered([scope]),
        title: l10n.t('Start a preview deployment?'),
        detail: l10n.t(
          "Project {0}, branch {1}. The platform builds the branch as a preview site; it takes one of the organisation's {2} preview requests a minute.",
          scope.projectId,
          branch,
          count(5),
        ),
      };
    },
    async run(input, call) {
      const target = await targetFor(input, call, false);
      if (!('ok' in target)) return { text: failureText(tasks.preview, target.problem), failed: true };
      return previewAnswer(deps, input, target.ok);
    },
  };
}
