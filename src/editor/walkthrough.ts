// The Get Started walkthrough opens by itself once per machine: the first time Docs Agent starts
// in a folder with a docs site while it is not connected yet. A writer who turned off
// walkthroughs opening on install (the editor's own setting) is not shown it either.
import * as vscode from 'vscode';
import type { ApiKeyStore } from './api-key-store';
import { workspaceScopes } from './config';

export const walkthroughId = 'firstHour';
const shownFlag = 'docsAgent.walkthroughShown';

export async function openWalkthroughOnce(extensionId: string, state: vscode.Memento, keys: ApiKeyStore): Promise<void> {
  if (state.get<boolean>(shownFlag)) return;
  if (!vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true)) return;
  const sites = await vscode.workspace.findFiles('**/{docs.json,mint.json}', '**/node_modules/**', 1);
  if (sites.length === 0) return;
  const connected = (await keys.source()) !== 'none' && workspaceScopes().length > 0;
  await state.update(shownFlag, true);
  if (connected) return;
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#${walkthroughId}`, false);
}
