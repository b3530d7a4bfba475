// The docs page and range a visitors tool asks about: a workspace file, a page path, or the
// open editor; a preset range or two days. Checked before any request, each problem said once.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { presetDays, presetRange, checkCustomRange, type Preset, todayUtc } from '../visitors/date-range';
import { resolvePage } from '../visitors/page-resolver';
import type { RangeChoice } from '../visitors/protocol';
import type { SiteReaders, SiteReport } from '../readers/site-readers';
import { sameScope } from '../jobs/tracked-job';
import { scopeFor, visitorsDefaultRange, workspaceScopes } from '../editor/config';
import { noProjectError } from '../editor/error-text';
import { exists } from '../editor/workspace-text';
import { pageAddress } from '../site/page-address';
import { InputProblem } from './failure-text';
import { type Caller, editorOf, jobScope, type Target } from './tool-target';

export interface RangeInput {
  range?: string;
  from?: string;
  to?: string;
}

export interface PageInput {
  file?: string;
  pagePath?: string;
}

export interface PageTarget {
  scope: ProjectScope;
  pagePath: string;
  /** Workspace-relative, when a file serves the page. */
  file: string | undefined;
}

export function rangeOf(input: RangeInput): Target<RangeChoice> {
  const today = todayUtc();
  if (input.from || input.to) {
    const [from, to] = [input.from ?? '', input.to ?? ''];
    const problem = checkCustomRange(from, to, today);
    return problem ? { problem: new InputProblem(problem) } : { ok: { preset: 'custom', from, to } };
  }
  const preset = input.range ?? visitorsDefaultRange();
  if (!Object.hasOwn(presetDays, preset))
    return { problem: new InputProblem(l10n.t('The range “{0}” is not one of 7d, 30d, 90d.', preset)) };
  return { ok: presetRange(preset as Preset, today) };
}

/** A workspace file by a workspace-relative or absolute path (never outside the open folders). */
async function workspaceFile(name: string): Promise<vscode.Uri | undefined> {
  if (name.startsWith('/')) {
    const uri = vscode.Uri.file(name);
    return vscode.workspace.getWorkspaceFolder(uri) && (await exists(uri)) ? uri : undefined;
  }
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, name.replace(/^\.\//, ''));
    if (vscode.workspace.getWorkspaceFolder(uri) && (await exists(uri))) return uri;
  }
  return undefined;
}

async function fileTarget(uri: vscode.Uri): Promise<Target<PageTarget>> {
  const page = await resolvePage(uri);
  if (page.pagePath === null) {
    const problem =
      page.reason !== undefined
        ? l10n.t('{0} is not a docs page: {1}', page.file, page.reason)
        : l10n.t('{0} is not a docs page: no page serves it', page.file);
    return { problem: new InputProblem(problem) };
  }
  const scope = scopeFor(uri);
  return scope.projectId ? { ok: { scope, pagePath: page.pagePath, file: page.file } } : { problem: noProjectError() };
}

/** A page path: the site whose pages list it gives the project and the file (else the caller's project). */
function pathTarget(pagePath: string, readers: Pick<SiteReaders, 'reports'>, caller: Caller): Target<PageTarget> {
  const wanted = pageAddress(pagePath.startsWith('/') ? pagePath : `/${pagePath}`);
  for (const report of readers.reports()) {
    const page = report.site.pages.find((p) => pageAddress(p.pagePath) === wanted);
    if (!page) continue;
    const file = page.file && vscode.workspace.asRelativePath(vscode.Uri.joinPath(report.site.root, page.file), false);
    return { ok: { scope: report.scope, pagePath: page.pagePath, file } };
  }
  if (caller.client !== undefined) {
    const scope = jobScope({}, caller);
    return 'ok' in scope ? { ok: { scope: scope.ok, pagePath: wanted, file: undefined } } : scope;
  }
  const [scope] = workspaceScopes();
  return scope ? { ok: { scope, pagePath: wanted, file: undefined } } : { problem: noProjectError() };
}

/** The page a tool asks about: VS Code's chat may mean the open editor's; an agent outside it names one. */
export async function pageTarget(
  input: PageInput,
  readers: Pick<SiteReaders, 'reports' | 'refresh'>,
  caller: Caller = {},
): Promise<Target<PageTarget>> {
  if (input.file) {
    const uri = await workspaceFile(input.file);
    return uri ? fileTarget(uri) : { problem: new InputProblem(l10n.t('No file “{0}” is in the open workspace folders.', input.file)) };
  }
  if (input.pagePath) {
    await readers.refresh();
    return pathTarget(input.pagePath, readers, caller);
  }
  if (caller.client !== undefined) return { problem: new InputProblem(l10n.t('name a file or a page path.')) };
  const open = editorOf(caller);
  return open ? fileTarget(open) : { problem: new InputProblem(l10n.t('No docs page is open: name a file or a page path.')) };
}

export interface SitesInput {
  project?: string;
  folder?: string;
}

/**
 * The docs sites a tool reads across: the project or folder named, else (for an agent outside
 * VS Code) its roots' project, else every site open here.
 */
export async function sitesAsked(
  input: SitesInput,
  readers: Pick<SiteReaders, 'reports' | 'refresh'>,
  caller: Caller,
): Promise<Target<SiteReport[]>> {
  const named = input.project || input.folder || caller.client !== undefined;
  const scope = named ? jobScope(input, caller) : undefined;
  if (scope && !('ok' in scope)) return scope;
  await readers.refresh();
  const sites = readers.reports().filter((site) => !scope || sameScope(site.scope, scope.ok));
  if (scope && !sites.length)
    return { problem: new InputProblem(l10n.t('no docs site of project {0} is open in the editor.', scope.ok.projectId)) };
  return { ok: [...sites] };
}
