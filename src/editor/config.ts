// Typed access to the extension's settings. The project id is per workspace folder, so each
// folder of a multi-root workspace can point at its own project. The base URL is the user's:
// a workspace cannot choose where the API key goes (see base-url-guard.ts).
import * as vscode from 'vscode';
import type { ProjectScope } from '../api/project-scope';
import { renamedSettings, type SettingName, settingNames, settingsSection } from '../platform/manifest-ids';

export const section = settingsSection;
export const defaultBaseUrl = 'https://api.mintlify.com';

function settings(scope?: vscode.Uri): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(section, scope);
}

const oldNameOf = new Map(Object.entries(renamedSettings).map(([old, renamed]) => [renamed, old]));

/**
 * A user-only setting's value (manifest-ids' userOnlySettings), under its old name until that has
 * moved: the user's settings alone, never a workspace's or a folder's, whatever the scope says.
 */
function userValue(name: SettingName): unknown {
  const config = settings();
  const old = oldNameOf.get(name);
  return config.inspect(name)?.globalValue ?? (old === undefined ? undefined : config.inspect(old)?.globalValue);
}

function userNumber(name: SettingName, fallback: number): number {
  const value = userValue(name);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function userStrings(name: SettingName): string[] | undefined {
  const value = userValue(name);
  return Array.isArray(value) ? value.filter((h): h is string => typeof h === 'string') : undefined;
}

/** The base URL in the user's settings (application scoped: VS Code ignores workspace values). */
export function userBaseUrl(): string {
  const value = userValue(settingNames.baseUrl);
  return (typeof value === 'string' ? value.trim() : '') || defaultBaseUrl;
}

/** Hosts (origins) the user confirmed a workspace's base URL may name; kept in user settings. */
export function confirmedBaseUrlHosts(): string[] {
  return userStrings(settingNames.confirmedBaseUrlHosts) ?? [];
}

/** Where a workspace's own base URL is looked up; it answers only for hosts the user confirmed. */
export interface WorkspaceBaseUrls {
  confirmedFor(scope: vscode.Uri | undefined): string | undefined;
}

let workspaceBaseUrls: WorkspaceBaseUrls | undefined;

export function useWorkspaceBaseUrls(source: WorkspaceBaseUrls): vscode.Disposable {
  workspaceBaseUrls = source;
  return new vscode.Disposable(() => {
    if (workspaceBaseUrls === source) workspaceBaseUrls = undefined;
  });
}

export function baseUrl(scope?: vscode.Uri): string {
  return workspaceBaseUrls?.confirmedFor(scope) ?? userBaseUrl();
}

export function projectId(scope?: vscode.Uri): string {
  return settings(scope).get<string>(settingNames.projectId, '').trim();
}

/** Whether to ask before one click sends a job: the user's alone, so a repository's settings cannot skip the question. */
export function confirmBeforeSending(): boolean {
  return userValue(settingNames.confirmBeforeSending) !== false;
}

export type NotifyStatus = 'completed' | 'failed' | 'archived';

/** Which finishes are announced; the user's alone, as the window that wins a finish announces it for all. */
export function notifyOn(): ReadonlySet<string> {
  return new Set(userStrings(settingNames.notifyOn) ?? ['completed', 'failed']);
}

/** The longest wait between checks of a running job (the poller's other settings keep their defaults). */
export function pollSettings(): { maxIntervalMs: number } {
  const maxSeconds = userNumber(settingNames.pollMaxIntervalSeconds, 60);
  return { maxIntervalMs: Math.max(5, maxSeconds) * 1000 };
}

/** The range the visitors panel and status bar start with. */
export function visitorsDefaultRange(): '7d' | '30d' | '90d' {
  const value = settings().get<string>(settingNames.visitorsDefaultRange, '30d');
  return value === '7d' || value === '90d' ? value : '30d';
}

/** Whether the status bar shows the open page's visitors. */
export function visitorsStatusBar(): boolean {
  return settings().get<boolean>(settingNames.visitorsStatusBar, true);
}

/** Whether docs pages show their visitors as Explorer badges. */
export function visitorsExplorerBadges(): boolean {
  return settings().get<boolean>(settingNames.visitorsExplorerBadges, true);
}

/** Above this share of AI visits (percent) a page counts as read mostly by AI. */
export function visitorsMostlyAiPercent(): number {
  const value = settings().get<number>(settingNames.visitorsMostlyAiPercent, 50);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 50;
}

/** Whether docs pages show their visitors in a CodeLens on the first line. */
export function visitorsCodeLens(): boolean {
  return settings().get<boolean>(settingNames.visitorsCodeLens, true);
}

/**
 * How Review Job's Changes shows a change: in the multi-file diff editor (where the editor has
 * one), or as a list of the changed files that each open in their own diff.
 */
export function reviewShowChangesAs(): 'multiFileDiff' | 'fileList' {
  return settings().get<string>(settingNames.reviewShowChangesAs, 'multiFileDiff') === 'fileList' ? 'fileList' : 'multiFileDiff';
}

/** The docs root a folder names (relative to it, or absolute); empty: found from docs.json. */
export function docsRootSetting(scope: vscode.Uri): string {
  return settings(scope).get<string>(settingNames.docsRoot, '').trim();
}

export function stopConfirmingBeforeSending(): Thenable<void> {
  return settings().update(settingNames.confirmBeforeSending, false, vscode.ConfigurationTarget.Global);
}

/** Writes the project id: per folder in a multi-root workspace, else the workspace's (the user's with no folder). */
export function setProjectId(value: string, folder: vscode.WorkspaceFolder | undefined): Thenable<void> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const { WorkspaceFolder, Workspace, Global } = vscode.ConfigurationTarget;
  const target = folders.length > 1 ? WorkspaceFolder : folders.length ? Workspace : Global;
  return settings(folder?.uri).update(settingNames.projectId, value, target);
}

/** Where a folder's project id is kept: its own settings (shared through git), the user's, or nowhere yet. */
export type ProjectIdPlace = 'folder' | 'machine';

export function projectIdPlace(folder: vscode.WorkspaceFolder | undefined): ProjectIdPlace | undefined {
  const seen = settings(folder?.uri).inspect<string>(settingNames.projectId);
  if (seen?.workspaceFolderValue?.trim() || seen?.workspaceValue?.trim()) return 'folder';
  return seen?.globalValue?.trim() ? 'machine' : undefined;
}

/** Writes the project id where the writer chose: the folder's settings, or the user's (this machine). */
export function saveProjectId(value: string, folder: vscode.WorkspaceFolder | undefined, place: ProjectIdPlace): Thenable<void> {
  return place === 'folder'
    ? setProjectId(value, folder)
    : settings().update(settingNames.projectId, value, vscode.ConfigurationTarget.Global);
}

export function setConfirmedBaseUrlHosts(hosts: string[]): Thenable<void> {
  return settings().update(settingNames.confirmedBaseUrlHosts, hosts, vscode.ConfigurationTarget.Global);
}

/**
 * Finished jobs older than this many days leave the Agent Jobs view (Follow a Job Started Elsewhere finds them)
 * and the machine's daily pruning removes them, every project's: so the user's value alone.
 */
export function hideFinishedAfterDays(): number {
  return Math.max(0, userNumber(settingNames.hideFinishedAfterDays, 30));
}

/**
 * Hosts the user allows pull request links to go to, besides github.com and gitlab.com (for a
 * job whose repository names no host). Application scoped: a workspace cannot add one.
 */
export function pullRequestHosts(): string[] {
  return userStrings(settingNames.pullRequestHosts) ?? [];
}

/** The MCP server's port when the user chose none (package.json's default). */
export const defaultMcpPort = 47291;

/** The MCP server's settings: the user's alone, as one server on this computer serves every window of the editor. */
export function mcpSettings(): { enabled: boolean; port: number } {
  const port = Math.round(userNumber(settingNames.mcpPort, defaultMcpPort));
  return { enabled: userValue(settingNames.mcpEnabled) !== false, port: port >= 1024 && port <= 65535 ? port : defaultMcpPort };
}

/** How long an answer may take before the request counts as failed (slow networks raise it). */
export function requestTimeoutSeconds(): number {
  return Math.max(2, userNumber(settingNames.requestTimeoutSeconds, 30));
}

/** VS Code's own proxy settings, which the client honours before the environment's. */
export function proxySettings(): { proxy: string; proxyStrictSSL: boolean } {
  const http = vscode.workspace.getConfiguration('http');
  return { proxy: http.get<string>('proxy', '').trim(), proxyStrictSSL: http.get<boolean>('proxyStrictSSL', true) };
}

/** The project a file belongs to: its workspace folder's settings (or the window's). */
export function scopeFor(uri?: vscode.Uri): ProjectScope {
  const folder = (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
  return { baseUrl: baseUrl(folder?.uri), projectId: projectId(folder?.uri) };
}

/** Every distinct project the open folders point at (those with a project id). */
export function workspaceScopes(): ProjectScope[] {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const all = folders.length ? folders.map((f) => scopeFor(f.uri)) : [scopeFor()];
  const seen = new Set<string>();
  return all.filter((scope) => {
    const id = `${scope.baseUrl}\n${scope.projectId}`;
    if (scope.projectId === '' || seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

export function affectsUs(event: vscode.ConfigurationChangeEvent): boolean {
  return (
    event.affectsConfiguration(section) || event.affectsConfiguration('http.proxy') || event.affectsConfiguration('http.proxyStrictSSL')
  );
}
