// Shows a job's change in VS Code's multi-file diff editor: one entry per changed file, docs
// pages first, each the file at the base against the agent's version (read from git, so the
// working tree is never touched).
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

export async function showChanges(api: Pick<GitApi, 'toGitUri'>, change: JobChange, title: string): Promise<void> {
  await vscode.commands.executeCommand('vscode.changes', title, changeResources(api, change));
}
