// The actions a failure can offer, each with the one label it shows, on a notification's
// button and in the visitors panel alike.

export const errorActionLabels = {
  setApiKey: 'Set API Key',
  setProjectId: 'Set Project ID',
  openSettings: 'Open Settings',
  manageTrust: 'Manage Workspace Trust',
  retry: 'Retry',
  showLog: 'Show Log',
  /** The panel's: read although the analytics budget is nearly spent. */
  readAnyway: 'Read Anyway',
} as const;

export type ErrorAction = keyof typeof errorActionLabels;

export function isErrorAction(value: unknown): value is ErrorAction {
  return typeof value === 'string' && Object.hasOwn(errorActionLabels, value);
}
