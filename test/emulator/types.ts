// Shapes shared by the emulator and its typed control client. Wire shapes only: no classes,
// so the control client can import this file without pulling in the server.

/** Job status as the service documents it; the emulator can also be told to send others. */
export type JobStatus = 'active' | 'completed' | 'archived' | 'failed';

/** The job object exactly as GET /v2/agent/{projectId}/job/{id} returns it. */
export interface JobWire {
  id: string;
  status: string;
  source: { repository: string; ref: string | null };
  model: string;
  prLink: string | null;
  createdAt: string;
  archivedAt: string | null;
  /** Fields forced through the control `set` route may add anything. */
  [extra: string]: unknown;
}

/** A job as the control route lists it: the wire object plus what the emulator knows. */
export type ControlJob = JobWire & {
  projectId: string;
  prompts: string[];
  /** Emulator-clock ISO time the job is due to finish, null when not scheduled. */
  dueAt: string | null;
  /** The agent's last commit, when the emulator has a git side and the job changed files. */
  edit: { pages: string[]; line: string; commit: string } | null;
};

export type VisitKind = 'human' | 'ai';

/** One entry of the seeded visit log. */
export interface Visit {
  visitor: string;
  path: string;
  kind: VisitKind;
  day: string;
}

export type AuthOutcome = 'valid' | 'missing' | 'invalid' | 'revoked' | 'forbidden';
export type KeyState = 'valid' | 'revoked' | 'forbidden';

/** What the emulator records of each public request. Never the Authorization header. */
export interface RequestRecord {
  method: string;
  /** Pathname as received, still percent-encoded. */
  path: string;
  query: Record<string, string | string[]>;
  /** Parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
  userAgent: string | null;
  contentType: string | null;
  auth: AuthOutcome;
  /** Status sent; null while pending, or when the connection was dropped or hung. */
  status: number | null;
  /** The fault kind applied to this request, if any. */
  fault: FaultKind | null;
  time: string;
}

export interface FaultMatch {
  method?: string;
  /** Matches when the decoded pathname contains this text. */
  path?: string;
}

export type FaultKind = 'status' | 'latency' | 'drop' | 'hang' | 'malformed' | 'schema' | 'lost' | 'shift';

interface FaultCommon {
  /** How many matching requests it applies to (default 1). */
  count?: number;
  match?: FaultMatch;
  /** Let this many matching requests pass untouched first (default 0). */
  after?: number;
}

export type FaultSpec = FaultCommon &
  (
    | { kind: 'status'; status: number; retryAfter?: string; body?: unknown }
    | { kind: 'latency'; ms: number }
    | { kind: 'drop' }
    | { kind: 'hang' }
    /** The request is acted on, then the connection is cut before the answer: the client cannot tell. */
    | { kind: 'lost' }
    /** A visitors page served from `rows` earlier, as if that many rows were added above it since the last page. */
    | { kind: 'shift'; rows: number }
    | { kind: 'malformed' }
    | { kind: 'schema'; omit?: string[] }
  );

/** A registered fault as GET /__emulator/faults lists it. */
export type ActiveFault = FaultSpec & { id: string; remaining: number; afterRemaining: number };

export interface EmulatorInfo {
  baseUrl: string;
  projectId: string;
  syntheticProjectId: string;
  key: string;
  today: string;
}

export interface Usage {
  agentUses: Record<string, number>;
  analyticsRequests: number;
  /** Accepted preview triggers of the organisation in the last minute. */
  previewRequests: number;
}

export interface AdvanceResult {
  /** Emulator clock after the move. */
  now: string;
  /** Jobs that finished. */
  finished: string[];
  /** Status ids of the preview deployments that ended. */
  deployments: string[];
}

export type DeploymentPhase = 'queued' | 'in_progress' | 'success' | 'failure';

/** GET /v1/project/update-status/{statusId}, as the emulator answers it. */
export interface DeploymentWire {
  _id: string;
  projectId: string;
  createdAt: string;
  /** Only once the deployment ended. */
  endedAt?: string;
  status: DeploymentPhase;
  summary: string;
  logs: string[];
  subdomain: string;
  /** Only once deployed: pictures of the preview's home page. */
  screenshot?: string;
  screenshotLight?: string;
  screenshotDark?: string;
  author: { name: string } | null;
  commit: { sha: string; ref: string; message: string };
  source: 'api';
}

/** A deployment as GET /__emulator/previews lists it. */
export interface ControlPreview {
  statusId: string;
  projectId: string;
  branch: string;
  status: DeploymentPhase;
  previewUrl: string;
  subdomain: string;
  summary: string;
  logs: string[];
  commit: { sha: string; message: string };
  createdAt: string;
  endedAt: string | null;
  /** Emulator-clock ISO time of the next step (build start, then end); null once ended. */
  dueAt: string | null;
}
