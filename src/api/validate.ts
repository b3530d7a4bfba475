// Run-time checks of the service's answers. Unknown fields are ignored; a missing or mistyped
// required field throws a "malformed response" error that names the field.
import { MalformedResponseError } from './errors';
import { type AgentJob, type JobStatus, type VisitorCounts, type VisitorRow, type VisitorsPage, knownJobStatuses } from './types';

type Json = Record<string, unknown>;

class Reader {
  constructor(private readonly status: number) {}

  fail(field: string, expected: string): never {
    throw new MalformedResponseError(`The service sent an unexpected answer: "${field}" should be ${expected}.`, field, this.status);
  }

  object(value: unknown, field: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return this.fail(field, 'an object');
    }
    return value as Json;
  }

  string(obj: Json, key: string, field: string): string {
    const value = obj[key];
    return typeof value === 'string' ? value : this.fail(field, 'a string');
  }

  /** null and absent are the same: both mean "not set". */
  optionalString(obj: Json, key: string, field: string): string | null {
    const value = obj[key];
    if (value === undefined || value === null) return null;
    return typeof value === 'string' ? value : this.fail(field, 'a string or null');
  }

  count(obj: Json, key: string, field: string): number {
    const value = obj[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : this.fail(field, 'a number of at least 0');
  }
}

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
  if (id === '') r.fail('id', 'a non-empty string');
  const createdAt = r.optionalString(job, 'createdAt', 'createdAt');
  if (createdAt !== null && Number.isNaN(Date.parse(createdAt))) r.fail('createdAt', 'a date');
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

function parseCounts(r: Reader, obj: Json, field: string): VisitorCounts {
  return {
    human: r.count(obj, 'human', `${field}.human`),
    ai: r.count(obj, 'ai', `${field}.ai`),
    total: r.count(obj, 'total', `${field}.total`),
  };
}

export function parseVisitorsPage(body: unknown, status: number): VisitorsPage {
  const r = new Reader(status);
  const page = r.object(body, 'response');
  const totals = parseCounts(r, r.object(page.totals, 'totals'), 'totals');
  if (!Array.isArray(page.visitors)) r.fail('visitors', 'a list');
  const visitors = (page.visitors as unknown[]).map((item, index): VisitorRow => {
    const field = `visitors[${index}]`;
    const row = r.object(item, field);
    return { path: r.string(row, 'path', `${field}.path`), ...parseCounts(r, row, field) };
  });
  if (typeof page.hasMore !== 'boolean') r.fail('hasMore', 'true or false');
  return { totals, visitors, hasMore: page.hasMore as boolean };
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
