// What a tool answers when it could not do its work: the failure in one sentence and the one
// command that fixes it, by the title a person finds in the Command Palette. Plain text for the
// model to pass on; the error messages it reuses never hold the key (the client redacts it).
import { describeError, type FailureAction, lostAnswerNote } from '../editor/error-text';
import { commandIds } from '../platform/manifest-ids';

/** Palette titles of the commands a fix names (a unit test holds them to package.json). */
export const fixCommands: Record<Exclude<FailureAction, 'retry'>, { title: string; id: string }> = {
  setApiKey: { title: 'Docs Agent: Set API Key', id: commandIds.setApiKey },
  setProjectId: { title: 'Docs Agent: Set Project ID', id: commandIds.setProjectId },
  openSettings: { title: 'Preferences: Open Settings (UI)', id: 'workbench.action.openSettings' },
  manageTrust: { title: 'Workspaces: Manage Workspace Trust', id: 'workbench.trust.manage' },
  showLog: { title: 'Docs Agent: Show Log', id: commandIds.showLog },
};

/** A tool's input names nothing usable (no such folder, file, page or range): said as it is, with no fix to run. */
export class InputProblem extends Error {}

function fixOf(action: FailureAction | undefined, setting: string | undefined): string {
  if (!action) return '';
  if (action === 'retry') return ' Fix: ask again once the connection is back.';
  const { title, id } = fixCommands[action];
  const where = action === 'openSettings' && setting ? ` and look for ${setting}` : '';
  return ` Fix: run “${title}” (command ${id})${where}.`;
}

/**
 * "Docs Agent could not start the job: No API key is set. Fix: run “Docs Agent: Set API Key”
 * (command docsAgent.setApiKey)." `what` says what the tool was doing.
 */
export function failureText(what: string, error: unknown, sent?: 'job' | 'followUp'): string {
  if (error instanceof InputProblem) return `Docs Agent could not ${what}: ${error.message}`;
  const described = describeError(error, true);
  if (described.silent) return `Cancelled: Docs Agent did not ${what}.`;
  const note = sent ? lostAnswerNote(error, sent) : undefined;
  const fix = fixOf(described.actions[0], described.setting);
  return `Docs Agent could not ${what}: ${described.message}${note ? ` ${note}` : ''}${fix}`;
}
