// Shows a job's change in VS Code's multi-file diff editor: one entry per changed file, docs
// pages first, each the file at the base against the agent's version (read from git, so the
// working tree is never touched), in the group where the writer expects it.
import * as vscode from 'vscode';
import { changeStatus, type GitApi } from './git-api';
import type { JobChange } from './job-change';

type Resource = [label: vscode.Uri, original: vscode.Uri | undefined, modified: vscode.Uri | undefined];

export function changeResources(api: Pick<GitApi, 'toGitUri'>, change: JobChange): Resource[] {
  return change.changes.map((c) => {
    const after = c.renameUri ?? c.uri;
    return [
      after,
      c.status === changeStatus.added ? undefined : api.toGitUri(c.originalUri, change.base),
      c.status === changeStatus.deleted ? undefined : api.toGitUri(after, change.head),
    ];
  });
}

/** Whether a tab shows the diff titled `title` (its tab reads "<title> (N files)"). */
export function showsDiffTitled(tab: vscode.Tab, title: string): boolean {
  return tab.label === title || tab.label.startsWith(`${title} (`);
}

// The editor's commands that move the keyboard to its first eight groups (there is no API for it).
const focusGroupCommands = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'].map(
  (nth) => `workbench.action.focus${nth}EditorGroup`,
);

async function focusGroup(group: vscode.TabGroup): Promise<void> {
  const command = focusGroupCommands[group.viewColumn - 1];
  if (!group.isActive && command) await vscode.commands.executeCommand(command);
}

/** Where the writer was when they asked for a change: it may take a while to fetch. */
export interface AskedFrom {
  group: vscode.TabGroup;
  editor: vscode.TextEditor | undefined;
}

export function askedFromHere(): AskedFrom {
  return { group: vscode.window.tabGroups.activeTabGroup, editor: vscode.window.activeTextEditor };
}

/**
 * Opens the change's multi-file diff where the writer expects it, after a fetch that may have
 * taken a while: in the group already showing it (a reload restores it: opened again elsewhere it
 * would be there twice), else in the group the writer asked from. The editor opens it in the
 * active group, so that group is made active first; a writer who has since moved on to an editor
 * in another group (a draft they are typing in, say) gets the keyboard back there, and nothing
 * covers it.
 */
export async function showChanges(api: Pick<GitApi, 'toGitUri'>, change: JobChange, title: string, asked?: AskedFrom): Promise<void> {
  const groups = vscode.window.tabGroups.all;
  const showing = groups.find((group) => group.tabs.some((tab) => showsDiffTitled(tab, title)));
  const target = showing ?? (asked && groups.includes(asked.group) ? asked.group : undefined);
  const writing = vscode.window.activeTextEditor;
  const movedOn = asked !== undefined && writing !== undefined && writing !== asked.editor;
  if (target) await focusGroup(target);
  await vscode.commands.executeCommand('vscode.changes', title, changeResources(api, change));
  if (movedOn && target && writing.viewColumn !== undefined && writing.viewColumn !== target.viewColumn) {
    await vscode.window.showTextDocument(writing.document, { viewColumn: writing.viewColumn, preserveFocus: false, preview: false });
  }
}
