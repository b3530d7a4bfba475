// What a tool answers when it could not do its work: the failure in one sentence and the one
// command that fixes it, by the title a person finds in the Command Palette. Plain text for the
// model to pass on; the error messages it reuses never hold the key (the client redacts it).
import { actionCommands, describeError, type FailureAction, lostAnswerNote } from '../editor/error-text';

/** Palette titles of the commands behind each action (a unit test holds them to package.json). */
export const fixTitles: Record<Exclude<FailureAction, 'retry'>, string> = {
  setApiKey: 'Docs Agent: Set API Key…',
  setProjectId: 'Docs Agent: Set Project ID…',
  openSettings: 'Preferences: Open Settings (UI)',
  manageTrust: 'Workspaces: Manage Workspace Trust',
  showLog: 'Docs Agent: Show Log',
};

/** A tool's input names nothing usable (no such folder, file, page or range): said as it is, with no fix to run. */
export class InputProblem extends Error {}

function fixOf(action: FailureAction | undefined, setting: string | undefined): string {
  if (!action) return '';
  if (action === 'retry') return ' Fix: ask again once the connection is back.';
  const [title, id] = [fixTitles[action], actionCommands[action].command];
  const where = action === 'openSettings' && setting ? ` and look for ${setting}` : '';
  return ` Fix: run “${title}” (command ${id})${where}.`;
}

/**
 * "Docs Agent could not start the job: No API key is set. Fix: run “Docs Agent: Set API Key…”
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
