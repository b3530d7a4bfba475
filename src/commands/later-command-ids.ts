// The ids of the commands that load on first use, in their groups: what later-commands.ts
// registers, and what each group's module answers (its own file, so those modules need not
// import the file that imports them).
import { commandIds } from '../platform/manifest-ids';

export const keyCommandIds = [
  commandIds.connect,
  commandIds.setApiKey,
  commandIds.clearApiKey,
  commandIds.verifyApiKey,
  commandIds.setProjectId,
] as const;
export const reviewCommandIds = [commandIds.reviewChanges, commandIds.checkOutChange, commandIds.applyChangeFile] as const;
export const previewActionIds = [
  commandIds.openPreview,
  commandIds.openPreviewInBrowser,
  commandIds.showBuildLog,
  commandIds.fixPreviewBuild,
] as const;
export const previewCommandIds = [
  commandIds.previewChange,
  commandIds.previewBranch,
  commandIds.rebuildPreview,
  ...previewActionIds,
] as const;
export const mergeTrendCommandIds = [commandIds.readersAroundMerge] as const;
export const refusedJobCommandIds = [commandIds.resolveRefusedJob] as const;
export const mcpCommandIds = [commandIds.connectMcpAgent, commandIds.resetMcpToken] as const;

export type KeyCommandId = (typeof keyCommandIds)[number];
export type ReviewCommandId = (typeof reviewCommandIds)[number];
export type PreviewActionId = (typeof previewActionIds)[number];
export type PreviewCommandId = (typeof previewCommandIds)[number];
export type MergeTrendCommandId = (typeof mergeTrendCommandIds)[number];
export type RefusedJobCommandId = (typeof refusedJobCommandIds)[number];
export type McpCommandId = (typeof mcpCommandIds)[number];
