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
import type { ToolCall } from './tool-definition';

export type Target<T> = { ok: T } | { problem: unknown };

/** A workspace folder by its name or its path (an MCP root may come as a file: URI). */
function folderNamed(name: string): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const path = name.startsWith('file:') ? vscode.Uri.parse(name).fsPath : name;
  return folders.find((f) => f.name === name) ?? folders.find((f) => f.uri.fsPath === path || f.uri.path === path);
}

/** Where a tool's project comes from when its input names none: the caller's (an MCP client's roots), else the open editor's. */
export type Caller = Pick<ToolCall, 'client' | 'roots' | 'editor'>;

/** The file chat's call was asked from (read once by the chat adapter), never the editor as it is now. */
export const editorOf = (caller: Caller): vscode.Uri | undefined => (caller.editor ? vscode.Uri.parse(caller.editor) : undefined);

/** The sentence for an agent outside VS Code that named no project where the workspace has several. */
export const nameTheProject = (projects: readonly string[]): InputProblem =>
  new InputProblem(
    l10n.t(
      'no project was named, and this workspace has several ({0}); pass “project” (its project ID) or “folder” (the docs folder).',
      listOf(projects),
    ),
  );

/**
 * The first project among an MCP client's roots, each found as a folder argument is; else the
 * workspace's one project, as the tools' descriptions promise (an agent may declare no roots).
 */
function rootsScope(roots: readonly string[]): Target<ProjectScope> {
  for (const root of roots) {
    const folder = folderNamed(root);
    const scope = folder && scopeFor(folder.uri);
    if (scope?.projectId) return { ok: scope };
  }
  return onlyProject();
}

/** The workspace's one project, or why there is none to take. */
function onlyProject(): Target<ProjectScope> {
  const scopes = workspaceScopes();
  if (scopes.length === 1 && scopes[0]) return { ok: scopes[0] };
  return { problem: scopes.length ? nameTheProject(scopes.map((s) => s.projectId)) : noProjectError() };
}

/**
 * The project for a new job: a folder's, a named one of this workspace's, else the open editor's
 * (VS Code's chat) or the MCP client's roots (never the window's editor: it is not the agent's).
 */
export function jobScope(input: { project?: string | undefined; folder?: string | undefined }, caller: Caller = {}): Target<ProjectScope> {
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
  if (caller.client !== undefined) return rootsScope(caller.roots ?? []);
  const scope = scopeFor(editorOf(caller));
  return scope.projectId ? { ok: scope } : onlyProject();
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
