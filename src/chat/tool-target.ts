// What a tool's input points at, checked before anything is sent: the project a job goes to
// (only one set up in this workspace: a prompt cannot aim the key at another), the tracked job
// an ID names, the docs page a file or path names.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { InvalidSettingError } from '../api/errors';
import { scopeFor, workspaceScopes } from '../editor/config';
import { noProjectError } from '../editor/error-text';
import type { JobTracker } from '../jobs/job-tracker';
import { sameScope, type TrackedJob } from '../jobs/tracked-job';
import { settingId, settingNames } from '../platform/manifest-ids';
import { listOf } from '../platform/words';
import { InputProblem } from './failure-text';

export type Target<T> = { ok: T } | { problem: unknown };

/** A workspace folder by its name or its path. */
function folderNamed(name: string): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.find((f) => f.name === name) ?? folders.find((f) => f.uri.fsPath === name || f.uri.path === name);
}

/** The project for a new job: a folder's, a named one of this workspace's, else the open editor's. */
export function jobScope(input: { project?: string | undefined; folder?: string | undefined }): Target<ProjectScope> {
  if (input.folder) {
    const folder = folderNamed(input.folder);
    if (!folder) return { problem: new InputProblem(l10n.t('No workspace folder is named “{0}”.', input.folder)) };
    const scope = scopeFor(folder.uri);
    return scope.projectId ? { ok: scope } : { problem: noProjectError() };
  }
  if (input.project) {
    const scopes = workspaceScopes();
    const scope = scopes.find((s) => s.projectId === input.project);
    if (scope) return { ok: scope };
    const message = scopes.length
      ? l10n.t(
          'Project “{0}” is not set up in this workspace: the projects here are {1}.',
          input.project,
          listOf(scopes.map((s) => s.projectId)),
        )
      : l10n.t('Project “{0}” is not set up in this workspace: none is set here.', input.project);
    return { problem: new InvalidSettingError(message, settingId(settingNames.projectId)) };
  }
  const scope = scopeFor(vscode.window.activeTextEditor?.document.uri);
  return scope.projectId ? { ok: scope } : { problem: noProjectError() };
}

/**
 * A tracked job of this workspace's projects by its ID, or a unique start of it (8 characters at
 * least). The view also lists jobs made at a service address that is no longer the writer's;
 * where one of those and one of today's service answer to the ID, today's is the one meant.
 */
export function trackedJob(
  tracker: Pick<JobTracker, 'jobs'>,
  id: string,
  current: ProjectScope[] = workspaceScopes(),
): TrackedJob | undefined {
  const wanted = id.trim();
  const jobs = tracker.jobs();
  const here = (job: TrackedJob): boolean => current.some((scope) => sameScope(scope, job));
  const meant = (found: TrackedJob[]): TrackedJob[] => (found.length > 1 && found.some(here) ? found.filter(here) : found);
  const exact = meant(jobs.filter((job) => job.id === wanted));
  if (exact.length || wanted.length < 8) return exact[0];
  const starting = meant(jobs.filter((job) => job.id.startsWith(wanted)));
  return starting.length === 1 ? starting[0] : undefined;
}

/** An AbortSignal that follows a cancellation token, and the listener to dispose. */
export function signalOf(token: vscode.CancellationToken): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  const listener = token.onCancellationRequested(() => controller.abort());
  return {
    signal: controller.signal,
    dispose: () => {
      listener.dispose();
    },
  };
}

export function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
