// The commands a window does not need to start: connecting (once per machine), and what a writer
// reaches for once a job has finished (review its change, check it out, preview it, readers around
// its merge). Registered at activation, their code loaded the first time one runs.
import type * as vscode from 'vscode';
import { commandIds } from '../platform/manifest-ids';
import type { PreviewsFeature } from '../previews/previews-feature';
import type { ShownChanges } from '../review/shown-changes';
import type { CommandDeps } from './deps';
import type { MergePanel } from './merge-trend-commands';
import { registerOnFirstUse } from './on-first-use';

const keyCommandIds = [
  commandIds.connect,
  commandIds.setApiKey,
  commandIds.clearApiKey,
  commandIds.verifyApiKey,
  commandIds.setProjectId,
] as const;
const reviewCommandIds = [commandIds.reviewChanges, commandIds.checkOutChange, commandIds.applyChangeFile] as const;
const previewActionIds = [
  commandIds.openPreview,
  commandIds.openPreviewInBrowser,
  commandIds.showBuildLog,
  commandIds.fixPreviewBuild,
] as const;
const previewCommandIds = [commandIds.previewChange, commandIds.previewBranch, commandIds.rebuildPreview, ...previewActionIds] as const;
const mergeTrendCommandIds = [commandIds.readersAroundMerge] as const;

export type KeyCommandId = (typeof keyCommandIds)[number];
export type ReviewCommandId = (typeof reviewCommandIds)[number];
export type PreviewActionId = (typeof previewActionIds)[number];
export type PreviewCommandId = (typeof previewCommandIds)[number];
export type MergeTrendCommandId = (typeof mergeTrendCommandIds)[number];

/** `shown` is the window's list of the agent's changes on screen; `panel` the visitors panel. */
export function registerLaterCommands(
  deps: CommandDeps,
  shown: ShownChanges,
  previews: PreviewsFeature,
  panel: MergePanel,
): vscode.Disposable[] {
  return [
    ...registerOnFirstUse(keyCommandIds, async () => (await import('./key-commands')).keyCommands(deps)),
    ...registerOnFirstUse(reviewCommandIds, async () => (await import('./review-commands')).reviewCommands(deps, shown)),
    ...registerOnFirstUse(previewCommandIds, async () => (await import('./preview-commands')).previewCommands(deps, previews, shown)),
    ...registerOnFirstUse(mergeTrendCommandIds, async () => (await import('./merge-trend-commands')).mergeTrendCommands(deps, panel)),
  ];
}
