// Run-time checks of the service's answers. Unknown fields are ignored; a missing or mistyped
// required field throws a "malformed response" error that names the field.
import {
  type AgentJob,
  type DeploymentState,
  type DeploymentStatus,
  type JobStatus,
  knownDeploymentStatuses,
  knownJobStatuses,
  type PreviewStarted,
  type VisitorRow,
  type VisitorsPage,
} from './types';

import { type Json, Reader } from './answer-reader';

function toJobStatus(raw: string): JobStatus {
  return (knownJobStatuses as readonly string[]).includes(raw) ? (raw as JobStatus) : 'unknown';
}

/**
 * The published schema marks no field of a job required; the extension needs only a non-empty
 * `id` and a `status`. Every other field defaults when missing or null; a field of the wrong
 * type is still an unexpected answer (the service is then not speaking this contract).
 */
export function parseAgentJob(body: unknown, status: number): AgentJob {
  const r = new Reader(status);
  const job = r.object(body, 'job');
  const source = job.source === undefined || job.source === null ? {} : r.object(job.source, 'source');
  const rawStatus = r.string(job, 'status', 'status');
  const id = r.string(job, 'id', 'id');
  if (id === '') r.fail('id', 'nonEmptyString');
  const createdAt = r.optionalString(job, 'createdAt', 'createdAt');
  if (createdAt !== null && Number.isNaN(Date.parse(createdAt))) r.fail('createdAt', 'date');
  return {
    id,
    status: toJobStatus(rawStatus),
    rawStatus,
    repository: r.optionalString(source, 'repository', 'source.repository') ?? '',
    ref: r.optionalString(source, 'ref', 'source.ref'),
    model: r.optionalString(job, 'model', 'model') ?? '',
    prLink: r.optionalString(job, 'prLink', 'prLink'),
    createdAt,
    archivedAt: r.optionalString(job, 'archivedAt', 'archivedAt'),
  };
}

export function parseVisitorsPage(body: unknown, status: number): VisitorsPage {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const totals = r.counts(r.object(page.totals, 'totals'), 'totals');
  if (!Array.isArray(page.visitors)) r.fail('visitors', 'list');
  const visitors = (page.visitors as unknown[]).map((item, index): VisitorRow => {
    const field = `visitors[${index}]`;
    const row = r.object(item, field);
    return { path: r.string(row, 'path', `${field}.path`), ...r.counts(row, field) };
  });
  if (typeof page.hasMore !== 'boolean') r.fail('hasMore', 'boolean');
  return { totals, visitors, hasMore: page.hasMore as boolean };
}

export function parsePreviewStarted(body: unknown, status: number): PreviewStarted {
  const r = new Reader(status);
  const started = r.object(body, 'response');
  const statusId = started.statusId;
  if (typeof statusId !== 'string' || statusId.trim() === '') return r.fail('statusId', 'nonEmptyString');
  return { statusId, previewUrl: r.optionalString(started, 'previewUrl', 'previewUrl') };
}

function toDeploymentStatus(raw: string): DeploymentStatus {
  return (knownDeploymentStatuses as readonly string[]).includes(raw) ? (raw as DeploymentStatus) : 'unknown';
}

/**
 * The published schema promises no field of a deployment's state, so every one defaults: the
 * id to the one asked about, an absent status to unknown, absent logs to none. A field of the
 * wrong type is still an unexpected answer, except single log lines, which are skipped.
 */
export function parseDeploymentState(body: unknown, status: number, askedId: string): DeploymentState {
  const r = new Reader(status);
  const state = r.object(body, 'deployment');
  const rawStatus = r.optionalString(state, 'status', 'status') ?? '';
  const logs = state.logs === undefined || state.logs === null ? [] : state.logs;
  if (!Array.isArray(logs)) r.fail('logs', 'list');
  const commit = state.commit === undefined || state.commit === null ? null : r.object(state.commit, 'commit');
  return {
    id: r.optionalString(state, '_id', '_id') || askedId,
    status: toDeploymentStatus(rawStatus),
    rawStatus,
    summary: r.optionalString(state, 'summary', 'summary'),
    logs: (logs as unknown[]).filter((line): line is string => typeof line === 'string'),
    createdAt: r.optionalString(state, 'createdAt', 'createdAt'),
    endedAt: r.optionalString(state, 'endedAt', 'endedAt'),
    commit: commit && {
      sha: r.optionalString(commit, 'sha', 'commit.sha'),
      ref: r.optionalString(commit, 'ref', 'commit.ref'),
      message: r.optionalString(commit, 'message', 'commit.message'),
    },
    subdomain: r.optionalString(state, 'subdomain', 'subdomain'),
  };
}

/** The error body's message and details, when the service sent the documented shape. */
export function parseErrorBody(body: unknown): { message?: string; details: string[] } {
  if (typeof body !== 'object' || body === null) return { details: [] };
  const obj = body as Json;
  const message = typeof obj.error === 'string' && obj.error.trim() !== '' ? obj.error : undefined;
  const details = Array.isArray(obj.details)
    ? obj.details.flatMap((d: unknown) =>
        typeof d === 'object' && d !== null && typeof (d as Json).message === 'string' ? [(d as Json).message as string] : [],
      )
    : [];
  return message === undefined ? { details } : { message, details };
}
