// What the user reads for each failure, and which one action fixes it. Pure, so unit tests
// check every kind; show-error.ts puts it on screen.
import * as l10n from '@vscode/l10n';
import { InvalidSettingError, isApiError, NetworkError, neverSent, TimeoutError } from '../api/errors';
import { messageOf } from '../platform/checks';
import { commandIds, settingId, settingNames } from '../platform/manifest-ids';
import type { ErrorAction } from '../platform/error-actions';
import { ReservationSpentError } from '../platform/reserving-ledger';

/** What a failure offers: every action but the panel's own Read Anyway. */
export type FailureAction = Exclude<ErrorAction, 'readAnyway'>;

/** The command behind each action (retry is the caller's own). */
export const actionCommands: Record<Exclude<FailureAction, 'retry'>, { command: string; args: unknown[] }> = {
  setApiKey: { command: commandIds.setApiKey, args: [] },
  setProjectId: { command: commandIds.setProjectId, args: [] },
  openSettings: { command: 'workbench.action.openSettings', args: ['docsAgent'] },
  manageTrust: { command: 'workbench.trust.manage', args: [] },
  showLog: { command: commandIds.showLog, args: [] },
};

/** The command an action runs: Open Settings goes to the very setting the failure names (http.proxy, say). */
export function actionCommand(action: Exclude<FailureAction, 'retry'>, setting?: string): { command: string; args: unknown[] } {
  const { command, args } = actionCommands[action];
  return { command, args: action === 'openSettings' && setting ? [setting] : args };
}

export interface ErrorText {
  message: string;
  actions: FailureAction[];
  /** The setting Open Settings shows, when the failure names one. */
  setting?: string;
  /** Cancelled by the user: nothing to say. */
  silent: boolean;
}

export function describeError(error: unknown, canRetry: boolean): ErrorText {
  if (error instanceof ReservationSpentError) return { message: error.message, actions: [], silent: false };
  if (!isApiError(error)) {
    const detail = messageOf(error);
    return { message: l10n.t('Something went wrong: {0}', detail), actions: ['showLog'], silent: false };
  }
  const retry: FailureAction[] = canRetry ? ['retry'] : [];
  const { message } = error;
  switch (error.kind) {
    case 'restricted':
      return { message, actions: ['manageTrust'], silent: false };
    case 'cancelled':
      return { message, actions: [], silent: true };
    case 'invalidKey':
    case 'auth':
      return { message, actions: ['setApiKey'], silent: false };
    case 'invalidSetting': {
      const setting = error instanceof InvalidSettingError ? error.setting : undefined;
      return {
        message,
        actions: setting === settingId(settingNames.projectId) ? ['setProjectId'] : ['openSettings'],
        silent: false,
        ...(setting ? { setting } : {}),
      };
    }
    case 'network':
    case 'timeout':
    case 'server':
      return { message, actions: retry, silent: false };
    case 'malformed':
      return { message, actions: ['showLog'], silent: false };
    case 'rateLimited':
    case 'overBudget':
    case 'notFound':
    case 'previewsNotInPlan':
    case 'invalidRequest':
      return { message, actions: [], silent: false };
  }
}

/** No project ID for the scope a job would go to: the one error, with Set Project ID as its action. */
export function noProjectError(): InvalidSettingError {
  return new InvalidSettingError(
    l10n.t('No project ID is set: the agent needs to know which project to work on.'),
    settingId(settingNames.projectId),
  );
}

/**
 * A sentence to add when a POST's answer was lost after the request left: the service may have
 * acted on it, and a Retry would then act twice (a second job costs a second pull request).
 */
export function lostAnswerNote(error: unknown, sent: 'job' | 'followUp' = 'job'): string | undefined {
  const lost = (error instanceof TimeoutError || error instanceof NetworkError) && !neverSent(error);
  if (!lost) return undefined;
  return sent === 'job'
    ? l10n.t('The job may have been made anyway; Retry could make a second one.')
    : l10n.t('The follow-up may have reached the agent anyway; Retry could send it twice.');
}

/** A failure's sentence with a note after it (what a Retry would do), as one message. */
export function withNote(message: string, note: string | undefined): string {
  if (!note) return message;
  return l10n.t({
    message: '{0} {1}',
    args: [message, note],
    comment: ['Two sentences in a row: {0} says what failed, {1} adds a note about it (what Retry would do)'],
  });
}
