// Settings renamed into groups (jobs.*, network.*): a value the user set under an old name moves
// to the new name in their user settings, once, and the old entry goes. A workspace's files are
// never rewritten (they belong to the repository); every renamed setting is the user's alone
// (manifest-ids' userOnlySettings), so a value there counts for nothing under either name.
import * as vscode from 'vscode';
import { messageOf } from '../platform/checks';
import { renamedSettings, settingsSection } from '../platform/manifest-ids';

export async function moveRenamedUserSettings(log: vscode.LogOutputChannel): Promise<void> {
  const config = vscode.workspace.getConfiguration(settingsSection);
  for (const [old, renamed] of Object.entries(renamedSettings)) {
    const value = config.inspect(old)?.globalValue;
    if (value === undefined) continue;
    try {
      // A value already under the new name wins: the old one is only dropped.
      if (config.inspect(renamed)?.globalValue === undefined) {
        await config.update(renamed, value, vscode.ConfigurationTarget.Global);
      }
      await config.update(old, undefined, vscode.ConfigurationTarget.Global);
      log.info(`Moved the setting ${settingsSection}.${old} to ${settingsSection}.${renamed}.`);
    } catch (error) {
      log.warn(`Could not move the setting ${settingsSection}.${old}: ${messageOf(error)}`);
    }
  }
}

/** Moves old names now, and again whenever they appear (Settings Sync can bring them back). */
export function keepUserSettingsMoved(log: vscode.LogOutputChannel): vscode.Disposable {
  const names = Object.keys(renamedSettings).map((old) => `${settingsSection}.${old}`);
  let moving = moveRenamedUserSettings(log);
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (names.some((name) => event.affectsConfiguration(name))) moving = moving.then(() => moveRenamedUserSettings(log));
  });
}
