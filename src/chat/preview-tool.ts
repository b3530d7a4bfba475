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
import { previewStatusText } from './preview-tool-text';
import { jobScope, type Target, textResult, trackedJob } from './tool-target';
import { confirmationMarkdown, markdownOfText } from '../editor/markdown-text';

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

async function targetOf(deps: PreviewToolDeps, input: PreviewToolInput): Promise<Target<PreviewTarget>> {
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
  const scope = jobScope(input);
  return 'ok' in scope ? { ok: { scope: scope.ok, branch: input.branch.trim() } } : scope;
}

export class PreviewTool implements vscode.LanguageModelTool<PreviewToolInput> {
  /** The target the confirmation named: invoke uses it, so a pull request's branch is not fetched twice. */
  private prepared: { input: string; target: Promise<Target<PreviewTarget>> } | undefined;

  constructor(private readonly deps: PreviewToolDeps) {}

  private target(input: PreviewToolInput, keep: boolean): Promise<Target<PreviewTarget>> {
    const key = JSON.stringify(input);
    const prepared = this.prepared?.input === key ? this.prepared.target : undefined;
    const target = prepared ?? targetOf(this.deps, input);
    this.prepared = keep ? { input: key, target } : undefined;
    return target;
  }

  async prepareInvocation({
    input,
  }: vscode.LanguageModelToolInvocationPrepareOptions<PreviewToolInput>): Promise<vscode.PreparedToolInvocation> {
    const target = await this.target(input, true);
    if (input.action === 'status' || !('ok' in target)) return { invocationMessage: l10n.t('Checking the Docs Agent preview') };
    const { scope, branch } = target.ok;
    return {
      invocationMessage: markdownOfText(l10n.t('Starting a preview of {0}', branch)),
      confirmationMessages: confirmationMarkdown({
        title: l10n.t('Start a preview deployment?'),
        message: l10n.t(
          "Project {0}, branch {1}. The platform builds the branch as a preview site; it takes one of the organisation's {2} preview requests a minute.",
          scope.projectId,
          branch,
          count(5),
        ),
      }),
    };
  }

  async invoke({ input }: vscode.LanguageModelToolInvocationOptions<PreviewToolInput>): Promise<vscode.LanguageModelToolResult> {
    const target = await this.target(input, false);
    if (!('ok' in target)) return textResult(failureText(tasks.preview, target.problem));
    const { scope, branch, jobId } = target.ok;
    const { previews } = this.deps;
    const known = previews.store.get(previewKey(scope, branch));
    if (input.action === 'status') {
      return textResult(
        known
          ? previewStatusText(known, previews.nameOf(known), Date.now())
          : l10n.t('No preview of branch {0} is followed here; ask to start one.', branch),
      );
    }
    if (previews.notInPlan(scope))
      return textResult(l10n.t("Docs Agent did not start a preview: project {0}'s plan has no preview deployments.", scope.projectId));
    try {
      const started = await previews.tracker.start({ scope, branch, ...(jobId ? { jobId } : {}) });
      this.deps.log.info(`Preview of ${branch} started from chat (${started.statusId}).`);
      return textResult(
        [
          l10n.t('Started a preview deployment.'),
          previewStatusText(started, previews.nameOf(started), Date.now()),
          l10n.t({
            message: 'Ask again with action "status" to follow it; a notification says when it is ready.',
            args: [],
            comment: ['"status" is the tool’s input value: keep it as written'],
          }),
        ].join('\n'),
      );
    } catch (error) {
      return textResult(failureText(tasks.startPreview, error));
    }
  }
}
