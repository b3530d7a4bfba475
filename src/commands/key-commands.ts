// Connect; set, clear and verify the API key; set the project id.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { apiKeyProblem } from '../api/api-key';
import { checkConnection } from '../api/connection-check';
import { projectId, scopeFor, setProjectId } from '../editor/config';
import type { CommandDeps } from './deps';
import type { KeyCommandId } from './later-command-ids';
import type { CommandHandlers } from './on-first-use';
import { connect } from './connect-command';
import { commandIds, contextKeys, settingId, settingNames } from '../platform/manifest-ids';
import { askText, showInfo, showWarning } from '../editor/say';

/** Checks the key with the open page's project: one free request, its verdict in a sentence. */
async function verify(deps: CommandDeps): Promise<boolean> {
  const scope = scopeFor(vscode.window.activeTextEditor?.document.uri);
  const connectAgain = l10n.t('Connect to Your Docs Project…');
  if (!scope.projectId) {
    void showWarning(l10n.t('The key is checked together with a project, and this folder has no project ID yet.'), connectAgain).then(
      (picked) => picked && vscode.commands.executeCommand(commandIds.connect),
    );
    return false;
  }
  const verdict = await checkConnection(deps.clients.forBaseUrl(scope.baseUrl), scope.projectId);
  deps.log.info(`Check the Connection: ${verdict.message}`);
  if (verdict.ok) {
    await vscode.commands.executeCommand('setContext', contextKeys.connected, true);
    void showInfo(verdict.message);
    return true;
  }
  const action = verdict.problem === 'address' ? l10n.t('Open Settings') : connectAgain;
  void showWarning(verdict.message, action).then((picked) => {
    if (picked === connectAgain) void vscode.commands.executeCommand(commandIds.connect);
    else if (picked) void vscode.commands.executeCommand('workbench.action.openSettings', settingId(settingNames.baseUrl));
  });
  return false;
}

export function keyCommands(deps: CommandDeps): CommandHandlers<KeyCommandId> {
  return {
    [commandIds.setApiKey]: async () => {
      const key = await askText({
        title: l10n.t('Mintlify API key'),
        prompt: l10n.t('Paste your API key (it starts with {0}). It is kept in the editor’s secret storage only.', 'mint_'),
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() === '' ? undefined : apiKeyProblem(value)),
      });
      if (key === undefined || key.trim() === '') return false;
      await deps.keys.set(key);
      deps.log.info('API key stored in secret storage.');
      deps.tracker.resume();
      return scopeFor().projectId ? verify(deps) : true;
    },
    [commandIds.clearApiKey]: async () => {
      await deps.keys.clear();
      deps.log.info('API key removed from secret storage.');
      const left = await deps.keys.source();
      void showInfo(
        left === 'environment'
          ? l10n.t('The stored API key is removed. The key from the {0} environment variable is still used.', 'MINTLIFY_API_KEY')
          : l10n.t('The API key is removed. Tracked jobs are kept.'),
      );
    },
    [commandIds.verifyApiKey]: () => verify(deps),
    [commandIds.connect]: () => connect(deps),
    [commandIds.setProjectId]: async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const folder =
        folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: l10n.t('Which folder’s project?') }) : folders[0];
      if (folders.length > 1 && !folder) return undefined;
      const value = await askText({
        title: l10n.t('Mintlify project ID'),
        prompt: l10n.t('Copy it from the API keys page of your dashboard. It is not secret.'),
        value: projectId(folder?.uri),
        ignoreFocusOut: true,
        validateInput: (v) =>
          /\s/.test(v.trim()) ? l10n.t('A project ID has no spaces.') : v.trim() === '' ? l10n.t('Enter the project ID.') : undefined,
      });
      if (value === undefined) return undefined;
      await setProjectId(value.trim(), folder);
      return value.trim();
    },
  };
}
