// Set, clear and verify the API key; set the project id.
import * as vscode from 'vscode';
import { checkApiKey } from '../api/api-key';
import { InvalidSettingError, NotFoundError } from '../api/errors';
import { projectId, scopeFor, setProjectId } from '../editor/config';
import { showError } from '../editor/show-error';
import type { CommandDeps } from './deps';
import { messageOf } from '../platform/checks';
import { commandIds, settingId, settingNames } from '../platform/manifest-ids';
import { askText, showInfo, showWarning } from '../editor/say';

// A job id that never exists: asking for it costs no agent use and proves the key is accepted.
const probeJobId = 'docs-agent-key-check';

function keyProblem(value: string): string | undefined {
  try {
    checkApiKey(value);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}

/** What a 404 for a job that never exists says about the key, from the service's own words. */
export function verdictOf404(serverMessage: string | undefined, projectId: string): { ok: boolean; message: string } {
  if (serverMessage && /\bproject\b/i.test(serverMessage)) {
    return { ok: false, message: `The service accepted the key, but it does not know project “${projectId}”. Check the project ID.` };
  }
  if (serverMessage && /\bjob\b/i.test(serverMessage)) {
    return { ok: true, message: `The API key is accepted: the service answered for project “${projectId}”.` };
  }
  // A 404 that names neither: the address may not be the API at all, so nothing was proven.
  return {
    ok: false,
    message:
      'The service answered “not found” without naming a job or project, so the key could not be checked. Check the base URL setting.',
  };
}

async function verify(deps: CommandDeps, quietSuccess = false): Promise<boolean> {
  const scope = scopeFor(vscode.window.activeTextEditor?.document.uri);
  let verdict: { ok: boolean; message: string };
  try {
    if (!scope.projectId)
      throw new InvalidSettingError('The key cannot be checked without a project ID.', settingId(settingNames.projectId));
    await deps.clients.forBaseUrl(scope.baseUrl).getJob(scope.projectId, probeJobId);
    verdict = { ok: true, message: `The API key is accepted: the service answered for project “${scope.projectId}”.` };
  } catch (error) {
    if (!(error instanceof NotFoundError)) {
      showError(error, deps.log, () => verify(deps));
      return false;
    }
    verdict = verdictOf404(error.serverMessage, scope.projectId);
  }
  deps.log.info(`Verify API Key: ${verdict.message}`);
  if (!verdict.ok) {
    const action = /project/i.test(verdict.message) ? 'Set Project ID' : 'Open Settings';
    void showWarning(verdict.message, action).then((picked) => {
      if (picked === 'Set Project ID') void vscode.commands.executeCommand(commandIds.setProjectId);
      else if (picked) void vscode.commands.executeCommand('workbench.action.openSettings', settingId(settingNames.baseUrl));
    });
    return false;
  }
  if (!quietSuccess) void showInfo(verdict.message);
  return true;
}

export function registerKeyCommands(deps: CommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(commandIds.setApiKey, async () => {
      const key = await askText({
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
    vscode.commands.registerCommand(commandIds.clearApiKey, async () => {
      await deps.keys.clear();
      deps.log.info('API key removed from secret storage.');
      const left = await deps.keys.source();
      void showInfo(
        left === 'environment'
          ? 'The stored API key is removed. The key from the MINTLIFY_API_KEY environment variable is still used.'
          : 'The API key is removed. Tracked jobs are kept.',
      );
    }),
    vscode.commands.registerCommand(commandIds.verifyApiKey, () => verify(deps)),
    vscode.commands.registerCommand(commandIds.setProjectId, async () => {
      const folders = vscode.workspace.workspaceFolders ?? [];
      const folder =
        folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Which folder’s project?' }) : folders[0];
      if (folders.length > 1 && !folder) return undefined;
      const value = await askText({
        title: 'Mintlify project ID',
        prompt: 'Copy it from the API keys page of your dashboard. It is not secret.',
        value: projectId(folder?.uri),
        ignoreFocusOut: true,
        validateInput: (v) => (/\s/.test(v.trim()) ? 'A project ID has no spaces.' : v.trim() === '' ? 'Enter the project ID.' : undefined),
      });
      if (value === undefined) return undefined;
      await setProjectId(value.trim(), folder);
      return value.trim();
    }),
  ];
}
