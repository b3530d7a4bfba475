// The names package.json gives Docs Agent's parts, each declared once here. A unit test checks
// them against package.json both ways, so a rename on one side cannot leave the other pointing
// at nothing.

export const commandIds = {
  connect: 'docsAgent.connect',
  setApiKey: 'docsAgent.setApiKey',
  clearApiKey: 'docsAgent.clearApiKey',
  verifyApiKey: 'docsAgent.verifyApiKey',
  setProjectId: 'docsAgent.setProjectId',
  sendSelection: 'docsAgent.sendSelection',
  sendFile: 'docsAgent.sendFile',
  newJob: 'docsAgent.newJob',
  askAgent: 'docsAgent.askAgent',
  sendComposed: 'docsAgent.sendComposed',
  openUnsentDraft: 'docsAgent.openUnsentDraft',
  showVisitors: 'docsAgent.showVisitors',
  openPullRequest: 'docsAgent.openPullRequest',
  reviewChanges: 'docsAgent.reviewChanges',
  checkOutChange: 'docsAgent.checkOutChange',
  readersAroundMerge: 'docsAgent.readersAroundMerge',
  applyChangeFile: 'docsAgent.applyChangeFile',
  applyHunk: 'docsAgent.applyHunk',
  unapplyHunk: 'docsAgent.unapplyHunk',
  toggleHunk: 'docsAgent.toggleHunk',
  markHunkReviewed: 'docsAgent.markHunkReviewed',
  markHunkNotReviewed: 'docsAgent.markHunkNotReviewed',
  toggleHunkReviewed: 'docsAgent.toggleHunkReviewed',
  nextUnreviewedHunk: 'docsAgent.nextUnreviewedHunk',
  previousUnreviewedHunk: 'docsAgent.previousUnreviewedHunk',
  sendReview: 'docsAgent.sendReview',
  reviewSinceReview: 'docsAgent.reviewSinceReview',
  resolveReviewThread: 'docsAgent.resolveReviewThread',
  reopenReviewThread: 'docsAgent.reopenReviewThread',
  addReviewComment: 'docsAgent.addReviewComment',
  editReviewComment: 'docsAgent.editReviewComment',
  saveReviewComment: 'docsAgent.saveReviewComment',
  cancelReviewComment: 'docsAgent.cancelReviewComment',
  deleteReviewComment: 'docsAgent.deleteReviewComment',
  sendFollowUp: 'docsAgent.sendFollowUp',
  refreshJob: 'docsAgent.refreshJob',
  copyJobId: 'docsAgent.copyJobId',
  stopTracking: 'docsAgent.stopTracking',
  resolveRefusedJob: 'docsAgent.resolveRefusedJob',
  refreshJobs: 'docsAgent.refreshJobs',
  trackJobById: 'docsAgent.trackJobById',
  clearFinishedJobs: 'docsAgent.clearFinishedJobs',
  showLog: 'docsAgent.showLog',
  loadPagesReport: 'docsAgent.loadPagesReport',
  sortPages: 'docsAgent.sortPages',
  filterPages: 'docsAgent.filterPages',
  askAgentAboutPages: 'docsAgent.askAgentAboutPages',
  addRedirect: 'docsAgent.addRedirect',
  previewChange: 'docsAgent.previewChange',
  previewBranch: 'docsAgent.previewBranch',
  openPreview: 'docsAgent.openPreview',
  openPreviewInBrowser: 'docsAgent.openPreviewInBrowser',
  showBuildLog: 'docsAgent.showBuildLog',
  fixPreviewBuild: 'docsAgent.fixPreviewBuild',
  rebuildPreview: 'docsAgent.rebuildPreview',
  readReaderSignals: 'docsAgent.readReaderSignals',
  connectMcpAgent: 'docsAgent.connectMcpAgent',
  resetMcpToken: 'docsAgent.resetMcpToken',
} as const;

/** The language model tools chat and agent mode call, by their names in `contributes.languageModelTools`. */
export const toolNames = {
  createJob: 'docsAgent_createJob',
  jobStatus: 'docsAgent_jobStatus',
  sendFollowUp: 'docsAgent_sendFollowUp',
  pageVisitors: 'docsAgent_pageVisitors',
  pagesNeedingAttention: 'docsAgent_pagesNeedingAttention',
  preview: 'docsAgent_preview',
  readerFeedback: 'docsAgent_readerFeedback',
  listJobs: 'docsAgent_listJobs',
  jobRecord: 'docsAgent_jobRecord',
} as const;

export type ToolName = (typeof toolNames)[keyof typeof toolNames];

/** Context keys the `when` clauses in package.json read. */
export const contextKeys = {
  hasApiKey: 'docsAgent.hasApiKey',
  hasProjectId: 'docsAgent.hasProjectId',
  hasJobs: 'docsAgent.hasJobs',
  /** The files the docs sites serve as pages, by path (`resourcePath in docsAgent.docsPages`). */
  docsPages: 'docsAgent.docsPages',
  /** A check in this window proved the key and project work together (a walkthrough step's completion). */
  connected: 'docsAgent.connected',
  /** The active editor tab shows an agent's change this window fetched. */
  agentChangeActive: 'docsAgent.agentChangeActive',
  /** Whether the hunk at the cursor in an agent's change is in the working file: `applied`, `notApplied`, `changedByYou`, or empty. */
  hunkAtCursor: 'docsAgent.hunkAtCursor',
  /** The hunk at the cursor in an agent's change is marked Reviewed. */
  hunkReviewedAtCursor: 'docsAgent.hunkReviewedAtCursor',
  /** Some preview deployment is followed on this machine. */
  hasPreviews: 'docsAgent.hasPreviews',
  /** Every open project's plan refused previews (403): the preview commands hide until the key changes. */
  previewsNotInPlan: 'docsAgent.previewsNotInPlan',
  /** This editor has chat's language model tools and Docs Agent's are registered. */
  chatTools: 'docsAgent.chatTools',
  /** What the Pages view has to show: `noSite`, `notLoaded` (no report read yet), `loaded`, or `saidUnread` (loaded, what readers said not read). */
  pagesView: 'docsAgent.pagesView',
} as const;

export const viewIds = { jobs: 'docsAgent.jobs', pages: 'docsAgent.pages' } as const;

/** The review's comment controller: menus on its threads and comments read it as `commentController == …`. */
export const reviewControllerId = 'docsAgent.review';

/** The visitors panel's webview type (restored after a reload by `onWebviewPanel:`). */
export const visitorsViewType = 'docsAgent.visitors';

export const settingsSection = 'docsAgent';

/** Every setting, by its name under the section (as `getConfiguration(settingsSection)` reads it). */
export const settingNames = {
  baseUrl: 'baseUrl',
  confirmedBaseUrlHosts: 'confirmedBaseUrlHosts',
  projectId: 'projectId',
  docsRoot: 'docsRoot',
  confirmBeforeSending: 'jobs.confirmBeforeSending',
  notifyOn: 'jobs.notifyOn',
  pollMaxIntervalSeconds: 'jobs.maxCheckIntervalSeconds',
  hideFinishedAfterDays: 'jobs.hideFinishedAfterDays',
  pullRequestHosts: 'jobs.pullRequestHosts',
  requestTimeoutSeconds: 'network.requestTimeoutSeconds',
  visitorsDefaultRange: 'visitors.defaultRange',
  visitorsStatusBar: 'visitors.statusBar',
  visitorsExplorerBadges: 'visitors.explorerBadges',
  visitorsCodeLens: 'visitors.codeLens',
  visitorsMostlyAiPercent: 'visitors.mostlyAiPercent',
  readersUnhappyPercent: 'readers.unhappyPercent',
  readersUnhappyMinVotes: 'readers.unhappyMinVotes',
  readersSearchMinHits: 'readers.searchMinHits',
  readersSearchMaxClickThroughPercent: 'readers.searchMaxClickThroughPercent',
  readersFeedbackRequests: 'readers.feedbackRequests',
  readersSearchRequests: 'readers.searchRequests',
  readersAssistantRequests: 'readers.assistantRequests',
  reviewShowChangesAs: 'review.showChangesAs',
  mcpEnabled: 'mcp.enabled',
  mcpPort: 'mcp.port',
} as const;

export type SettingName = (typeof settingNames)[keyof typeof settingNames];

/**
 * Names settings had before they were grouped (jobs.*, network.*), still declared (deprecated)
 * so their values can be read and moved: the new name of each.
 */
export const renamedSettings: Readonly<Record<string, SettingName>> = {
  confirmBeforeSending: settingNames.confirmBeforeSending,
  notifyOn: settingNames.notifyOn,
  'polling.maxIntervalSeconds': settingNames.pollMaxIntervalSeconds,
  pullRequestHosts: settingNames.pullRequestHosts,
  requestTimeoutSeconds: settingNames.requestTimeoutSeconds,
};

/**
 * Settings only the user sets: application scoped in package.json, and read by config.ts from the
 * user's settings alone (a workspace's value, and an old name's workspace value, count for
 * nothing). Each acts beyond the workspace that could set it, or guards the writer against the
 * workspace, so a repository's `.vscode/settings.json` must not choose it, trusted or not. The
 * others act on their window only.
 * Each reason is a note for developers and the settings test, never shown: it stays English.
 */
export const userOnlySettings: Readonly<Partial<Record<SettingName, string>>> = {
  [settingNames.baseUrl]: 'where the API key is sent (a workspace may name only a host the user confirmed)',
  [settingNames.confirmedBaseUrlHosts]: 'the hosts the user confirmed',
  [settingNames.pullRequestHosts]: 'the hosts a pull request link may open on',
  [settingNames.hideFinishedAfterDays]: 'the daily pruning removes every project’s finished jobs and previews on the machine',
  [settingNames.notifyOn]: 'the window that wins a finish announces it for every window and project',
  [settingNames.pollMaxIntervalSeconds]: 'the window holding the polling lease checks every project’s jobs',
  [settingNames.requestTimeoutSeconds]: 'the polling window’s requests check every project’s jobs',
  [settingNames.confirmBeforeSending]: 'the writer’s own check before one click sends a job (a pull request, an agent use)',
  [settingNames.mcpEnabled]: 'whether a port on this computer serves the tools, for every window of this editor',
  [settingNames.mcpPort]: 'the one address every agent set up on this computer reaches',
};

/** A setting's full id, as Open Settings and package.json name it. */
export function settingId(name: SettingName): string {
  return `${settingsSection}.${name}`;
}
