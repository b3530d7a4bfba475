// #docsAgentPreview: starts a preview deployment of an agent job's branch (or a branch named)
// and says how it goes and where it is. Starting takes one of the organisation's 5 preview
// requests a minute, so it is confirmed first, naming the project and the branch; asking how a
// preview goes costs nothing (it answers from what this machine follows).
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import type { JobTracker } from '../jobs/job-tracker';
import { messageOf } from '../platform/checks';
import { checkPreviewUrl, previewPageUrl } from '../previews/preview-link';
import type { PreviewsFeature } from '../previews/previews-feature';
import { elapsedText, firstErrorLine, previewKey, statusWord, type TrackedPreview } from '../previews/tracked-preview';
import { loadGitApi } from '../review/git-api';
import { jobPreviewBranch } from '../review/job-preview-branch';
import { failureText, InputProblem } from './failure-text';
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
    if (!job) return { problem: new InputProblem(`no tracked job has the ID “${input.jobId}”.`) };
    try {
      const { branch } = await jobPreviewBranch(loadGitApi, job);
      return { ok: { scope: job, branch, jobId: job.id } };
    } catch (error) {
      return { problem: new InputProblem(messageOf(error)) };
    }
  }
  if (!input.branch?.trim()) return { problem: new InputProblem('name a job (jobId) or a branch to preview.') };
  const scope = jobScope(input);
  return 'ok' in scope ? { ok: { scope: scope.ok, branch: input.branch.trim() } } : scope;
}

/** What a preview's state reads as, for the model to pass on. */
export function previewStatusText(preview: TrackedPreview, name: string, now: number): string {
  const lines = [
    `Preview of ${name} (branch ${preview.branch}, project ${preview.projectId})`,
    `Status: ${statusWord(preview)}, ${elapsedText(preview, now)}`,
  ];
  const link = checkPreviewUrl(preview.previewUrl);
  if ('url' in link)
    lines.push(`${preview.status === 'success' ? 'Page' : 'Address when ready'}: ${previewPageUrl(link.url, preview.pagePath)}`);
  else lines.push(`Address: not opened (${link.refused})`);
  if (preview.status === 'failure')
    lines.push(
      `First error: ${firstErrorLine(preview.logs, preview.summary) ?? 'none given'}`,
      `Build log: ${preview.logs.length} lines (Docs Agent: Show Preview Build Log)`,
    );
  if (preview.checkError) lines.push(`Last check failed: ${preview.checkError}`);
  return lines.join('\n');
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
    if (input.action === 'status' || !('ok' in target)) return { invocationMessage: 'Checking the Docs Agent preview' };
    const { scope, branch } = target.ok;
    return {
      invocationMessage: markdownOfText(`Starting a preview of ${branch}`),
      confirmationMessages: confirmationMarkdown({
        title: 'Start a preview deployment?',
        message: `Project ${scope.projectId}, branch ${branch}. The platform builds the branch as a preview site; it takes one of the organisation's 5 preview requests a minute.`,
      }),
    };
  }

  async invoke({ input }: vscode.LanguageModelToolInvocationOptions<PreviewToolInput>): Promise<vscode.LanguageModelToolResult> {
    const target = await this.target(input, false);
    if (!('ok' in target)) return textResult(failureText('preview it', target.problem));
    const { scope, branch, jobId } = target.ok;
    const { previews } = this.deps;
    const known = previews.store.get(previewKey(scope, branch));
    if (input.action === 'status') {
      return textResult(
        known
          ? previewStatusText(known, previews.nameOf(known), Date.now())
          : `No preview of branch ${branch} is followed here; ask to start one.`,
      );
    }
    if (previews.notInPlan(scope))
      return textResult(`Docs Agent did not start a preview: project ${scope.projectId}'s plan has no preview deployments.`);
    try {
      const started = await previews.tracker.start({ scope, branch, ...(jobId ? { jobId } : {}) });
      this.deps.log.info(`Preview of ${branch} started from chat (${started.statusId}).`);
      return textResult(
        `Started a preview deployment.\n${previewStatusText(started, previews.nameOf(started), Date.now())}\nAsk again with action "status" to follow it; a notification says when it is ready.`,
      );
    } catch (error) {
      return textResult(failureText('start the preview', error));
    }
  }
}
