// Connect to Your Docs Project…: the key and the project id in two checked steps, one free
// request that proves they work together, then both kept (the project id where the writer
// chose). A problem is shown under the step it is about, so the writer fixes it in place.
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { apiKeyProblem } from '../api/api-key';
import { checkConnection, type ConnectionVerdict } from '../api/connection-check';
import { askChecked, type InputButton } from '../editor/checked-input';
import { scopeFor, projectId, projectIdPlace, saveProjectId, type ProjectIdPlace } from '../editor/config';
import { showWarning } from '../editor/say';
import { withoutLinksOrIcons } from '../platform/inert-text';
import { contextKeys } from '../platform/manifest-ids';
import type { CommandDeps } from './deps';

/** Where the platform's docs say the admin key and the project id are found. */
export const apiKeysPageUrl = 'https://app.mintlify.com/settings/organization/api-keys';

const title = (): string => l10n.t('Connect to Your Docs Project');

const openKeysPage = (): InputButton => ({
  icon: new vscode.ThemeIcon('link-external'),
  tooltip: l10n.t('Open the API keys page of your Mintlify dashboard'),
  run: () => void vscode.env.openExternal(vscode.Uri.parse(apiKeysPageUrl, true)),
});

/** The folder to connect: the only one, or the one the writer picks. */
async function chooseFolder(): Promise<{ folder: vscode.WorkspaceFolder | undefined } | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length < 2) return { folder: folders[0] };
  const folder = await vscode.window.showWorkspaceFolderPick({ placeHolder: l10n.t('Which folder’s docs project?') });
  return folder && { folder };
}

interface Entered {
  key: string | undefined;
  project: string;
  verdict: ConnectionVerdict;
  /** Where the project ID goes: where it is already kept, or where the writer chose in step 2. */
  place: ProjectIdPlace;
}

const projectPrompt = (): string =>
  l10n.t('Your project ID, from the same API keys page (it is not secret). Press Enter to check the connection.');

function placeSentence(place: ProjectIdPlace): string {
  return place === 'folder'
    ? l10n.t(
        'It will be kept in this folder’s settings ({0}), shared with everyone who opens the folder from git. To keep it on this machine only, use the button above.',
        '.vscode/settings.json',
      )
    : l10n.t(
        'It will be kept on this machine only (your user settings), and other folders use it too. To share it through the folder’s settings, use the button above.',
      );
}

/**
 * Where a new project ID goes is the writer's to say, and said in the step itself: a folder
 * with no project ID yet starts with its own settings, and a button switches to this machine.
 */
function placeChoice(folder: vscode.WorkspaceFolder | undefined): { place: () => ProjectIdPlace; button?: InputButton; said: string } {
  const kept = projectIdPlace(folder);
  if (kept || !folder) return { place: () => kept ?? 'machine', said: '' };
  let place: ProjectIdPlace = 'folder';
  const button: InputButton = {
    icon: new vscode.ThemeIcon('arrow-swap'),
    tooltip: l10n.t('Switch where the project ID is kept: this folder’s settings or this machine only'),
    run: (box) => {
      place = place === 'folder' ? 'machine' : 'folder';
      box.setPrompt(`${projectPrompt()} ${placeSentence(place)}`);
    },
  };
  return { place: () => place, button, said: placeSentence('folder') };
}

/** The two steps, until the check passes or names a problem that is not the writer's to fix here. */
async function askBoth(deps: CommandDeps, folder: vscode.WorkspaceFolder | undefined): Promise<Entered | undefined> {
  const hasKey = (await deps.keys.source()) !== 'none';
  const baseUrl = scopeFor(folder?.uri).baseUrl;
  let keyAgain: string | undefined;
  let project = projectId(folder?.uri);
  const where = placeChoice(folder);
  const keysPage = openKeysPage();
  for (;;) {
    const key = await askChecked({
      title: title(),
      step: 1,
      totalSteps: 2,
      password: true,
      buttons: [keysPage],
      prompt: hasKey
        ? l10n.t(
            'Paste a new API key, or press Enter to keep the key you have. It is kept in the editor’s secret storage, never in a file.',
          )
        : l10n.t(
            'Paste your API key (it starts with {0}; the button above opens the page where you make one). It is kept in the editor’s secret storage, never in a file.',
            'mint_',
          ),
      problem: keyAgain,
      validate: (value) => (value.trim() === '' ? undefined : apiKeyProblem(value.trim())),
      accept: (value) =>
        Promise.resolve(
          value.trim() === '' && !hasKey ? l10n.t('Paste the key first: the button above opens the API keys page.') : undefined,
        ),
    });
    if (key === undefined) return undefined;
    const candidate = key.trim() || undefined;
    let verdict: ConnectionVerdict | undefined;
    const entered = await askChecked({
      title: title(),
      step: 2,
      totalSteps: 2,
      buttons: where.button ? [where.button, keysPage] : [keysPage],
      value: project,
      prompt: `${projectPrompt()} ${where.said}`.trim(),
      validate: (value) => (/\s/.test(value.trim()) ? l10n.t('A project ID has no spaces.') : undefined),
      accept: async (value) => {
        if (value.trim() === '') return l10n.t('Enter the project ID: it is on the API keys page.');
        verdict = await check(deps, baseUrl, candidate, value.trim());
        // A key problem is fixed on the key's step; everything else is said after the steps.
        return verdict.ok || verdict.problem !== 'project' ? undefined : verdict.message;
      },
    });
    if (entered === undefined || verdict === undefined) return undefined;
    project = entered.trim();
    if (verdict.ok || verdict.problem !== 'key') return { key: candidate, project, verdict, place: where.place() };
    keyAgain = verdict.message;
  }
}

async function check(deps: CommandDeps, baseUrl: string, key: string | undefined, project: string): Promise<ConnectionVerdict> {
  if (key === undefined) return checkConnection(deps.clients.forBaseUrl(baseUrl), project);
  const client = deps.clients.withKey(baseUrl, key);
  try {
    return await checkConnection(client, project);
  } finally {
    void client.close();
  }
}

/** Runs Connect; true once the key and project id are kept and proven to work together. */
export async function connect(deps: CommandDeps): Promise<boolean> {
  const chosen = await chooseFolder();
  if (!chosen) return false;
  const entered = await askBoth(deps, chosen.folder);
  if (!entered) return false;
  const { verdict } = entered;
  // Unreachable: the values are kept, as the sentence says, and checked on the next request.
  const keep = verdict.ok || verdict.problem === 'unreachable';
  if (keep) {
    if (entered.key !== undefined) await deps.keys.set(entered.key);
    if (entered.project !== projectId(chosen.folder?.uri)) await saveProjectId(entered.project, chosen.folder, entered.place);
    deps.tracker.resume();
  }
  deps.log.info(`Connect: ${verdict.message}`);
  if (verdict.ok) {
    await vscode.commands.executeCommand('setContext', contextKeys.connected, true);
    // Said where the writer is looking, without a notification to dismiss.
    vscode.window.setStatusBarMessage(`$(check) ${withoutLinksOrIcons(verdict.message)}`, 15_000);
    return true;
  }
  void showWarning(verdict.message, l10n.t('Connect Again')).then((picked) => {
    if (picked) void connect(deps);
  });
  return false;
}
