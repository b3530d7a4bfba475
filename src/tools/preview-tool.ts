// #docsAgentPreview: starts a preview deployment of an agent job's branch (or a branch named)
// and says how it goes and where it is. Starting takes one of the organisation's 5 preview
// requests a minute, so it is confirmed first, naming the project and the branch; asking how a
// preview goes costs nothing (it answers from what this machine follows).
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import type { JobTracker } from '../jobs/job-tracker';
import { messageOf } from '../platform/checks';
import { count } from '../platform/words';
import type { PreviewsFeature } from '../previews/previews-feature';
import { previewKey } from '../previews/tracked-preview';
import { loadGitApi } from '../review/git-api';
import { jobPreviewBranch } from '../review/job-preview-branch';
import { failureText, InputProblem, tasks } from './failure-text';
import type { ToolAnswer } from './tool-definition';
import { previewStatusText } from './preview-tool-text';
import { type Caller, jobScope, type Target, trackedJob } from './tool-target';
import type { ToolWork } from './tool-work';
import { toolNames } from '../platform/manifest-ids';

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
  const scope = await jobScope(input, caller, deps.tracker.jobs());
  return 'ok' in scope ? { ok: { scope: scope.ok, branch: input.branch.trim() } } : scope;
}

export function previewTool(deps: PreviewToolDeps): ToolWork<PreviewToolInput> {
  /** The target the question named: the run uses it, so a pull request's branch is not fetched twice. */
  let prepared: { input: string; target: Promise<Target<PreviewTarget>> } | undefined;
  const target = (input: PreviewToolInput, caller: Caller, keep: boolean): Promise<Target<PreviewTarget>> => {
    const key = JSON.stringify([input, caller.client, caller.roots]);
    const found = prepared?.input === key ? prepared.target : targetOf(deps, input, caller);
    prepared = keep ? { input: key, target: found } : undefined;
    return found;
  };
  return {
    name: toolNames.preview,
    progress: (input) =>
      input.action === 'status'
        ? l10n.t('Checking the Docs Agent preview')
        : l10n.t('Starting a preview of {0}', String(input.branch ?? input.jobId ?? '')),
    async consent(input, caller) {
      const found = await target(input, caller, true);
      if (input.action === 'status' || !('ok' in found)) return undefined;
      const { scope, branch } = found.ok;
      return {
        title: l10n.t('Start a preview deployment?'),
        message: l10n.t(
          "Project {0}, branch {1}. The platform builds the branch as a preview site; it takes one of the organisation's {2} preview requests a minute.",
          scope.projectId,
          branch,
          count(5),
        ),
      };
    },
    async run(input, call) {
      const found = await target(input, call, false);
      if (!('ok' in found)) return { text: failureText(tasks.preview, found.problem), failed: true };
      return input.action === 'status' ? statusOf(deps, found.ok) : start(deps, found.ok, call.client);
    },
  };
}

function statusOf({ previews }: PreviewToolDeps, { scope, branch }: PreviewTarget): ToolAnswer {
  const known = previews.store.get(previewKey(scope, branch));
  return {
    text: known
      ? previewStatusText(known, previews.nameOf(known), Date.now())
      : l10n.t('No preview of branch {0} is followed here; ask to start one.', branch),
  };
}

async function start(deps: PreviewToolDeps, { scope, branch, jobId }: PreviewTarget, client: string | undefined): Promise<ToolAnswer> {
  const { previews } = deps;
  if (previews.notInPlan(scope))
    return {
      text: l10n.t("Docs Agent did not start a preview: project {0}'s plan has no preview deployments.", scope.projectId),
      failed: true,
    };
  try {
    const started = await previews.tracker.start({ scope, branch, ...(jobId ? { jobId } : {}) });
    deps.log.info(
      `Preview of ${branch} started from ${client === undefined ? 'chat' : `an MCP client (${client})`} (${started.statusId}).`,
    );
    return {
      text: [
        l10n.t('Started a preview deployment.'),
        previewStatusText(started, previews.nameOf(started), Date.now()),
        l10n.t({
          message: 'Ask again with action "status" to follow it; a notification says when it is ready.',
          args: [],
          comment: ['"status" is the tool’s input value: keep it as written'],
        }),
      ].join('\n'),
    };
  } catch (error) {
    return { text: failureText(tasks.startPreview, error), failed: true };
  }
}
