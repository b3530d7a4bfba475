// What a tool answers when it could not do its work: the failure in one sentence and the one
// command that fixes it, by the title a person finds in the Command Palette. Plain text for the
// model to pass on; the error messages it reuses never hold the key (the client redacts it).
import * as l10n from '@vscode/l10n';
import { actionCommands, describeError, type FailureAction, lostAnswerNote, withNote } from '../editor/error-text';

/** Palette titles of the commands behind each action (a unit test holds them to package.json). */
export function fixTitles(): Record<Exclude<FailureAction, 'retry'>, string> {
  return {
    setApiKey: l10n.t({
      message: 'Docs Agent: Set API Key…',
      args: [],
      comment: ['Command Palette title of this extension’s command, as package.nls translates it'],
    }),
    setProjectId: l10n.t({
      message: 'Docs Agent: Set Project ID…',
      args: [],
      comment: ['Command Palette title of this extension’s command, as package.nls translates it'],
    }),
    openSettings: l10n.t({
      message: 'Preferences: Open Settings (UI)',
      args: [],
      comment: ['Command Palette title of a VS Code command, as the editor’s language pack shows it'],
    }),
    manageTrust: l10n.t({
      message: 'Workspaces: Manage Workspace Trust',
      args: [],
      comment: ['Command Palette title of a VS Code command, as the editor’s language pack shows it'],
    }),
    showLog: l10n.t({
      message: 'Docs Agent: Show Log',
      args: [],
      comment: ['Command Palette title of this extension’s command, as package.nls translates it'],
    }),
  };
}

/** A tool's input names nothing usable (no such folder, file, page or range): said as it is, with no fix to run. */
export class InputProblem extends Error {}

/** What a tool was doing, said whole in both its sentences (word order differs between languages). */
export interface Task {
  /** "Docs Agent could not start the job: {reason}" */
  couldNot(reason: string): string;
  /** "Cancelled: Docs Agent did not start the job." */
  cancelled(): string;
}

const task = (couldNot: (reason: string) => string, cancelled: () => string): Task => ({ couldNot, cancelled });

/** Every task a tool reports the failure of. */
export const tasks = {
  startJob: task(
    (reason) => l10n.t('Docs Agent could not start the job: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not start the job.'),
  ),
  sendFollowUp: task(
    (reason) => l10n.t('Docs Agent could not send the follow-up: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not send the follow-up.'),
  ),
  readVisitors: task(
    (reason) => l10n.t('Docs Agent could not read visitors: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not read visitors.'),
  ),
  readVisitorsOf: (pagePath: string): Task =>
    task(
      (reason) => l10n.t('Docs Agent could not read visitors of {0}: {1}', pagePath, reason),
      () => l10n.t('Cancelled: Docs Agent did not read visitors of {0}.', pagePath),
    ),
  readEveryPage: task(
    (reason) => l10n.t('Docs Agent could not read visitors of every docs page: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not read visitors of every docs page.'),
  ),
  findAttention: task(
    (reason) => l10n.t('Docs Agent could not find the pages that need attention: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not find the pages that need attention.'),
  ),
  readFeedback: task(
    (reason) => l10n.t('Docs Agent could not read what readers said: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not read what readers said.'),
  ),
  preview: task(
    (reason) => l10n.t('Docs Agent could not preview it: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not preview it.'),
  ),
  listJobs: task(
    (reason) => l10n.t('Docs Agent could not list the jobs: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not list the jobs.'),
  ),
  readRecord: task(
    (reason) => l10n.t('Docs Agent could not read the job’s record: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not read the job’s record.'),
  ),
  startPreview: task(
    (reason) => l10n.t('Docs Agent could not start the preview: {0}', reason),
    () => l10n.t('Cancelled: Docs Agent did not start the preview.'),
  ),
};

function fixOf(action: FailureAction | undefined, setting: string | undefined): string | undefined {
  if (!action) return undefined;
  if (action === 'retry') return l10n.t('Fix: ask again once the connection is back.');
  const [title, id] = [fixTitles()[action], actionCommands[action].command];
  return action === 'openSettings' && setting
    ? l10n.t('Fix: run “{0}” (command {1}) and look for {2}.', title, id, setting)
    : l10n.t('Fix: run “{0}” (command {1}).', title, id);
}

/**
 * "Docs Agent could not start the job: No API key is set. Fix: run “Docs Agent: Set API Key…”
 * (command docsAgent.setApiKey)." `what` says what the tool was doing.
 */
export function failureText(what: Task, error: unknown, sent?: 'job' | 'followUp'): string {
  if (error instanceof InputProblem) return what.couldNot(error.message);
  const described = describeError(error, true);
  if (described.silent) return what.cancelled();
  const note = sent ? lostAnswerNote(error, sent) : undefined;
  const fix = fixOf(described.actions[0], described.setting);
  const reason = withNote(described.message, note);
  return what.couldNot(
    fix
      ? l10n.t({
          message: '{0} {1}',
          args: [reason, fix],
          comment: ['Two sentences in a row: {0} says what failed, {1} names the command that fixes it'],
        })
      : reason,
  );
}
