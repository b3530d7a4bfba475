// Fault injection: tests register faults through the control API; each public request asks
// `take` which one (if any) applies to it. Faults are consumed in registration order.
import type { ActiveFault, FaultKind, FaultMatch, FaultSpec } from './types';

const KINDS: readonly FaultKind[] = ['status', 'latency', 'drop', 'hang', 'malformed', 'schema', 'lost', 'shift'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function countField(value: unknown, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}`);
  }
  return value;
}

/** Checks a control-API body and returns it as a typed spec, or throws a readable error. */
export function parseFaultSpec(body: unknown): FaultSpec {
  if (!isRecord(body)) throw new Error('fault must be a JSON object');
  const kind = body.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind as FaultKind)) {
    throw new Error(`kind must be one of ${KINDS.join(', ')}`);
  }
  const match = body.match;
  if (match !== undefined) {
    if (!isRecord(match)) throw new Error('match must be an object');
    for (const key of ['method', 'path'] as const) {
      if (match[key] !== undefined && typeof match[key] !== 'string') throw new Error(`match.${key} must be a string`);
    }
  }
  const common = {
    count: countField(body.count, 'count', 1, 1),
    after: countField(body.after, 'after', 0, 0),
    ...(match === undefined ? {} : { match: match as FaultMatch }),
  };
  switch (kind as FaultKind) {
    case 'status': {
      const status = body.status;
      if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
        throw new Error('status must be an integer from 200 to 599');
      }
      if (body.retryAfter !== undefined && typeof body.retryAfter !== 'string') throw new Error('retryAfter must be a string');
      return {
        ...common,
        kind: 'status',
        status,
        ...(typeof body.retryAfter === 'string' ? { retryAfter: body.retryAfter } : {}),
        ...(body.body === undefined ? {} : { body: body.body }),
      };
    }
    case 'latency':
      if (typeof body.ms !== 'number' || !Number.isFinite(body.ms) || body.ms < 0) throw new Error('ms must be a number of at least 0');
      return { ...common, kind: 'latency', ms: body.ms };
    case 'schema': {
      const omit = body.omit;
      if (omit !== undefined && !(Array.isArray(omit) && omit.every((f) => typeof f === 'string'))) {
        throw new Error('omit must be an array of field names');
      }
      return { ...common, kind: 'schema', ...(omit === undefined ? {} : { omit: omit }) };
    }
    case 'drop':
      return { ...common, kind: 'drop' };
    case 'hang':
      return { ...common, kind: 'hang' };
    case 'lost':
      return { ...common, kind: 'lost' };
    case 'shift':
      return { ...common, kind: 'shift', rows: countField(body.rows, 'rows', 1, 1) };
    case 'malformed':
      return { ...common, kind: 'malformed' };
  }
}

function matches(match: FaultMatch | undefined, method: string, decodedPath: string): boolean {
  if (match?.method !== undefined && match.method.toUpperCase() !== method.toUpperCase()) return false;
  return match?.path === undefined || decodedPath.includes(match.path);
}

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): string {
    const id = `fault-${this.nextId++}`;
    this.faults.push({ ...spec, id, remaining: spec.count ?? 1, afterRemaining: spec.after ?? 0 });
    return id;
  }

  /**
   * The fault for this request, consuming one use of it. A matching request counts towards
   * the `after` of every fault it passes on the way, so "fail the 3rd page" is
   * `{after: 2, match: {path: '/visitors'}}` whatever else is registered.
   */
  take(method: string, decodedPath: string): ActiveFault | undefined {
    for (const fault of this.faults) {
      if (!matches(fault.match, method, decodedPath)) continue;
      if (fault.afterRemaining > 0) {
        fault.afterRemaining--;
        continue;
      }
      fault.remaining--;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
      return { ...fault };
    }
    return undefined;
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }
}
