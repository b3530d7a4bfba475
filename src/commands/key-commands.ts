// Set, clear and verify the API key; set the project id.
import * as vscode from 'vscode';
import { checkApiKey } from '../api/api-key';
import { InvalidSettingError, NotFoundError } from '../api/errors';
import { projectId, scopeFor } from '../config';
import { showError } from '../ui/show-error';
import type { CommandDeps } from './deps';

// A job id that never exists: asking for it costs no agent use and proves the key is accepted.
const probeJobId = 'docs-agent-key-check';

function keyProblem(value: string): string | undefined {
  try {
    checkApiKey(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function verify(deps: CommandDeps, quietSuccess = false): Promise<boolean> {
  const scope = scopeFor(vscode.window.activeTextEditor?.document.uri);
  try {
    if (!scope.projectId) throw new InvalidSettingError('The key cannot be checked without a project ID.', 'docsAgent.projectId');
    await deps.clients.forBaseUrl(scope.baseUrl).getJob(scope.projectId, probeJobId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) {
      showError(error, deps.log, () => verify(deps));
      return false;
    }
  }
  if (!quietSuccess) void vscode.window.showInformationMessage(`The API key works: the service accepted it for project “${scope.projectId}”.`);
  deps.log.info(`API key verified for project ${scope.projectId}.`);
  return true;
}

export function registerKeyCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('docsAgent.setApiKey', async () => {
      const key = await vscode.window.showInputBox({
        title: 'Mintlify admin API key',
        prompt: 'Paste an admin API key (it starts with mint_). It is kept in the editor’s secret storage only.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() === '' ? undefined : keyProblem(value)),
      });
      if (key === undefined || key.trim() === '') return false;
      await deps.keys.set(key);
      deps.log.info('API key stored in secret storage.');
      deps.tracker.resume();
      return scopeFor().projectId ? verify(deps) : true;
    }),
    vscode.commands.registerCommand('docsAgent.clearApiKey', async () => {
      await deps.keys.clear();
      deps.log.info('API key removed from secret storage.');
      const left = await deps.keys.source();
      void vscode.window.showInformationMessage(
        left === 'environment'
          ? 'The stored API key is removed. The key from the MINTLIFY_API_KEY environment variable is still used.'
          : 'The API key is removed. Tracked jobs are kept.',
      );
    }),
    vscode.commands.registerCommand('docsAgent.verifyApiKey', () => verify(deps)),
    vscode.commands.registerCommand('docsAgent.setProjectId', async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const folder = folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which folder’s project?' }) : folders[0];
      if (folders.length > 1 && !folder) return undefined;
      const value = await vscode.window.showInputBox({
        title: 'Mintlify project ID',
        prompt: 'Copy it from the API keys page of your dashboard. It is not secret.',
        value: projectId(folder?.uri),
        ignoreFocusOut: true,
        validateInput: (v) => (/\s/.test(v.trim()) ? 'A project ID has no spaces.' : v.trim() === '' ? 'Enter the project ID.' : undefined),
      });
      if (value === undefined) return undefined;
      const target = folders.length > 1 ? vscode.ConfigurationTarget.WorkspaceFolder : folders.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
      await vscode.workspace.getConfiguration('docsAgent', folder?.uri).update('projectId', value.trim(), target);
      return value.trim();
    }),
  ];
}
