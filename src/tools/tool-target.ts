// What a tool's input points at, checked before anything is sent: the project a job goes to
// (only one set up in this workspace: a prompt cannot aim the key at another), the tracked job
// an ID names, the docs page a file or path names.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { InvalidSettingError } from '../api/errors';
import { isAbsolute } from 'node:path';
import { scopeFor, userBaseUrl, workspaceScopes } from '../editor/config';
import { noProjectError } from '../editor/error-text';
import type { JobTracker } from '../jobs/job-tracker';
import { sameScope, type TrackedJob } from '../jobs/tracked-job';
import { settingId, settingNames } from '../platform/manifest-ids';
import { listOf } from '../platform/words';
import { InputProblem } from './failure-text';
import { projectIdOfFolder } from './folder-project';

export type Target<T> = { ok: T } | { problem: unknown };

/** Who calls a tool: VS Code's chat (no client), or another agent through MCP (its name and folders). */
export interface Caller {
  client?: string;
  roots?: readonly string[];
}

/** A workspace folder by its name or its path. */
function folderNamed(name: string): vscode.WorkspaceFolder | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  return folders.find((f) => f.name === name) ?? folders.find((f) => f.uri.fsPath === name || f.uri.path === name);
}

/** The project a folder works on: this window's settings for it, or, outside this window, its own settings file's. */
async function folderScope(name: string): Promise<Target<ProjectScope>> {
  const open = folderNamed(name) ?? (isAbsolute(name) ? vscode.workspace.getWorkspaceFolder(vscode.Uri.file(name)) : undefined);
  if (open) {
    const scope = scopeFor(isAbsolute(name) ? vscode.Uri.file(name) : open.uri);
    return scope.projectId ? { ok: scope } : { problem: noProjectError() };
  }
  if (!isAbsolute(name)) return { problem: new InputProblem(l10n.t('No workspace folder is named “{0}”.', name)) };
  const projectId = await projectIdOfFolder(name);
  // Outside this window, the user's own service address: a folder's file cannot choose where the key goes.
  return projectId ? { ok: { baseUrl: userBaseUrl(), projectId } } : { problem: noProjectError() };
}

/** Projects the writer works on: this workspace's, and those of the jobs followed on this machine. */
function knownScopes(jobs: readonly ProjectScope[]): ProjectScope[] {
  const service = userBaseUrl();
  return [...workspaceScopes(), ...jobs.filter((job) => job.baseUrl === service)];
}

function projectScope(project: string, jobs: readonly ProjectScope[]): Target<ProjectScope> {
  const scopes = knownScopes(jobs);
  const scope = scopes.find((s) => s.projectId === project);
  if (scope) return { ok: { baseUrl: scope.baseUrl, projectId: scope.projectId } };
  const ids = [...new Set(scopes.map((s) => s.projectId))];
  const message = ids.length
    ? l10n.t('Project “{0}” is not set up in this workspace: the projects here are {1}.', project, listOf(ids))
    : l10n.t('Project “{0}” is not set up in this workspace: none is set here.', project);
  return { problem: new InvalidSettingError(message, settingId(settingNames.projectId)) };
}

/**
 * The project for a new job: a folder's, a named one the writer works on, else the open editor's.
 * Another agent (an MCP client) never gets "whichever window serves it": its own folders (roots)
 * are asked, or it is told to say which project.
 */
export async function jobScope(
  input: { project?: string | undefined; folder?: string | undefined },
  caller: Caller = {},
  jobs: readonly ProjectScope[] = [],
): Promise<Target<ProjectScope>> {
  if (input.folder) return folderScope(input.folder);
  if (input.project) return projectScope(input.project, jobs);
  if (caller.client !== undefined) {
    for (const root of caller.roots ?? []) {
      const scope = await folderScope(root);
      if ('ok' in scope) return scope;
    }
    return { problem: new InputProblem(l10n.t('Say which project: give `folder` (the docs folder) or `project` (its project ID).')) };
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
