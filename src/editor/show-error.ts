// Shows a failure as one sentence with the action that fixes it; details go to the log only.
import * as vscode from 'vscode';
import { actionCommand, describeError, withNote } from './error-text';
import { errorActionLabels as labels } from '../platform/error-actions';
import { messageOf } from '../platform/checks';
import { showErrorText } from './say';

/**
 * Shows the message and returns at once: the action runs if and when the user picks it, so a
 * command never hangs on a notification nobody answers.
 */
export function showError(error: unknown, log: vscode.LogOutputChannel, retry?: () => unknown, note?: string): void {
  const text = describeError(error, retry !== undefined);
  if (text.silent) return;
  // The window is closing when even the log is gone: there is no one left to tell.
  if (!tryLog(() => log.error(error instanceof Error ? (error.stack ?? error.message) : String(error)))) return;
  const shown = showErrorText(withNote(text.message, note), ...text.actions.map((a) => labels[a]));
  void Promise.resolve(shown)
    .then((picked) => {
      const action = text.actions.find((a) => labels[a] === picked);
      if (action === 'retry') return retry?.();
      if (!action) return undefined;
      const { command, args } = actionCommand(action, text.setting);
      return vscode.commands.executeCommand(command, ...args);
    })
    // Rejects only while the window closes (or if the action's command does): never unhandled.
    .catch((failure: unknown) => {
      tryLog(() => log.warn(`The error message's action did not run: ${messageOf(failure)}`));
    });
}

/** Writes to the log; false when it throws, as it does once the window's host has closed. */
function tryLog(write: () => void): boolean {
  try {
    write();
    return true;
  } catch {
    return false;
  }
}
