// Reads the service's answers field by field: a missing or mistyped field throws a "malformed
// response" error that names it. Shared by the validators of every endpoint.
import * as l10n from '@vscode/l10n';
import { MalformedResponseError } from './errors';
import type { VisitorCounts } from './types';

export type Json = Record<string, unknown>;

/** What a field should have been, for the sentence that names it. */
export type Expected = 'object' | 'string' | 'stringOrNull' | 'count' | 'nonEmptyString' | 'date' | 'list' | 'boolean' | 'booleanOrNull';

/** The sentence for a field the service sent in another shape, whole for each shape. */
function unexpectedAnswer(field: string, expected: Expected): string {
  switch (expected) {
    case 'object':
      return l10n.t('The service sent an unexpected answer: "{0}" should be an object.', field);
    case 'string':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a string.', field);
    case 'stringOrNull':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a string or null.', field);
    case 'count':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a number of at least 0.', field);
    case 'nonEmptyString':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a non-empty string.', field);
    case 'date':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a date.', field);
    case 'list':
      return l10n.t('The service sent an unexpected answer: "{0}" should be a list.', field);
    case 'boolean':
      return l10n.t('The service sent an unexpected answer: "{0}" should be true or false.', field);
    case 'booleanOrNull':
      return l10n.t('The service sent an unexpected answer: "{0}" should be true, false or null.', field);
  }
}

export class Reader {
  constructor(private readonly status: number) {}

  fail(field: string, expected: Expected): never {
    throw new MalformedResponseError(unexpectedAnswer(field, expected), field, this.status);
  }

  object(value: unknown, field: string): Json {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return this.fail(field, 'object');
    }
    return value as Json;
  }

  string(obj: Json, key: string, field: string): string {
    const value = obj[key];
    return typeof value === 'string' ? value : this.fail(field, 'string');
  }

  /** null and absent are the same: both mean "not set". */
  optionalString(obj: Json, key: string, field: string): string | null {
    const value = obj[key];
    if (value === undefined || value === null) return null;
    return typeof value === 'string' ? value : this.fail(field, 'stringOrNull');
  }

  count(obj: Json, key: string, field: string): number {
    const value = obj[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : this.fail(field, 'count');
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
