// Reads the service's answers field by field: a missing or mistyped field throws a "malformed
// response" error that names it. Shared by the validators of every endpoint.
import { MalformedResponseError } from './errors';
import type { VisitorCounts } from './types';

export type Json = Record<string, unknown>;

export class Reader {
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

  /** Human, AI and total counts (visitors or views). */
  counts(obj: Json, field: string): VisitorCounts {
    return {
      human: this.count(obj, 'human', `${field}.human`),
      ai: this.count(obj, 'ai', `${field}.ai`),
      total: this.count(obj, 'total', `${field}.total`),
    };
  }
}
