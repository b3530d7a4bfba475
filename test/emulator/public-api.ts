// The public routes of api-notes.md: route shape (404/405) first, then auth, then project,
// then validation, then rate limits, then the operation (previews: deployments-api.ts). Pure request -> Reply, so the
// server can wrap it with faults and the schema fault can strip the real body.
import type { JobStore } from './agent-jobs';
import { type AnalyticsEngine, parseVisitorsQuery } from './analytics';
import { authRefusal } from './auth';
import { deploymentStatus, type DeploymentsDeps, triggerPreview } from './deployments-api';
import { errorReply as error, isRecord, type JsonBody, type Reply } from './http-util';
import type { SlidingWindowLimiter } from './rate-limit';
import type { SignalData } from './signal-data';
import { signalAnswer } from './signals-api';
import { parseSignalQuery, type SignalExport } from './signals-query';
import type { VisitLog } from './visit-log';
import type { AuthOutcome } from './types';

export const MAX_PROMPT_LENGTH = 100_000;
/** Analytics requests share one organisation-wide window, and so do preview triggers. */
export const ORGANISATION = 'organisation';

export interface PublicRequest {
  method: string;
  /** Decoded path segments; segments[0] is '' for a path starting with '/'. */
  segments: string[];
  params: URLSearchParams;
  body: JsonBody;
  auth: AuthOutcome;
}

type Operation = 'create' | 'get' | 'followUp' | 'visitors' | 'signals' | 'preview' | 'deploymentStatus';
interface Route {
  op: Operation;
  signal?: SignalExport;
  allow: string;
  projectId: string;
  jobId: string;
}

function route(s: string[]): Route | null {
  if (s[0] !== '') return null;
  const [, version, area, projectId = '', resource, jobId = '', tail] = s;
  if (version === 'v2' && area === 'agent' && resource === 'job') {
    if (s.length === 5) return { op: 'create', allow: 'POST', projectId, jobId: '' };
    if (s.length === 6) return { op: 'get', allow: 'GET', projectId, jobId };
    if (s.length === 7 && tail === 'message') return { op: 'followUp', allow: 'POST', projectId, jobId };
  }
  if (version === 'v1' && area === 'analytics' && resource === 'visitors' && s.length === 5) {
    return { op: 'visitors', allow: 'GET', projectId, jobId: '' };
  }
  if (version === 'v1' && area === 'analytics') {
    const name =
      s.length === 6 && resource === 'feedback' && jobId === 'by-page' ? 'feedback/by-page' : s.length === 5 ? resource : undefined;
    if (name === 'feedback/by-page' || name === 'feedback' || name === 'searches' || name === 'assistant' || name === 'views')
      return { op: 'signals', signal: name, allow: 'GET', projectId, jobId: '' };
  }
  // `/v1/project/preview/{projectId}` and `/v1/project/update-status/{statusId}`.
  const [, , , kind = '', id = ''] = s;
  if (version === 'v1' && area === 'project' && s.length === 5) {
    if (kind === 'preview') return { op: 'preview', allow: 'POST', projectId: id, jobId: '' };
    if (kind === 'update-status') return { op: 'deploymentStatus', allow: 'GET', projectId: '', jobId: id };
  }
  return null;
}

/** The prompt, or a 400 reply. Whitespace-only is empty; length counts UTF-16 units. */
function promptOf(body: JsonBody): string | Reply {
  if (!body.ok) return error(400, 'Request body must be valid JSON');
  if (!isRecord(body.value)) return error(400, 'Request body must be a JSON object with a prompt');
  const prompt = body.value.prompt;
  if (typeof prompt !== 'string' || prompt.trim() === '') return error(400, 'prompt is required and must be a non-empty string');
  if (prompt.length > MAX_PROMPT_LENGTH) return error(400, `prompt must be at most ${MAX_PROMPT_LENGTH} characters`);
  return prompt;
}

export interface PublicApiDeps extends Omit<DeploymentsDeps, 'hasProject'> {
  jobs: JobStore;
  analytics: AnalyticsEngine;
  agentLimiter: SlidingWindowLimiter;
  analyticsLimiter: SlidingWindowLimiter;
  /** A project's reader signals and visit log, or undefined for an unknown project. */
  signals: (projectId: string) => { data: SignalData; log: VisitLog } | undefined;
}

export class PublicApi {
  private readonly deployments: DeploymentsDeps;

  constructor(private readonly deps: PublicApiDeps) {
    this.deployments = { ...deps, hasProject: (projectId) => deps.analytics.hasProject(projectId) };
  }

  handle(req: PublicRequest): Reply {
    const r = route(req.segments);
    if (!r) return error(404, 'Not found');
    if (req.method !== r.allow) return error(405, 'Method not allowed', { allow: r.allow });
    const refused = authRefusal(req.auth);
    if (refused) return refused;
    if (r.op === 'preview') return triggerPreview(this.deployments, r.projectId, req.body, ORGANISATION);
    if (r.op === 'deploymentStatus') return deploymentStatus(this.deployments, r.jobId);
    if (r.op === 'visitors' || r.op === 'signals') return this.analytics(r, req);
    return this.agent(r, req);
  }

  private agent(r: Route, req: PublicRequest): Reply {
    const { jobs, analytics, agentLimiter } = this.deps;
    if (!analytics.hasProject(r.projectId)) return error(404, 'Project not found');
    if (r.op === 'get') {
      const job = jobs.get(r.projectId, r.jobId);
      return job ? { status: 200, body: job } : error(404, 'Job not found');
    }
    const prompt = promptOf(req.body);
    if (typeof prompt !== 'string') return prompt;
    if (r.op === 'followUp' && !jobs.has(r.projectId, r.jobId)) return error(404, 'Job not found');
    // Counted only once accepted: a 400 or 404 costs the caller nothing.
    const admission = agentLimiter.take(r.projectId);
    if (!admission.ok) return error(429, 'Rate limit exceeded', { 'retry-after': String(admission.retryAfterSeconds) });
    if (r.op === 'create') return { status: 201, body: jobs.create(r.projectId, prompt) };
    return { status: 200, body: jobs.followUp(r.projectId, r.jobId, prompt) };
  }

  private analytics(r: Route, req: PublicRequest): Reply {
    const { analytics, analyticsLimiter } = this.deps;
    // Every authenticated request costs one, even a 400 or 404: the service meters calls.
    const admission = analyticsLimiter.take(ORGANISATION);
    if (!admission.ok) {
      return {
        status: 429,
        body: { error: 'Rate limit exceeded', details: [{ message: 'Analytics requests are limited per organisation per hour' }] },
        headers: { 'retry-after': String(admission.retryAfterSeconds) },
      };
    }
    if (!analytics.hasProject(r.projectId)) return error(404, 'Project not found');
    if (r.signal) {
      const parsed = parseSignalQuery(r.signal, req.params);
      if (!parsed.ok) return { status: 400, body: { error: 'Invalid query parameters', details: parsed.details } };
      const project = this.deps.signals(r.projectId);
      if (!project) return error(404, 'Project not found');
      return { status: 200, body: signalAnswer(r.signal, project.data, project.log, parsed.value, req.params) };
    }
    const parsed = parseVisitorsQuery(req.params);
    if (!parsed.ok) return { status: 400, body: { error: 'Invalid query parameters', details: parsed.details } };
    return { status: 200, body: analytics.page(r.projectId, parsed.value) };
  }
}
