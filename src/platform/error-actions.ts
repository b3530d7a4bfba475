// The actions a failure can offer, each with the one label it shows, on a notification's
// button and in the visitors panel alike. Each label is read when it is shown (a getter), so it
// is in the writer's language: never built before that language is set.
import * as l10n from '@vscode/l10n';

export const errorActionLabels = {
  get setApiKey(): string {
    return l10n.t('Set API Key');
  },
  get setProjectId(): string {
    return l10n.t('Set Project ID');
  },
  get openSettings(): string {
    return l10n.t('Open Settings');
  },
  get manageTrust(): string {
    return l10n.t('Manage Workspace Trust');
  },
  get retry(): string {
    return l10n.t('Retry');
  },
  get showLog(): string {
    return l10n.t('Show Log');
  },
  /** The panel's: read although the analytics budget is nearly spent. */
  get readAnyway(): string {
    return l10n.t('Read Anyway');
  },
};

export type ErrorAction = keyof typeof errorActionLabels;

/** The label of one action, in the writer's language. */
export function errorActionLabel(action: ErrorAction): string {
  return errorActionLabels[action];
}

export function isErrorAction(value: unknown): value is ErrorAction {
  return typeof value === 'string' && Object.hasOwn(errorActionLabels, value);
}
