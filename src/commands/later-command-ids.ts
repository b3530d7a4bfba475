// The ids of the commands that load on first use, in their groups: what later-commands.ts (and
// the review's and the composer's holders) register, and what each group's module answers (its own file, so those modules need not
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

export const sendCommandIds = [commandIds.sendSelection, commandIds.sendFile, commandIds.newJob] as const;
export const jobCommandIds = [
  commandIds.openPullRequest,
  commandIds.sendFollowUp,
  commandIds.refreshJob,
  commandIds.copyJobId,
  commandIds.stopTracking,
  commandIds.refreshJobs,
  commandIds.clearFinishedJobs,
  commandIds.trackJobById,
] as const;
export const pagesCommandIds = [
  commandIds.loadPagesReport,
  commandIds.readReaderSignals,
  commandIds.addRedirect,
  commandIds.askAgentAboutPages,
  commandIds.sortPages,
  commandIds.filterPages,
] as const;
export const composeCommandIds = [commandIds.askAgent, commandIds.sendComposed, commandIds.openUnsentDraft] as const;
export const hunkCommandIds = [commandIds.applyHunk, commandIds.unapplyHunk, commandIds.toggleHunk] as const;
export const reviewedCommandIds = [
  commandIds.markHunkReviewed,
  commandIds.markHunkNotReviewed,
  commandIds.toggleHunkReviewed,
  commandIds.nextUnreviewedHunk,
  commandIds.previousUnreviewedHunk,
] as const;
export const reviewCommentCommandIds = [
  commandIds.addReviewComment,
  commandIds.editReviewComment,
  commandIds.saveReviewComment,
  commandIds.cancelReviewComment,
  commandIds.deleteReviewComment,
  commandIds.sendReview,
  commandIds.resolveReviewThread,
  commandIds.reopenReviewThread,
  commandIds.reviewSinceReview,
  ...hunkCommandIds,
  ...reviewedCommandIds,
] as const;

export type KeyCommandId = (typeof keyCommandIds)[number];
export type ReviewCommandId = (typeof reviewCommandIds)[number];
export type PreviewActionId = (typeof previewActionIds)[number];
export type PreviewCommandId = (typeof previewCommandIds)[number];
export type MergeTrendCommandId = (typeof mergeTrendCommandIds)[number];
export type RefusedJobCommandId = (typeof refusedJobCommandIds)[number];
export type McpCommandId = (typeof mcpCommandIds)[number];
export type SendCommandId = (typeof sendCommandIds)[number];
export type JobCommandId = (typeof jobCommandIds)[number];
export type PagesCommandId = (typeof pagesCommandIds)[number];
export type ComposeCommandId = (typeof composeCommandIds)[number];
export type ReviewCommentCommandId = (typeof reviewCommentCommandIds)[number];
export type HunkCommandId = (typeof hunkCommandIds)[number];
export type ReviewedCommandId = (typeof reviewedCommandIds)[number];
