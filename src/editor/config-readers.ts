// Typed access to the settings of what readers said: the thresholds of the Pages view's groups
// and the caps that bound one read. Out-of-range values are clamped, never trusted.
import * as vscode from 'vscode';
import { type SettingName, settingNames, settingsSection } from '../platform/manifest-ids';

function number(name: SettingName, fallback: number, min: number, max: number): number {
  const value = vscode.workspace.getConfiguration(settingsSection).get<number>(name, fallback);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** When a page has unhappy readers and a search found nothing (shares 0..1). */
export function readerThresholds(): { unhappyShare: number; unhappyMinVotes: number; searchMinHits: number; searchMaxCtr: number } {
  return {
    unhappyShare: number(settingNames.readersUnhappyPercent, 40, 0, 100) / 100,
    unhappyMinVotes: Math.round(number(settingNames.readersUnhappyMinVotes, 5, 1, 1e9)),
    searchMinHits: Math.round(number(settingNames.readersSearchMinHits, 5, 1, 1e9)),
    searchMaxCtr: number(settingNames.readersSearchMaxClickThroughPercent, 10, 0, 100) / 100,
  };
}

/** Most requests one read of what readers said spends on each export. */
export function readerCaps(): { feedback: number; searches: number; assistant: number } {
  return {
    feedback: Math.round(number(settingNames.readersFeedbackRequests, 3, 1, 50)),
    searches: Math.round(number(settingNames.readersSearchRequests, 2, 1, 50)),
    assistant: Math.round(number(settingNames.readersAssistantRequests, 1, 1, 20)),
  };
}

/** Whether a change of settings touches the groups' thresholds. */
export function affectsReaderThresholds(e: vscode.ConfigurationChangeEvent): boolean {
  return e.affectsConfiguration(`${settingsSection}.readers`);
}
