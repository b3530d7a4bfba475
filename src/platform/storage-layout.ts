// Everything Docs Agent keeps, listed once with the reason. One mechanism holds it all: JSON
// files under the extension's global storage folder, which every window of this user on this
// machine shares, written whole by rename and changed under a per-file lock (platform/machine),
// and read only through platform/machine/shared-file.ts (no link followed, no FIFO waited on, a
// cap on each kind of file): any process of this user can put anything there.
// The editor's global state is only read, to move what earlier versions kept there; it is one
// blob per window, sent whole on every change, and a browser window can lose its last writes.
import { dirname, join } from 'node:path';

/** The API key, in the editor's secret storage (never a file, a setting or global state). */
export const apiKeySecret = 'docsAgent.apiKey';
/** The token an MCP client sends: one per editor installation, like the key. */
export const mcpTokenSecret = 'docsAgent.mcpToken';

/** Keys inside the analytics file that every window shares (`analytics/shared.json`). */
export const sharedKeys = {
  /** Times of this machine's analytics requests in the last hour: the 100-an-hour budget. */
  analyticsRequests: 'docsAgent.analyticsRequests',
  /** Requests that reads under way hold (reserved before their first request), given back when they end. */
  analyticsHeld: 'docsAgent.analyticsHeld',
  /** Which visitors report files exist, for which range, how big: read without opening them. */
  visitorsIndex: 'docsAgent.visitorsCacheIndex',
  /** The same for what readers said (feedback, searches, assistant questions) per range. */
  signalsIndex: 'docsAgent.signalsCacheIndex',
  /** The same for pages' thumbs per range (the weeks around a merge). */
  votesIndex: 'docsAgent.votesCacheIndex',
  /** Times of this machine's preview requests in the last minute: the 5-a-minute limit. */
  previewRequests: 'docsAgent.previewRequests',
  /** Projects (service and project id) whose plan answered 403 to a preview: their preview commands hide. */
  previewsNotInPlan: 'docsAgent.previewsNotInPlan',
} as const;

/** Global state keys of version 1: read once, moved into files, then removed. */
export const legacyStateKeys = {
  trackedJobs: 'docsAgent.trackedJobs',
  analyticsRequests: sharedKeys.analyticsRequests,
  visitorsIndex: sharedKeys.visitorsIndex,
  /** Whole reports, once kept in global state; dropped (they are read again on demand). */
  visitorsReports: 'docsAgent.visitorsCache',
} as const;

/** Paths under the global storage folder. */
export function storagePaths(root: string) {
  return {
    /**
     * One file per tracked job (and a tombstone per stopped one), each changed under its lock,
     * and `changes.log`, the journal of which changed (so rescans read only those).
     */
    jobs: join(root, 'jobs'),
    /** Version 1's copy of the tracked jobs list: read once with `trackedJobs`, then removed. */
    legacyJobsFile: join(root, 'tracked-jobs.json'),
    /** The one window that polls jobs holds this lease and publishes how polling goes. */
    lease: join(root, 'lease'),
    /** One file per open window: alive and focused or not, for polling pace and notifications. */
    windows: join(root, 'windows'),
    /** One small file per announced finish: the first window to create it shows the toast. */
    claims: join(root, 'claims'),
    /** The composer's drafts (Ask the Agent…), one file each until sent; a month unused removes one. */
    drafts: join(root, 'drafts'),
    /** One lease per draft open in a window: the window that may edit it (the others show it read-only). */
    draftHolds: join(root, 'draft-holds'),
    /** One file per job the writer commented on: the comment threads on its change, drafts until a review sends them. */
    reviews: join(root, 'reviews'),
    /** One file per workspace base URL warned about: that warning is shown once per machine. */
    warnings: join(root, 'warnings'),
    /** The analytics budget and the visitors index (`sharedKeys`), one file under one lock. */
    analyticsShared: join(root, 'analytics', 'shared.json'),
    /** The agent's uses per project in the last hour (its 100-an-hour limit), as this machine spent them. */
    agentUses: join(root, 'agent', 'uses.json'),
    /** Who is reading which range now, so one read of a range serves every window. */
    analyticsReading: join(root, 'analytics', 'reading'),
    /** One file per visitors report (name from a hash of site, project and range). */
    visitorsReports: join(root, 'visitors'),
    /** One file per range of what readers said (name from a hash of site, project and range). */
    signalsReports: join(root, 'signals'),
    /** One file per range of pages' thumbs (the feedback-by-page export), for trends around a merge. */
    votesReports: join(root, 'votes'),
    /** One file per previewed branch (per service and project): its latest deployment, changed under its lock. */
    previews: join(root, 'previews'),
    /** Preview requests of the last minute (5 a minute per organisation), and projects whose plan has no previews. */
    previewsShared: join(root, 'previews-shared', 'shared.json'),
    /** When a window last removed finished previews' records past their keeping time, and their builds' claims (once a day per machine). */
    lastPreviewPrune: join(root, 'maintenance', 'last-preview-prune.json'),
    /** When a window last pruned (once a day per machine): old job files, tombstones, claims, leftovers. */
    lastPrune: join(root, 'maintenance', 'last-prune.json'),
  };
}

/** The folders written by rename or changed under a lock: where a crashed writer's `.tmp` or `.lock` can be left. */
export function leftoverFolders(paths: StoragePaths): string[] {
  return [
    paths.jobs,
    paths.lease,
    paths.draftHolds,
    paths.windows,
    dirname(paths.analyticsShared),
    dirname(paths.agentUses),
    paths.analyticsReading,
    paths.visitorsReports,
    paths.signalsReports,
    paths.votesReports,
    paths.previews,
    dirname(paths.previewsShared),
    dirname(paths.lastPrune),
  ];
}

export type StoragePaths = ReturnType<typeof storagePaths>;
