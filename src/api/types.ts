// The shapes the extension works with, after run-time validation of the service's answers.

export const knownJobStatuses = ['active', 'completed', 'archived', 'failed'] as const;
export type KnownJobStatus = (typeof knownJobStatuses)[number];
/** 'unknown' stands for any status value the contract does not list; `rawStatus` keeps it. */
export type JobStatus = KnownJobStatus | 'unknown';

export interface AgentJob {
  id: string;
  status: JobStatus;
  /** The status exactly as the service sent it, for display when `status` is 'unknown'. */
  rawStatus: string;
  repository: string;
  /** Branch the agent works on; null when the service has not said. */
  ref: string | null;
  model: string;
  /** As sent; callers must check the scheme before opening it. */
  prLink: string | null;
  /** Null when the service did not say (the schema does not promise it). */
  createdAt: string | null;
  archivedAt: string | null;
}

export interface VisitorCounts {
  human: number;
  ai: number;
  /** Distinct visitors across human and AI traffic: never the sum. */
  total: number;
}

export interface VisitorRow extends VisitorCounts {
  path: string;
}

export interface VisitorsPage {
  totals: VisitorCounts;
  visitors: VisitorRow[];
  hasMore: boolean;
}

export interface VisitorsQuery {
  /** Inclusive, `YYYY-MM-DD` or ISO 8601. */
  dateFrom?: string;
  /** Exclusive, `YYYY-MM-DD` or ISO 8601. */
  dateTo?: string;
  /** 1..250; the service's default is 50. */
  limit?: number;
  offset?: number;
}

/** A preview deployment the service queued: `POST /v1/project/preview/{projectId}`. */
export interface PreviewStarted {
  /** Tracks the deployment (`GET /v1/project/update-status/{statusId}`). */
  statusId: string;
  /** As sent; callers must check it before opening it. Null when the service did not say. */
  previewUrl: string | null;
}

export const knownDeploymentStatuses = ['queued', 'in_progress', 'success', 'failure'] as const;
export type KnownDeploymentStatus = (typeof knownDeploymentStatuses)[number];
/** 'unknown' stands for any status value the contract does not list; `rawStatus` keeps it. */
export type DeploymentStatus = KnownDeploymentStatus | 'unknown';

/** A deployment's state: `GET /v1/project/update-status/{statusId}`. The schema promises no field. */
export interface DeploymentState {
  /** `_id`, else the status id that was asked about. */
  id: string;
  status: DeploymentStatus;
  rawStatus: string;
  summary: string | null;
  /** The build's log lines, oldest first; empty when the service sent none. */
  logs: string[];
  createdAt: string | null;
  endedAt: string | null;
  commit: { sha: string | null; ref: string | null; message: string | null } | null;
  subdomain: string | null;
}
